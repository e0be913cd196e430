"""Benign holdout: log files (procedural; one generator per document)."""
import json

from common import hexs, alnum, people, handle

DOC_IPS = ["192.0.2", "198.51.100", "203.0.113"]


def ip(r):
    return f"{r.choice(DOC_IPS)}.{r.randint(2, 254)}"


class Clock:
    def __init__(self, r, h=None):
        self.r = r
        self.t = (h if h is not None else r.randint(0, 20)) * 3600 + r.randint(0, 3599)

    def __call__(self, step=90):
        self.t += self.r.randint(1, step)
        s = self.t % 86400
        return f"{s // 3600:02d}:{s % 3600 // 60:02d}:{s % 60:02d}"


def l_nginx(r):
    c = Clock(r)
    day = f"{r.randint(1, 28):02d}/{r.choice(['Mar', 'Jul', 'Oct'])}/2025"
    paths = [("GET", "/", 200), ("GET", "/assets/app.css", 200), ("GET", "/.env", 404), ("GET", "/wp-login.php", 404),
             ("POST", "/api/login", 401), ("POST", "/api/login", 200), ("GET", "/.git/config", 404),
             ("GET", "/api/orders?page=2", 200), ("GET", "/robots.txt", 200), ("GET", "/admin", 302)]
    uas = ["Mozilla/5.0 (Windows NT 10.0; Win64; x64)", "curl/8.5.0", "python-requests/2.32.3", "Go-http-client/1.1",
           "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5)"]
    out = []
    for _ in range(r.randint(30, 260)):
        m, p, s = r.choice(paths)
        out.append(f'{ip(r)} - - [{day}:{c(40)} +0000] "{m} {p} HTTP/1.1" {s} {r.randint(150, 40000)} "-" "{r.choice(uas)}"')
    return "\n".join(out) + "\n"


def l_auth(r):
    c = Clock(r)
    host = r.choice(["bastion-1", "web-02", "vpn-gw"])
    mon = r.choice(["Feb", "May", "Aug"])
    d = r.randint(1, 28)
    out = []
    for _ in range(r.randint(20, 140)):
        kind = r.random()
        pid = r.randint(1000, 60000)
        if kind < 0.55:
            out.append(f"{mon} {d:2d} {c(30)} {host} sshd[{pid}]: Failed password for invalid user {r.choice(['admin', 'test', 'oracle', 'ubuntu', 'git'])} from {ip(r)} port {r.randint(30000, 65000)} ssh2")
        elif kind < 0.7:
            out.append(f"{mon} {d:2d} {c(30)} {host} sshd[{pid}]: Accepted publickey for deploy from {ip(r)} port {r.randint(30000, 65000)} ssh2: ED25519 SHA256:{alnum(r, 43)}")
        elif kind < 0.85:
            out.append(f"{mon} {d:2d} {c(30)} {host} fail2ban.actions[{r.randint(400, 900)}]: NOTICE  [sshd] Ban {ip(r)}")
        else:
            out.append(f"{mon} {d:2d} {c(30)} {host} sudo: deploy : TTY=pts/0 ; PWD=/home/deploy ; USER=root ; COMMAND=/usr/bin/systemctl restart app")
    return "\n".join(out) + "\n"


def l_llm_service(r):
    base = 1735000000 + r.randint(0, 8000000)
    out = []
    for k in range(r.randint(10, 16)):
        ev = r.choice(["completion", "completion", "tool_call", "retrieval"])
        rec = {"ts": base + k * r.randint(1, 30), "level": "info", "svc": "support-assistant", "req": alnum(r, 12), "event": ev}
        if ev == "completion":
            rec.update({"model": "assistant-small", "prompt_tokens": r.randint(400, 3000), "completion_tokens": r.randint(30, 400), "latency_ms": r.randint(300, 5000)})
        elif ev == "tool_call":
            rec.update({"tool": r.choice(["search_kb", "lookup_order", "draft_reply"]), "approval": r.choice(["auto", "auto", "user_approved"]), "ok": True})
        else:
            rec.update({"index": "help-centre", "k": 4, "top_score": round(r.uniform(0.4, 0.9), 3)})
        out.append(json.dumps(rec))
    return "\n".join(out) + "\n"


def l_agent_audit(r):
    c = Clock(r, 9)
    d = f"2025-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}"
    rows = [
        ("read_file", "src/billing/invoice.py", "auto", "ok"),
        ("run_shell", "pytest tests/billing -q", "allow-list", "exit=0"),
        ("read_file", "README.md", "auto", "ok"),
        ("run_shell", "curl -fsSL https://get.tool.example | sh", "asked user", "DENIED by user"),
        ("edit_file", "src/billing/invoice.py (+12 -3)", "asked user", "approved"),
        ("run_shell", "git diff --stat", "allow-list", "exit=0"),
        ("web_fetch", "https://docs.python.org/3/library/decimal.html", "asked user", "approved"),
        ("run_shell", "git commit -m 'Round invoice totals half-even'", "asked user", "approved"),
    ]
    out = [f"# agent session {alnum(r, 10)} · workspace billing-service · user {handle(people(r, 1)[0])}"]
    for tool, arg, mode, res in rows:
        out.append(f"{d}T{c(120)}Z tool={tool:<10} arg={json.dumps(arg)} approval={json.dumps(mode)} result={json.dumps(res)}")
    return "\n".join(out) + "\n"


def l_journal(r):
    c = Clock(r)
    mon, d = r.choice(["Jan", "Apr", "Sep"]), r.randint(1, 28)
    lines = [
        "systemd[1]: Starting invoice-worker.service - Invoice PDF worker...",
        "invoice-worker[{pid}]: loading config from /etc/invoice-worker/config.toml",
        "invoice-worker[{pid}]: environment: DATABASE_URL=<set> S3_BUCKET=<set> SMTP_PASSWORD=<set> (values hidden)",
        "invoice-worker[{pid}]: connected to postgres (pool=8)",
        "systemd[1]: Started invoice-worker.service - Invoice PDF worker.",
        "invoice-worker[{pid}]: rendered 41 invoices in 3.8s",
        "invoice-worker[{pid}]: WARN font 'Inter' missing glyph U+20B9, falling back",
        "invoice-worker[{pid}]: rendered 12 invoices in 1.1s",
    ]
    pid = r.randint(2000, 90000)
    return "\n".join(f"{mon} {d:02d} {c(40)} app-3 " + ln.replace("{pid}", str(pid)) for ln in lines) + "\n"


def l_postgres(r):
    c = Clock(r)
    d = f"2025-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}"
    lines = [
        "LOG:  checkpoint starting: time",
        "LOG:  checkpoint complete: wrote 1843 buffers (11.2%); 0 WAL file(s) added, 1 removed",
        f'FATAL:  password authentication failed for user "report_ro"',
        'DETAIL:  Connection matched file "/etc/postgresql/16/main/pg_hba.conf" line 102: "host all all 10.0.0.0/8 scram-sha-256"',
        f"LOG:  duration: {r.randint(1200, 9000)}.{r.randint(100, 999)} ms  statement: SELECT * FROM events WHERE payload->>'type' = 'refund' ORDER BY created_at DESC",
        "LOG:  automatic vacuum of table \"app.public.sessions\": index scans: 1",
        "ERROR:  duplicate key value violates unique constraint \"users_email_key\"",
        "DETAIL:  Key (email)=(<redacted>) already exists.",
    ]
    return "\n".join(f"{d} {c(60)}.{r.randint(100, 999)} UTC [{r.randint(1000, 9000)}] " + ln for ln in lines) + "\n"


def l_ci(r):
    c = Clock(r)
    d = f"2025-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}"
    lines = [
        "##[group]Run actions/checkout@v4", "##[endgroup]",
        "##[group]Run ./scripts/deploy.sh staging",
        "deploy: using registry token ***",
        "deploy: logging in to registry.example.com as ci-bot",
        "Login Succeeded",
        "deploy: pushing image registry.example.com/web:" + hexs(r, 7),
        "deploy: kubectl set image deployment/web web=registry.example.com/web:" + hexs(r, 7),
        "deployment.apps/web image updated",
        "deploy: waiting for rollout",
        'deployment "web" successfully rolled out',
        "##[endgroup]",
        "Post job cleanup.",
    ]
    return "\n".join(f"{d}T{c(20)}.{r.randint(1000000, 9999999)}Z {ln}" for ln in lines) + "\n"


def l_k8s(r):
    rows = [("Normal", "Scheduled", "Successfully assigned prod/web-{h} to node-{n}"),
            ("Normal", "Pulled", "Container image \"registry.example.com/web:1.9.2\" already present on machine"),
            ("Normal", "Created", "Created container web"),
            ("Warning", "BackOff", "Back-off restarting failed container web in pod web-{h}"),
            ("Warning", "Failed", "Error: secret \"web-env\" not found"),
            ("Normal", "Killing", "Stopping container web"),
            ("Normal", "SuccessfulCreate", "Created pod: web-{h}")]
    out = ["LAST SEEN   TYPE      REASON             OBJECT              MESSAGE"]
    for t, reason, msg in rows:
        out.append(f"{r.randint(1, 50)}m{'':<8}{t:<10}{reason:<19}pod/web-{hexs(r, 5):<13}{msg.replace('{h}', hexs(r, 5)).replace('{n}', alnum(r, 4))}")
    return "\n".join(out) + "\n"


def l_backup(r):
    c = Clock(r, 2)
    d = f"2025-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}"
    lines = ["backup: start", "backup: snapshot of /srv/data (zfs tank/data@nightly)",
             f"backup: sending {r.randint(2, 90)} GiB to offsite (ssh, key backup_ed25519)",
             "backup: encryption: gpg recipient backups@ops (public key only on this host)",
             "backup: upload complete", "backup: pruning remote copies older than 30 days (3 removed)",
             "backup: verify: restored 20 random files to /tmp/verify, checksums OK", "backup: done"]
    return "\n".join(f"[{d} {c(300)}] {ln}" for ln in lines) + "\n"


def l_traceback(r):
    c = Clock(r)
    d = f"2025-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}"
    return f"""{d} {c()} INFO  [web] GET /reports/42 200 81ms
{d} {c()} ERROR [web] unhandled exception on POST /reports/export
Traceback (most recent call last):
  File "/app/reports/views.py", line 118, in export
    path = exporter.run(report, fmt=request.form["format"])
  File "/app/reports/exporter.py", line 54, in run
    raise ValueError(f"unsupported format: {{fmt!r}}")
ValueError: unsupported format: 'xlsx '
{d} {c()} INFO  [web] POST /reports/export 500 12ms
{d} {c()} INFO  [web] GET /healthz 200 1ms
"""


def l_apache(r):
    c = Clock(r)
    lines = [
        f"[{r.choice(['Mon', 'Wed', 'Sat'])} Jun {r.randint(1, 28):02d} {c()}.{r.randint(100000, 999999)} 2025] [authz_core:error] [pid {r.randint(1000, 9000)}] [client {ip(r)}:{r.randint(30000, 65000)}] AH01630: client denied by server configuration: /var/www/html/.htpasswd",
        f"[Sat Jun 07 {c()}.{r.randint(100000, 999999)} 2025] [php:warn] [pid {r.randint(1000, 9000)}] [client {ip(r)}] PHP Warning:  Undefined array key \"ref\" in /var/www/html/track.php on line 12",
        f"[Sat Jun 07 {c()}.{r.randint(100000, 999999)} 2025] [ssl:warn] [pid {r.randint(1000, 9000)}] AH01909: www.example.org:443:0 server certificate does NOT include an ID which matches the server name",
        f"[Sat Jun 07 {c()}.{r.randint(100000, 999999)} 2025] [mpm_event:notice] [pid 911] AH00489: Apache/2.4.62 (Debian) configured -- resuming normal operations",
    ]
    return "\n".join(lines) + "\n"


def l_postfix(r):
    c = Clock(r)
    mon, d = r.choice(["Mar", "Nov"]), r.randint(1, 28)
    out = []
    for _ in range(r.randint(10, 60)):
        qid = alnum(r, 10).upper()
        k = r.random()
        if k < 0.4:
            out.append(f"{mon} {d:2d} {c(20)} mx1 postfix/smtpd[{r.randint(1000, 9000)}]: NOQUEUE: reject: RCPT from unknown[{ip(r)}]: 554 5.7.1 Service unavailable; Client host blocked using zen.spamhaus.org")
        elif k < 0.8:
            out.append(f"{mon} {d:2d} {c(20)} mx1 postfix/smtp[{r.randint(1000, 9000)}]: {qid}: to=<{handle(people(r, 1)[0])}@partner.example>, relay=mx.partner.example[{ip(r)}]:25, delay=0.9, dsn=2.0.0, status=sent (250 2.0.0 OK)")
        else:
            out.append(f"{mon} {d:2d} {c(20)} mx1 postfix/cleanup[{r.randint(1000, 9000)}]: {qid}: milter-reject: END-OF-MESSAGE from unknown[{ip(r)}]: 5.7.1 Message rejected: attachment type .iso not allowed")
    return "\n".join(out) + "\n"


def l_redis(r):
    pid = r.randint(1, 90)
    return f"""{pid}:C 12 May 2025 03:11:04.120 * oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo
{pid}:C 12 May 2025 03:11:04.120 * Redis version=7.2.5, bits=64, commit=00000000, modified=0, pid={pid}, just started
{pid}:M 12 May 2025 03:11:04.122 * Running mode=standalone, port=6379.
{pid}:M 12 May 2025 03:11:04.123 # WARNING Memory overcommit must be enabled! Without it, a background save or replication may fail under low memory condition.
{pid}:M 12 May 2025 03:11:04.130 * DB loaded from disk: 0.412 seconds
{pid}:M 12 May 2025 03:11:04.130 * Ready to accept connections tcp
{pid}:M 12 May 2025 04:00:01.004 * 100 changes in 300 seconds. Saving...
{pid}:M 12 May 2025 04:00:01.212 * Background saving terminated with success
"""


def l_waf(r):
    c = Clock(r)
    d = f"2025-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}"
    out = []
    rules = [("942100", "SQL Injection Attack Detected via libinjection", "/search?q=1%27%20OR%201%3D1--"),
             ("930120", "OS File Access Attempt", "/download?file=../../etc/passwd"),
             ("941100", "XSS Attack Detected via libinjection", "/comment?body=%3Cscript%3E"),
             ("913100", "Found User-Agent associated with security scanner", "/"),
             ("920350", "Host header is a numeric IP address", "/")]
    for _ in range(r.randint(8, 12)):
        rid, msg, uri = r.choice(rules)
        out.append(json.dumps({"time": f"{d}T{c(60)}Z", "client": ip(r), "rule_id": rid, "msg": msg, "uri": uri,
                               "action": r.choice(["blocked", "blocked", "logged"])}))
    return "\n".join(out) + "\n"


GENS = [l_nginx, l_auth, l_llm_service, l_agent_audit, l_journal, l_postgres, l_ci, l_k8s, l_backup,
        l_traceback, l_apache, l_postfix, l_redis, l_waf]


def gen(rng, i):
    return GENS[i % len(GENS)](rng)
