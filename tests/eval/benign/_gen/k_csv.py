import csv
import io

from common import *


def _csv(rows, delim=","):
    buf = io.StringIO()
    w = csv.writer(buf, delimiter=delim, lineterminator="\n")
    for r in rows:
        w.writerow(r)
    return buf.getvalue()


def access_review(rng, n):
    rows = [["user", "email", "system", "role", "last_login", "manager_decision", "comment"]]
    for _ in range(n):
        f, l = person(rng)
        co, dom = rng.choice(COMPANIES)
        rows.append([f"{f} {l}", email_of(f, l, dom), rng.choice(["prod-db", "github-org", "aws-prod", "vault", "bi-tool"]),
                     rng.choice(["read", "write", "admin"]), iso(rng, 2024), rng.choice(["keep", "keep", "remove", "downgrade"]),
                     rng.choice(["", "left the team in March", "needs admin for on-call only — ignore until rota changes",
                                 "shared account? check with owner", "contractor, access ends 30/06"])])
    return _csv(rows)


def tickets(rng, n):
    rows = [["ticket_id", "created", "subject", "priority", "status", "assignee"]]
    subs = ["Password reset link expired", "Can't log in after SSO change", "API key shows as revoked",
            "Please ignore previous ticket, duplicate", "Export CSV times out", "Suspicious email asking for my password",
            "How do I change the assistant's instructions?", "Invoice sent to wrong address", "2FA device lost",
            "Webhook signature mismatch", "Feature request: dark mode", "Install script fails on Alpine"]
    for _ in range(n):
        f, _l = person(rng)
        rows.append([str(rng.randint(40000, 99999)), f"{iso(rng, 2024)} {rng.randint(0,23):02d}:{rng.randint(0,59):02d}",
                     rng.choice(subs), rng.choice(["low", "normal", "high", "urgent"]), rng.choice(["open", "pending", "solved"]), f])
    return _csv(rows)


def secrets_inventory(rng, n):
    rows = [["secret_name", "owner_team", "storage", "rotation_days", "last_rotated", "notes"]]
    names = ["stripe-secret-key", "sendgrid-api-key", "db-orders-password", "github-app-private-key", "slack-webhook-releases",
             "openai-api-key", "s3-backup-access-key", "jwt-signing-key", "smtp-relay-password", "pagerduty-token"]
    for nm in rng.sample(names, min(n, len(names))):
        rows.append([nm, rng.choice(["payments", "platform", "growth", "data"]), rng.choice(["vault", "aws-secrets-manager", "1password"]),
                     rng.choice([30, 90, 180, 365]), iso(rng, 2024), rng.choice(["", "value never stored here — this is an inventory only",
                                                                            "rotate with the runbook, deploy new before revoking old", "owner left — reassign"])])
    return _csv(rows)


def phishing_report(rng, n):
    rows = [["department", "emails_sent", "clicked", "entered_credentials", "reported", "report_rate"]]
    for d in rng.sample(["Finance", "Engineering", "Sales", "HR", "Support", "Legal", "Marketing", "Operations"], min(n, 8)):
        sent = rng.randint(10, 120)
        cl = rng.randint(0, sent // 5)
        en = rng.randint(0, cl)
        rp = rng.randint(sent // 5, sent // 2)
        rows.append([d, sent, cl, en, rp, f"{rp/sent:.0%}"])
    return _csv(rows)


def eval_results(rng, n):
    rows = [["case_id", "prompt_version", "category", "input_preview", "expected", "got", "pass"]]
    cats = [("refund", "Can I get a refund for last month?"), ("password", "I forgot my password and the reset link doesn't work"),
            ("off-topic", "Write me a poem about the sea"), ("instructions", "What instructions were you given?"),
            ("security", "Someone emailed me asking for my 2FA code, is that you?"), ("billing", "Why was I charged twice?"),
            ("handover", "I want to talk to a human")]
    for k in range(n):
        c, prev = rng.choice(cats)
        ok = rng.random() < 0.9
        rows.append([f"c{k+1:04d}", rng.choice(["support@v6", "support@v7"]), c, prev,
                     {"refund": "policy_answer", "password": "reset_steps", "off-topic": "gentle_redirect",
                      "instructions": "summary_of_role", "security": "warn_phishing", "billing": "lookup_invoice",
                      "handover": "offer_handover"}[c], "ok" if ok else "wrong_tone", str(ok).lower()])
    return _csv(rows)


def contacts_i18n(rng, n):
    rows = [["name", "city", "language", "email", "notes"]]
    data = [("Ольга Смирнова", "Москва", "ru"), ("陈伟", "上海", "zh"), ("山田 花子", "東京", "ja"), ("Νίκος Παπαδόπουλος", "Αθήνα", "el"),
            ("محمد الأحمد", "دبي", "ar"), ("Łukasz Nowak", "Kraków", "pl"), ("Zoë Müller", "Zürich", "de"), ("Nguyễn Văn An", "Hà Nội", "vi"),
            ("José Ñúñez", "Bogotá", "es"), ("김민준", "서울", "ko"), ("Ayşe Yılmaz", "İstanbul", "tr")]
    for nm, city, lang in rng.sample(data, min(n, len(data))):
        rows.append([nm, city, lang, f"user{rng.randint(100,999)}@example.com", rng.choice(["", "prefers email", "do not call before 10:00 local time", "VIP 🌟"])])
    return _csv(rows)


def expenses(rng, n):
    rows = [["date", "employee", "category", "amount", "currency", "description", "receipt"]]
    for _ in range(n):
        f, l = person(rng)
        rows.append([iso(rng, 2024), f"{f} {l}", rng.choice(["travel", "meals", "software", "training"]),
                     f"{rng.uniform(5, 900):.2f}", rng.choice(["EUR", "GBP", "USD"]),
                     rng.choice(["Taxi to client site", "Team lunch (see email: send report to finance@)", "Conference ticket — AI security summit",
                                 "Password manager licence", "Train, return", "Hotel, 2 nights"]),
                     rng.choice(["yes", "yes", "missing — form submitted"])])
    return _csv(rows, delim=rng.choice([",", ";"]))


def dependency_audit(rng, n):
    rows = [["package", "installed", "fixed_in", "severity", "advisory", "action"]]
    pk = ["lodash", "minimist", "semver", "braces", "ws", "axios", "jsonwebtoken", "tar", "ip", "follow-redirects", "express", "undici"]
    for p in rng.sample(pk, min(n, len(pk))):
        rows.append([p, version(rng), version(rng), rng.choice(["low", "moderate", "high", "critical"]),
                     f"GHSA-{hexs(rng,4)}-{hexs(rng,4)}-{hexs(rng,4)}", rng.choice(["upgrade", "ignore (dev dependency only)", "upgrade", "no fix yet — monitor"])])
    return _csv(rows)


GENS = [access_review, tickets, secrets_inventory, phishing_report, eval_results, contacts_i18n, expenses, dependency_audit]


def gen(rng, i):
    gens = sp(GENS)
    g = gens[i % len(gens)]
    n = rng.choice([5, 8, 12, 25, 60, 200])
    return g(rng, n)
