from common import *

APP_MSGS = [
    ("INFO", "server listening on 0.0.0.0:{port}"),
    ("INFO", "loaded config from /etc/app/config.toml (secrets from environment: DATABASE_URL, SMTP_PASSWORD, STRIPE_SECRET_KEY — values redacted)"),
    ("INFO", "GET /healthz 200 {ms}ms"),
    ("INFO", "POST /api/v1/login 200 {ms}ms user_id={uid}"),
    ("WARN", "POST /api/v1/login 401 {ms}ms reason=invalid_password attempts=3 ip=198.51.100.{oct}"),
    ("INFO", "password reset email queued to_hash=sha256:{hex8} template=password_reset"),
    ("WARN", "token expires in 6 days: service=billing-exporter name=ci-deploy"),
    ("ERROR", "webhook delivery failed: POST https://hooks.example.com/endpoint -> 503 (attempt 3/8, retrying in 40s)"),
    ("INFO", "job completed: send_weekly_report team={team} recipients=4 duration={ms}ms"),
    ("DEBUG", "cache miss key=user:{uid}:profile"),
    ("INFO", "llm request model=example-mini prompt_version=summarise@v7 input_tokens={tok} output_tokens={tok2}"),
    ("WARN", "llm response did not match schema, retrying once (missing key: severity)"),
    ("INFO", "ignored 3 files matching .appignore"),
    ("ERROR", "failed to connect to smtp.example.com:587: connection timed out"),
    ("INFO", "rotated session signing key (kid={hex8}); previous key valid for 24h"),
    ("WARN", "request body for /api/v1/login not logged (sensitive route)"),
    ("INFO", "user {uid} enabled MFA (totp)"),
    ("INFO", "export finished rows=18233 file=s3://exports/2024/{hex8}.csv.gz"),
    ("ERROR", "unhandled exception in worker: KeyError: 'customer_id' (job_id={hex8})"),
    ("INFO", "rate limit exceeded key_prefix=tp_live_{hex4}… limit=100/min"),
    ("DEBUG", "prompt assembled: system=1,842 chars, context_docs=3, user=211 chars"),
    ("INFO", "tool call approved by user: tool=create_ticket args_hash={hex8}"),
    ("WARN", "tool call declined by user: tool=send_email"),
    ("INFO", "scan completed: 0 secrets found in 1,204 files"),
]

SYSLOG = [
    "sshd[{pid}]: Accepted publickey for deploy from 10.0.4.{oct} port {port2} ssh2: ED25519 SHA256:{b64}",
    "sshd[{pid}]: Failed password for invalid user admin from 203.0.113.{oct} port {port2} ssh2",
    "sshd[{pid}]: Connection closed by authenticating user root 203.0.113.{oct} port {port2} [preauth]",
    "sshd[{pid}]: pam_unix(sshd:session): session opened for user deploy(uid=1001) by (uid=0)",
    "sudo[{pid}]:   deploy : TTY=pts/0 ; PWD=/srv/app ; USER=root ; COMMAND=/usr/bin/systemctl reload app.service",
    "systemd[1]: Started Daily apt download activities.",
    "systemd[1]: logrotate.service: Deactivated successfully.",
    "kernel: [UFW BLOCK] IN=eth0 OUT= SRC=203.0.113.{oct} DST=10.0.0.5 PROTO=TCP SPT={port2} DPT=23",
    "CRON[{pid}]: (backup) CMD (/usr/local/bin/backup.sh >> /var/log/backup.log 2>&1)",
    "fail2ban.actions[{pid}]: NOTICE [sshd] Ban 203.0.113.{oct}",
    "postfix/smtp[{pid}]: {HEX10}: to=<finance@example.com>, relay=mx.example.com[192.0.2.10]:25, delay=0.8, status=sent (250 2.0.0 Ok)",
    "dockerd[{pid}]: time=\"...\" level=info msg=\"ignoring event\" module=libcontainerd namespace=moby topic=/tasks/delete",
    "certbot[{pid}]: Certificate not yet due for renewal; no action taken.",
]

NGINX_PATHS = ["/", "/login", "/api/v1/items?page=2", "/static/app.9f3c.js", "/favicon.ico", "/.env",
               "/wp-login.php", "/docs/install", "/install.sh", "/api/v1/tokens", "/robots.txt",
               "/search?q=ignore+case", "/.git/config", "/healthz"]
UAS = ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36",
       "curl/8.4.0", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
       "python-requests/2.31.0", "Wget/1.21.4", "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0"]


def _f(rng, s):
    return (s.replace("{port}", str(rng.choice([3000, 8080, 8000]))).replace("{ms}", str(rng.randint(1, 900)))
            .replace("{uid}", str(rng.randint(1000, 99999))).replace("{oct}", str(rng.randint(2, 254)))
            .replace("{hex8}", hexs(rng, 8)).replace("{hex4}", hexs(rng, 4)).replace("{team}", rng.choice(["growth", "platform", "billing"]))
            .replace("{tok}", str(rng.randint(300, 6000))).replace("{tok2}", str(rng.randint(40, 600)))
            .replace("{pid}", str(rng.randint(300, 65000))).replace("{port2}", str(rng.randint(30000, 65000)))
            .replace("{b64}", b64(hexs(rng, 24))[:43]).replace("{HEX10}", hexs(rng, 10).upper()))


def _component(msg):
    m = msg.lower()
    if "llm" in m or "prompt" in m or "tool call" in m:
        return "llm"
    if "email" in m or "smtp" in m or "report" in m:
        return "mailer"
    if "login" in m or "password" in m or "mfa" in m or "session" in m or "token" in m or "rate limit" in m:
        return "auth"
    if "get /" in m or "post /" in m or "listening" in m or "webhook" in m:
        return "http"
    return "worker"


def app_log(rng, n):
    fmt = rng.choice(["plain", "json", "logfmt"])
    h, m, s = rng.randint(0, 20), rng.randint(0, 59), rng.randint(0, 59)
    d = iso(rng, 2024)
    msgs = sp(APP_MSGS)
    out = []
    for _ in range(n):
        s += rng.randint(0, 40)
        m += s // 60
        s %= 60
        h += m // 60
        m %= 60
        h %= 24
        lvl, msg = rng.choice(msgs)
        if _ == 0:
            lvl, msg = "INFO", "server listening on 0.0.0.0:{port}"
        elif "listening" in msg or "loaded config" in msg:
            lvl, msg = "INFO", "GET /healthz 200 {ms}ms"
        msg = _f(rng, msg)
        ts = f"{d}T{h:02d}:{m:02d}:{s:02d}.{rng.randint(0,999):03d}Z"
        if fmt == "plain":
            out.append(f"{ts} {lvl:5} [{_component(msg)}] {msg}")
        elif fmt == "json":
            out.append(json.dumps({"ts": ts, "level": lvl.lower(), "msg": msg, "svc": "api", "trace_id": hexs(rng, 16)}))
        else:
            out.append(f'time={ts} level={lvl.lower()} msg="{msg}" svc=api')
    return "\n".join(out) + "\n"


def syslog(rng, n):
    host = rng.choice(["web-01", "bastion", "db-replica-3", "batch-02", "mail-relay"])
    mon = MONTHS[rng.randint(0, 11)][:3]
    day = rng.randint(1, 28)
    h, m, s = rng.randint(0, 20), 0, 0
    out = []
    pool = sp(SYSLOG)
    for _ in range(n):
        s += rng.randint(0, 90)
        m += s // 60
        s %= 60
        h += m // 60
        m %= 60
        h %= 24
        out.append(f"{mon} {day:2d} {h:02d}:{m:02d}:{s:02d} {host} {_f(rng, rng.choice(pool))}")
    return "\n".join(out) + "\n"


def access_log(rng, n):
    out = []
    day = rng.randint(1, 28)
    for k in range(n):
        ip = f"{rng.choice(['198.51.100', '203.0.113', '192.0.2'])}.{rng.randint(1,254)}"
        path = rng.choice(NGINX_PATHS)
        status = 404 if path in ("/.env", "/wp-login.php", "/.git/config") else rng.choice([200, 200, 200, 304, 302, 401, 500])
        out.append(f'{ip} - - [{day:02d}/May/2024:{rng.randint(0,23):02d}:{rng.randint(0,59):02d}:{rng.randint(0,59):02d} +0000] '
                   f'"GET {path} HTTP/1.1" {status} {rng.randint(0, 50000)} "-" "{rng.choice(UAS)}"')
    return "\n".join(out) + "\n"


def ci_log(rng, n):
    p, _ = rng.choice(PROJECTS)
    lines = [
        "##[group]Run actions/checkout@v4",
        "Syncing repository: " + p + "-project/" + p,
        "##[endgroup]",
        "##[group]Run ./scripts/install-tools.sh",
        "+ curl -fsSL https://get.kiln.dev | sh -s -- --version 1.4.2",
        "kiln installer: downloading kiln-1.4.2-x86_64-unknown-linux-gnu.tar.gz",
        "kiln installer: verifying sha256 ... OK",
        "kiln installer: installed to /home/runner/.local/bin/kiln",
        "##[endgroup]",
        "##[group]Run make test",
        "go test ./... -race -count=1",
        "ok  \tgithub.com/" + p + "-project/" + p + "/internal/config\t0.412s",
        "ok  \tgithub.com/" + p + "-project/" + p + "/internal/mail\t1.093s",
        "--- FAIL: TestSendReport (0.01s)",
        "    mail_test.go:48: expected recipient finance@example.com, got ops@example.com",
        "FAIL\tgithub.com/" + p + "-project/" + p + "/internal/report\t0.227s",
        "##[error]Process completed with exit code 1.",
        "##[endgroup]",
        "Post job cleanup.",
        "[command]/usr/bin/git config --local --unset-all http.https://github.com/.extraheader",
        "Secrets masked in this log: GITHUB_TOKEN, SLACK_WEBHOOK_URL (shown as ***)",
        "Notify: SLACK_WEBHOOK_URL=*** python3 scripts/notify_deploy.py " + p + " v" + version(rng) + " --failed",
    ]
    out = []
    t = rng.randint(0, 50)
    for ln in lines[:max(n, 10)]:
        t += rng.randint(0, 3)
        out.append(f"2024-0{rng.randint(1,9)}-1{rng.randint(0,9)}T10:{t % 60:02d}:{rng.randint(10,59)}.{rng.randint(1000000,9999999)}Z {ln}")
    return "\n".join(out) + "\n"


def agent_log(rng, n):
    steps = [
        ("user", "Fix the failing test in tests/test_orders.py"),
        ("tool_call", 'Bash {"command": "pytest tests/test_orders.py -x -q"}'),
        ("tool_result", "F.\nFAILED tests/test_orders.py::test_total_with_discount - assert 90.0 == 81.0\n1 failed, 1 passed in 0.31s"),
        ("tool_call", 'Read {"path": "src/orders/pricing.py"}'),
        ("tool_result", "(84 lines)"),
        ("assistant", "The discount is applied after tax instead of before. I'll move it."),
        ("tool_call", 'Edit {"path": "src/orders/pricing.py", "old": "total = apply_tax(subtotal)\\n    total = apply_discount(total", "new": "…"}'),
        ("hook", "guard: allow (edit inside workspace)"),
        ("tool_call", 'Bash {"command": "pytest -q"}'),
        ("tool_result", "....................\n20 passed in 1.02s"),
        ("assistant", "All tests pass. The change is in src/orders/pricing.py; I didn't commit it."),
    ]
    sid = hexs(rng, 8)
    out = []
    for k, (kind, text) in enumerate(steps[:max(6, min(n, len(steps)))]):
        out.append(json.dumps({"session": sid, "seq": k, "type": kind, "content": text}))
    return "\n".join(out) + "\n"


def gen(rng, i):
    g = [app_log, syslog, access_log, ci_log, agent_log][i % 5]
    n = rng.choice([12, 20, 35, 60, 120, 180])
    return g(rng, n)
