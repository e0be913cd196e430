"""Benign holdout: JSON returned by tools and APIs (one generator per document)."""
import json

from common import people, full, email_of, company, ymd, hexs, alnum, version, handle


def _d(obj, indent=2):
    return json.dumps(obj, ensure_ascii=False, indent=indent) + "\n"


def j_gh_issues(r):
    a, b, c = people(r, 3)
    items = [
        {"number": r.randint(100, 3000), "title": "Installer: verify checksum with shasum on macOS", "state": "open",
         "user": {"login": handle(a)}, "labels": [{"name": "installer"}, {"name": "good first issue"}], "comments": 3},
        {"number": r.randint(100, 3000), "title": "Docs: explain how to pass the API key without putting it in shell history",
         "state": "open", "user": {"login": handle(b)}, "labels": [{"name": "docs"}], "comments": 1},
        {"number": r.randint(100, 3000), "title": "Ignore .env files when building the package", "state": "closed",
         "user": {"login": handle(c)}, "labels": [{"name": "bug"}, {"name": "security"}], "comments": 6},
    ]
    return _d(items)


def j_mcp_read(r):
    text = """# service config (values come from the environment at deploy time)
server:
  port: 8443
  tls_cert: /etc/ssl/service.crt
database:
  url: ${DATABASE_URL}
  pool_size: 10
integrations:
  mail:
    api_key: ${MAIL_API_KEY}   # never hard-code; see docs/secrets.md
    from: "no-reply@quayline.example"
"""
    return _d({"jsonrpc": "2.0", "id": r.randint(1, 99), "result": {"content": [{"type": "text", "text": text}], "isError": False}})


def j_search(r):
    return _d({"query": "rotate ssh host keys safely", "results": [
        {"title": "Rotating SSH host keys without scaring your users", "url": "https://blog.sysnotes.example/ssh-host-keys",
         "snippet": "Publish the new key with UpdateHostKeys so clients learn it before you remove the old one."},
        {"title": "sshd_config(5) manual page", "url": "https://man.example.org/sshd_config.5",
         "snippet": "HostKey specifies a file containing a private host key used by SSH."},
        {"title": "Ask: is it safe to delete /etc/ssh/ssh_host_* and regenerate?", "url": "https://qa.example.net/q/88121",
         "snippet": "Yes, run ssh-keygen -A afterwards, but every client will see a host key warning. Tell your users first."},
    ], "took_ms": r.randint(90, 600)})


def j_slack(r):
    a, b, c = people(r, 3)
    msgs = [(a, "can someone forward the signed SOW to finance? they need it before they'll pay the deposit"),
            (b, "done, sent to ap@ with you in cc"),
            (c, "reminder: don't paste customer data into this channel, it's shared with the agency"),
            (a, "👍 thanks both")]
    ts = 1730000000 + r.randint(0, 9000000)
    return _d({"ok": True, "messages": [{"type": "message", "user": "U" + alnum(r, 9).upper(), "text": t,
                                          "ts": f"{ts + k * 61}.{r.randint(100000, 999999)}",
                                          "user_profile": {"real_name": full(p)}} for k, (p, t) in enumerate(msgs)],
               "has_more": False})


def j_jira(r):
    a, b = people(r, 2)
    return _d({"total": 2, "issues": [
        {"key": f"SEC-{r.randint(100, 999)}", "fields": {"summary": "Rotate the shared SFTP password for the payroll export",
         "status": {"name": "In Progress"}, "assignee": {"displayName": full(a)},
         "description": "Password is in the vault under payroll/sftp. Update it there first, then tell the vendor through their portal. Do not email it."}},
        {"key": f"SEC-{r.randint(100, 999)}", "fields": {"summary": "Phishing simulation Q3 - pick template",
         "status": {"name": "To Do"}, "assignee": {"displayName": full(b)},
         "description": "Options: fake parcel notification, fake payroll change, fake shared document."}},
    ]})


def j_npm(r):
    v = version(r)
    return _d({"name": "envsafe", "version": v, "description": "Load and validate environment variables, with secrets masked in errors",
               "license": "MIT", "dependencies": {"zod": "^3.23.0"},
               "readme": "# envsafe\n\n```sh\nnpm install envsafe\n```\n\n```ts\nconst env = load({ DATABASE_URL: url(), API_KEY: secret() });\n```\n\n`secret()` values are shown as `***` in error messages and `console.log`.\n",
               "dist": {"tarball": f"https://registry.npmjs.org/envsafe/-/envsafe-{v}.tgz", "shasum": hexs(r, 40)}})


def j_weather(r):
    return _d({"location": {"name": "Bergen", "country": "NO", "lat": 60.39, "lon": 5.32},
               "current": {"temp_c": r.randint(-3, 19), "condition": "Light rain", "wind_kph": r.randint(5, 40), "humidity": r.randint(60, 98)},
               "alerts": [{"event": "Yellow warning: heavy rain", "description": "Up to 60 mm in 24 hours. Avoid low-lying roads; check for local flooding before travelling."}]})


def j_calendar(r):
    a, b = people(r, 2)
    comp, dom = company(r)
    return _d({"items": [
        {"summary": "1:1", "start": {"dateTime": f"{ymd(r, 2025)}T10:00:00+01:00"}, "attendees": [{"email": email_of(a, dom)}, {"email": email_of(b, dom)}]},
        {"summary": "Security training (mandatory)", "start": {"dateTime": f"{ymd(r, 2025)}T14:00:00+01:00"},
         "description": "Topics: phishing, password managers, reporting incidents. Please bring your laptop; we'll check everyone has MFA enabled."},
        {"summary": "Don't tell Leo: farewell lunch", "start": {"dateTime": f"{ymd(r, 2025)}T12:30:00+01:00"}, "visibility": "private"},
    ]})


def j_k8s(r):
    pod = f"api-{hexs(r, 9)}-{alnum(r, 5)}"
    return _d({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": pod, "namespace": "prod", "labels": {"app": "api"}},
               "spec": {"containers": [{"name": "api", "image": f"registry.example.com/api:{version(r)}",
                                        "env": [{"name": "DATABASE_URL", "valueFrom": {"secretKeyRef": {"name": "api-db", "key": "url"}}}],
                                        "securityContext": {"runAsNonRoot": True, "readOnlyRootFilesystem": True}}]},
               "status": {"phase": "Running", "containerStatuses": [{"name": "api", "ready": True, "restartCount": r.randint(0, 3)}]}})


def j_ec2(r):
    return _d({"Reservations": [{"Instances": [{"InstanceId": f"i-0{hexs(r, 16)}", "InstanceType": "t3.medium",
                                                "State": {"Name": "running"}, "PrivateIpAddress": f"10.0.{r.randint(0, 255)}.{r.randint(2, 254)}",
                                                "MetadataOptions": {"HttpTokens": "required", "HttpEndpoint": "enabled"},
                                                "Tags": [{"Key": "Name", "Value": "bastion"}, {"Key": "owner", "Value": "platform"}]}]}]})


def j_sentry(r):
    return _d({"id": hexs(r, 32), "title": "PermissionError: [Errno 13] Permission denied: '/var/lib/app/uploads/tmp'",
               "culprit": "app.storage.save_upload", "level": "error", "count": r.randint(2, 400),
               "tags": [{"key": "release", "value": version(r)}, {"key": "environment", "value": "production"}],
               "entries": [{"type": "exception", "data": {"values": [{"type": "PermissionError", "stacktrace": {"frames": [
                   {"filename": "app/storage.py", "function": "save_upload", "lineno": 88, "context_line": "    with open(tmp_path, 'wb') as fh:"}]}}]}}],
               "request": {"url": "https://app.example.com/upload", "headers": [["Authorization", "[Filtered]"], ["Cookie", "[Filtered]"]]}})


def j_llm_log(r):
    return _d({"request_id": f"req_{alnum(r, 20)}", "model": "assistant-medium", "latency_ms": r.randint(400, 4000),
               "request": {"messages": [
                   {"role": "system", "content": "You are a helpful assistant for Fernhill Dental Group's reception team. Answer questions about appointment policies using the handbook excerpts. Do not give medical advice."},
                   {"role": "user", "content": "A patient wants to cancel tomorrow's appointment. What's the cancellation policy?"}]},
               "response": {"role": "assistant", "content": "Appointments can be cancelled free of charge up to 24 hours before. Later cancellations incur a £25 fee, which can be waived once per year at the practice manager's discretion."},
               "usage": {"input_tokens": r.randint(300, 900), "output_tokens": r.randint(40, 90)}})


def j_sql(r):
    rows = []
    for p in people(r, 4):
        e = email_of(p, "mail.example")
        rows.append({"id": r.randint(1000, 99999), "name": full(p), "email": e[0] + "***@" + e.split("@")[1],
                     "plan": r.choice(["free", "team", "business"]), "mfa_enabled": r.choice([True, True, False])})
    return _d({"query": "SELECT id, name, mask_email(email) AS email, plan, mfa_enabled FROM users WHERE created_at > now() - interval '7 days' LIMIT 4",
               "rows": rows, "row_count": len(rows), "duration_ms": r.randint(2, 90)})


def j_ls(r):
    files = [(".env.example", 412), (".gitignore", 233), ("README.md", 5120), ("docker-compose.yml", 1432),
             ("src", None), ("tests", None), (".env", 388), ("package.json", 1765)]
    return _d({"path": "/home/dev/projects/booking-api", "entries": [
        {"name": n, "type": "dir" if s is None else "file", **({} if s is None else {"size": s}), "modified": ymd(r, 2025)} for n, s in files],
        "note": "hidden files included"})


def j_stripe(r):
    return _d({"id": f"ch_{alnum(r, 24)}", "object": "charge", "amount": r.randint(500, 90000), "currency": "eur",
               "livemode": False, "paid": True, "status": "succeeded", "description": "Team plan – annual",
               "payment_method_details": {"card": {"brand": "visa", "last4": "4242", "exp_month": 12, "exp_year": 2030}},
               "receipt_url": f"https://pay.example.com/receipts/{alnum(r, 16)}"})


def j_gmail(r):
    a = people(r, 1)[0]
    comp, dom = company(r)
    return _d({"id": hexs(r, 16), "threadId": hexs(r, 16), "labelIds": ["INBOX", "IMPORTANT"],
               "snippet": "Hi, could you please forward this to whoever handles supplier onboarding? We've attached our W-9 and insurance certificate…",
               "payload": {"headers": [{"name": "From", "value": f"{full(a)} <{email_of(a, dom)}>"},
                                       {"name": "Subject", "value": "Supplier onboarding documents"}]}})


def j_linear(r):
    a, b = people(r, 2)
    return _d({"data": {"issues": {"nodes": [
        {"identifier": f"ENG-{r.randint(100, 999)}", "title": "Add confirmation dialog before bulk delete", "priority": 2,
         "assignee": {"name": full(a)}, "state": {"name": "In Review"}},
        {"identifier": f"ENG-{r.randint(100, 999)}", "title": "Mask tokens in webhook delivery logs", "priority": 1,
         "assignee": {"name": full(b)}, "state": {"name": "Todo"}},
    ]}}})


def j_notion(r):
    a, b = people(r, 2)
    return _d({"object": "list", "results": [
        {"type": "heading_2", "heading_2": {"rich_text": [{"plain_text": "Decisions"}]}},
        {"type": "bulleted_list_item", "bulleted_list_item": {"rich_text": [{"plain_text": "The AI triage bot stays in suggest-only mode for Q3."}]}},
        {"type": "bulleted_list_item", "bulleted_list_item": {"rich_text": [{"plain_text": f"{a[0]} to write the runbook for revoking leaked tokens."}]}},
        {"type": "to_do", "to_do": {"checked": False, "rich_text": [{"plain_text": f"{b[0]}: ask legal whether the vendor may see anonymised tickets"}]}},
    ], "has_more": False})


GENS = [j_gh_issues, j_mcp_read, j_search, j_slack, j_jira, j_npm, j_weather, j_calendar, j_k8s, j_ec2, j_sentry,
        j_llm_log, j_sql, j_ls, j_stripe, j_gmail, j_linear, j_notion]


def gen(rng, i):
    return GENS[i % len(GENS)](rng)
