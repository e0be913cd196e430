"""Entries: one key/value (or command, or key block) placed into a document.

An entry has a kind:
  line  - single-line value (token, URL, connection string)
  block - multi-line PEM private key
  sa    - GCP service-account JSON (pretty in `disp`, single-line in `compact`)
  cmd   - a command line carrying a password/token flag
and `secrets`: list of (family, value) where value is a substring of disp.
"""
import json

from values import camelize

FAMILIES = [
    "aws-access-key-id", "aws-secret-access-key", "gcp-api-key", "gcp-service-account-private-key",
    "azure-storage-key", "github-token", "github-fine-grained-pat", "gitlab-token", "slack-token",
    "slack-webhook", "discord-webhook", "telegram-bot-token", "stripe-key", "openai-api-key",
    "anthropic-api-key", "huggingface-token", "npm-token", "pypi-token", "private-key", "jwt",
    "db-url-password", "generic-assignment", "password-flag",
]


def E(kind, env, disp, secrets, key=None, camel=None, fam=None, **kw):
    key = key or env.lower()
    d = {"kind": kind, "env": env, "key": key, "camel": camel or camelize(key), "disp": disp,
         "secrets": list(secrets), "fam": fam}
    d.update(kw)
    return d


def make_entry(g, fam):
    c = g.c
    if fam == "aws-access-key-id":
        v = g.aws_id()
        return E("line", "AWS_ACCESS_KEY_ID", v, [(fam, v)], camel="accessKeyId", fam=fam)
    if fam == "aws-secret-access-key":
        v = g.aws_secret()
        return E("line", "AWS_SECRET_ACCESS_KEY", v, [(fam, v)], camel=c(["secretAccessKey", "SecretAccessKey"]), fam=fam)
    if fam == "gcp-api-key":
        v = g.gcp_key()
        env = c(["GOOGLE_API_KEY", "GOOGLE_MAPS_API_KEY", "GEMINI_API_KEY", "YOUTUBE_API_KEY", "FIREBASE_API_KEY",
                 "GCP_API_KEY", "PLACES_API_KEY"])
        return E("line", env, v, [(fam, v)], fam=fam)
    if fam == "azure-storage-key":
        v = g.azure_key()
        acct = g.word() + g.c(["store", "prod", "data", "blobs", "sa"]) + str(g.n(1, 99))
        disp = f"DefaultEndpointsProtocol=https;AccountName={acct};AccountKey={v};EndpointSuffix=core.windows.net"
        env = c(["AZURE_STORAGE_CONNECTION_STRING", "AzureWebJobsStorage", "STORAGE_CONNECTION_STRING", "BLOB_CONNECTION"])
        return E("line", env, disp, [(fam, v)], key=c(["storage_connection_string", "connection_string", "azure_storage"]),
                 fam=fam, account=acct)
    if fam == "github-token":
        v = g.gh_token()
        env = c(["GITHUB_TOKEN", "GH_TOKEN", "GITHUB_PAT", "GH_PAT", "GITHUB_ACCESS_TOKEN"])
        return E("line", env, v, [(fam, v)], fam=fam)
    if fam == "github-fine-grained-pat":
        v = g.gh_pat()
        env = c(["GITHUB_TOKEN", "GH_TOKEN", "GITHUB_PAT", "RELEASE_TOKEN", "GH_FINE_GRAINED_TOKEN"])
        return E("line", env, v, [(fam, v)], fam=fam)
    if fam == "gitlab-token":
        v = g.gitlab()
        env = c(["GITLAB_TOKEN", "GITLAB_PRIVATE_TOKEN", "GL_TOKEN", "GITLAB_API_TOKEN"])
        return E("line", env, v, [(fam, v)], fam=fam)
    if fam == "slack-token":
        v = g.slack_token()
        env = c(["SLACK_BOT_TOKEN", "SLACK_TOKEN", "SLACK_API_TOKEN"]) if v.startswith("xoxb") else c(["SLACK_USER_TOKEN", "SLACK_TOKEN", "SLACK_APP_TOKEN"])
        return E("line", env, v, [(fam, v)], fam=fam)
    if fam == "slack-webhook":
        v = g.slack_hook()
        return E("line", c(["SLACK_WEBHOOK_URL", "SLACK_WEBHOOK", "ALERTS_WEBHOOK_URL", "SLACK_HOOK"]), v, [(fam, v)], fam=fam)
    if fam == "discord-webhook":
        v = g.discord_hook()
        return E("line", c(["DISCORD_WEBHOOK_URL", "DISCORD_WEBHOOK", "NOTIFY_WEBHOOK"]), v, [(fam, v)], fam=fam)
    if fam == "telegram-bot-token":
        v = g.telegram()
        return E("line", c(["TELEGRAM_BOT_TOKEN", "TG_BOT_TOKEN", "TELEGRAM_TOKEN", "BOT_TOKEN"]), v, [(fam, v)], fam=fam)
    if fam == "stripe-key":
        v = g.stripe()
        env = "STRIPE_RESTRICTED_KEY" if v.startswith("rk_") else c(["STRIPE_SECRET_KEY", "STRIPE_API_KEY", "STRIPE_KEY"])
        return E("line", env, v, [(fam, v)], fam=fam)
    if fam == "openai-api-key":
        v = g.openai()
        return E("line", c(["OPENAI_API_KEY", "OPENAI_API_KEY", "OPENAI_KEY", "LLM_API_KEY"]), v, [(fam, v)], fam=fam)
    if fam == "anthropic-api-key":
        v = g.anthropic()
        return E("line", c(["ANTHROPIC_API_KEY", "ANTHROPIC_API_KEY", "CLAUDE_API_KEY"]), v, [(fam, v)], fam=fam)
    if fam == "huggingface-token":
        v = g.hf()
        return E("line", c(["HF_TOKEN", "HUGGINGFACE_HUB_TOKEN", "HUGGING_FACE_HUB_TOKEN", "HF_API_TOKEN"]), v, [(fam, v)], fam=fam)
    if fam == "npm-token":
        v = g.npm()
        return E("line", c(["NPM_TOKEN", "NODE_AUTH_TOKEN", "NPM_AUTH_TOKEN"]), v, [(fam, v)], fam=fam)
    if fam == "pypi-token":
        v = g.pypi()
        return E("line", c(["PYPI_TOKEN", "PYPI_API_TOKEN", "TWINE_PASSWORD"]), v, [(fam, v)], fam=fam)
    if fam == "jwt":
        v = g.jwt()
        return E("line", c(["ACCESS_TOKEN", "AUTH_TOKEN", "SERVICE_TOKEN", "API_JWT", "BEARER_TOKEN", "ID_TOKEN"]), v, [(fam, v)], fam=fam)
    if fam == "db-url-password":
        pw = g.db_password()
        scheme = c(["postgres", "postgresql", "mysql", "mongodb+srv", "redis", "rediss", "amqp", "amqps", "postgresql+psycopg2", "mysql+pymysql"])
        user = c([g.user(), g.app().replace("-", "_"), "admin", "app", "svc_" + g.word(), "root"])
        db = g.app().replace("-", "_")
        if scheme.startswith("postgres"):
            disp = f"{scheme}://{user}:{pw}@{g.host()}:5432/{db}" + c(["", "?sslmode=require", ""])
            env = c(["DATABASE_URL", "POSTGRES_URL", "DB_URL", "SQLALCHEMY_DATABASE_URI"])
        elif scheme.startswith("mysql"):
            disp = f"{scheme}://{user}:{pw}@{g.host()}:3306/{db}"
            env = c(["DATABASE_URL", "MYSQL_URL", "DB_DSN"])
        elif scheme == "mongodb+srv":
            disp = f"mongodb+srv://{user}:{pw}@cluster0.{g.s('abcdefghijklmnopqrstuvwxyz0123456789', 5)}.mongodb.net/{db}?retryWrites=true&w=majority"
            env = c(["MONGODB_URI", "MONGO_URL", "MONGO_URI"])
        elif scheme.startswith("redis"):
            u = c(["", "default", user])
            disp = f"{scheme}://{u}:{pw}@{g.word()}-cache.{g.domain()}:{c(['6379', '6380', '25061'])}/{g.n(0, 3)}"
            env = c(["REDIS_URL", "CACHE_URL", "CELERY_RESULT_BACKEND"])
        else:
            disp = f"{scheme}://{user}:{pw}@{g.word()}-mq.{g.domain()}:{5671 if scheme == 'amqps' else 5672}/{c(['', '%2F', g.word()])}"
            env = c(["AMQP_URL", "CELERY_BROKER_URL", "RABBITMQ_URL", "BROKER_URL"])
        return E("line", env, disp, [(fam, pw)], fam=fam)
    if fam == "generic-assignment":
        v = g.generic_secret()
        env = c(["API_KEY", "SECRET_KEY", "CLIENT_SECRET", "APP_SECRET", "WEBHOOK_SECRET", "ENCRYPTION_KEY", "DB_PASSWORD",
                 "AUTH_TOKEN", "SESSION_SECRET", "JWT_SECRET", "MAILGUN_API_KEY", "DATADOG_API_KEY", "ADMIN_PASSWORD",
                 "OAUTH_CLIENT_SECRET", "SIGNING_SECRET", "ALGOLIA_ADMIN_KEY", "REDIS_PASSWORD", "MINIO_SECRET_KEY",
                 "PASSWORD", "SECRET", "TOKEN", "API_TOKEN", "POSTGRES_PASSWORD", "NEXTAUTH_SECRET", "SECRET_KEY_BASE",
                 "SMTP_PASSWORD", "COOKIE_SECRET", "PAYPAL_CLIENT_SECRET"])
        return E("line", env, v, [(fam, v)], fam=fam)
    if fam == "private-key":
        v = g.private_key()
        label = v.split("\n", 1)[0]
        env = c(["SSH_PRIVATE_KEY", "DEPLOY_KEY", "PRIVATE_KEY", "JWT_PRIVATE_KEY", "SIGNING_KEY", "TLS_KEY", "APP_PRIVATE_KEY"])
        if "OPENSSH" in label:
            env = c(["SSH_PRIVATE_KEY", "DEPLOY_KEY", "SSH_KEY"])
        return E("block", env, v, [(fam, v)], fam=fam)
    if fam == "gcp-service-account-private-key":
        d, secret = g.gcp_sa()
        env = c(["GOOGLE_CREDENTIALS", "GCP_SA_KEY", "GOOGLE_APPLICATION_CREDENTIALS_JSON", "GCP_SERVICE_ACCOUNT",
                 "FIREBASE_SERVICE_ACCOUNT"])
        return E("sa", env, json.dumps(d, indent=2), [(fam, secret)], fam=fam, compact=json.dumps(d), obj=d)
    if fam == "password-flag":
        return make_cmd(g)
    raise KeyError(fam)


def make_cmd(g, curl=False):
    """Command line with a password/token passed as a flag (family password-flag)."""
    c = g.c
    user = c([g.user(), "admin", "root", "deploy", "ci", "backup", "svc-" + g.word()])
    host = g.host()
    db = g.app().replace("-", "_")
    fam = "password-flag"
    if curl:
        k = c(["curl-u", "bearer", "bearer", "wget", "apikey-flag"])
    else:
        k = c(["mysql", "mysqldump", "docker", "redis", "curl-u", "bearer", "cli-token", "spring", "sqlcmd", "pkcs12",
               "kubectl", "helm", "az", "wget", "pgpassword", "mongosh", "ldap", "sshpass", "rabbit", "cli-token"])
    if k in ("bearer", "cli-token", "apikey-flag"):
        pw = g.opaque_token()
    elif k == "az":
        pw = g.u(lambda: g.s("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 3) + "8Q~"
                 + g.s("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789~_.-", 34))
    else:
        pw = g.password()
    path = c(["v1/reports/export", "api/v2/deployments", "admin/api/users", "v1/jobs", "api/health/deep"])
    cmds = {
        "mysql": f"mysql -h {host} -u {user} -p{pw} {db}",
        "mysqldump": f"mysqldump --user={user} --password={pw} --single-transaction {db} > {db}-{g.date()}.sql",
        "docker": c([f"docker login -u {user} -p {pw} registry.{g.domain()}",
                     f"docker login registry.{g.domain()} --username {user} --password {pw}"]),
        "redis": f"redis-cli -h {g.word()}-cache.{g.domain()} -p 6379 -a {pw} --no-auth-warning INFO keyspace",
        "curl-u": f"curl -fsS -u {user}:{pw} https://{g.word()}.{g.domain()}/{path}",
        "bearer": f"curl -sS -H \"Authorization: Bearer {pw}\" https://api.{g.domain()}/{path}",
        "cli-token": c([f"vercel deploy --prod --token {pw}", f"netlify deploy --prod --auth {pw}",
                        f"sentry-cli --auth-token {pw} releases new {g.semver()}",
                        f"./bin/{g.app()} sync --api-token={pw} --region {g.region()}",
                        f"{g.word()}ctl login --token {pw} --endpoint https://{g.word()}.{g.domain()}"]),
        "apikey-flag": f"curl -sS https://{g.word()}.{g.domain()}/{path} --header \"X-Auth-Token: {pw}\"",
        "spring": f"java -jar {g.app()}.jar --spring.datasource.username={user} --spring.datasource.password={pw}",
        "sqlcmd": f"sqlcmd -S {host},1433 -U sa -P {pw} -d {db} -i migrations/{g.n(100, 400)}_init.sql",
        "pkcs12": f"openssl pkcs12 -export -in tls.crt -inkey tls.key -out {g.app()}.p12 -passout pass:{pw}",
        "kubectl": f"kubectl -n {g.word()} create secret generic {g.app()}-db --from-literal=username={user} --from-literal=password={pw}",
        "helm": f"helm upgrade --install {g.app()} ./charts/{g.app()} --set postgresql.auth.password={pw} --set image.tag={g.semver()}",
        "az": f"az login --service-principal -u {g.uuid()} -p {pw} --tenant {g.uuid()}",
        "wget": f"wget --user={user} --password={pw} https://{g.word()}.{g.domain()}/backups/latest.tar.gz",
        "pgpassword": f"PGPASSWORD={pw} psql -h {host} -U {user} -d {db} -c \"select count(*) from orders\"",
        "mongosh": f"mongosh \"mongodb://{host}:27017/{db}\" --username {user} --password {pw} --authenticationDatabase admin",
        "ldap": f"ldapsearch -x -H ldaps://ldap.{g.domain()} -D \"cn=admin,dc={g.word()},dc=com\" -w {pw} -b \"ou=people,dc={g.word()},dc=com\"",
        "sshpass": f"sshpass -p {pw} ssh -o StrictHostKeyChecking=no {user}@{g.ip()} uptime",
        "rabbit": f"rabbitmqadmin -H {g.word()}-mq.{g.domain()} -u {user} -p {pw} list queues name messages",
    }
    cmd = cmds[k]
    assert pw in cmd and "'" not in cmd
    return E("cmd", "CMD", cmd, [(fam, pw)], fam=fam)


def filler(g):
    c = g.c
    opts = [
        ("NODE_ENV", c(["production", "staging", "development"])), ("PORT", str(c([3000, 8080, 8000, 5000, 4000]))),
        ("LOG_LEVEL", c(["info", "debug", "warn"])), ("APP_NAME", g.app()), ("AWS_REGION", g.region()),
        ("S3_BUCKET", f"{g.org()}-{g.word()}-{c(['assets', 'uploads', 'backups'])}"), ("TIMEOUT_MS", str(c([5000, 30000, 15000]))),
        ("CACHE_TTL", str(c([60, 300, 3600]))), ("MAX_WORKERS", str(g.n(2, 16))), ("SMTP_HOST", f"smtp.{g.domain()}"),
        ("SMTP_PORT", c(["587", "465", "25"])), ("FEATURE_NEW_CHECKOUT", c(["true", "false"])),
        ("PUBLIC_URL", f"https://{g.word()}.{g.domain()}"), ("SENTRY_ENVIRONMENT", c(["production", "staging"])),
        ("DB_HOST", g.host()), ("DB_PORT", "5432"), ("DB_NAME", g.app().replace("-", "_")), ("DB_USER", g.user()),
        ("REDIS_HOST", f"{g.word()}-cache"), ("QUEUE_NAME", f"{g.word()}-jobs"), ("TZ", c(["UTC", "Europe/Berlin", "America/New_York"])),
        ("RATE_LIMIT_PER_MIN", str(c([60, 120, 600]))), ("CORS_ORIGINS", f"https://{g.domain()},https://app.{g.domain()}"),
        ("OTEL_EXPORTER_OTLP_ENDPOINT", f"http://otel-collector:{c(['4317', '4318'])}"), ("WEB_CONCURRENCY", str(g.n(1, 8))),
    ]
    k, v = c(opts)
    return E("line", k, v, [])


def decoy(g):
    """A non-secret value that looks like it might be one (placed next to real secrets)."""
    c = g.c
    opts = [
        lambda: (c(["SENTRY_RELEASE", "GIT_SHA", "BUILD_COMMIT", "SOURCE_VERSION"]), g.sha1()),
        lambda: (c(["TENANT_ID", "AZURE_CLIENT_ID", "REQUEST_ID", "INSTANCE_ID", "PROJECT_UUID"]), g.uuid()),
        lambda: ("STRIPE_PUBLISHABLE_KEY", g.pk_live()),
        lambda: (c(["IMAGE_DIGEST", "BASE_IMAGE_DIGEST"]), "sha256:" + g.sha256()),
        lambda: (c(["API_KEY", "LEGACY_API_KEY"]), c(["your-api-key-here", "<YOUR_API_KEY>", "changeme", "${API_KEY}"])),
        lambda: (c(["GITHUB_TOKEN", "GH_TOKEN"]), c(["${GITHUB_TOKEN}", "${{ secrets.GITHUB_TOKEN }}", "<TOKEN>", "$GITHUB_TOKEN"])),
        lambda: (c(["ADMIN_PASSWORD", "DB_PASSWORD_LOCAL"]), c(["********", "changeme", "password", "admin"])),
        lambda: ("STRIPE_TEST_KEY", c(["sk_test_XXXXXXXXXXXXXXXXXXXXXXXX", "sk_test_...", "sk_test_your_key"])),
        lambda: ("DATABASE_URL_LOCAL", c(["postgres://localhost:5432/app_dev", "postgresql://postgres@localhost/test",
                                          "mysql://root@127.0.0.1:3306/dev"])),
        lambda: (c(["ASSET_HASH", "CSS_HASH"]), g.hexs(c([8, 20]))),
        lambda: ("GOOGLE_CLIENT_ID", g.google_client_id()),
        lambda: ("AWS_ACCOUNT_ID", g.digits(12)),
        lambda: ("PASSWORD_MIN_LENGTH", str(c([8, 12, 14]))),
        lambda: (c(["TEST_TOKEN", "MOCK_API_KEY"]), c(["test", "dummy", "fake-token", "abc123"])),
        lambda: ("TRACE_SAMPLE_ID", g.hexs(32)),
        lambda: ("CHECKSUM_SHA256", g.sha256()),
        lambda: ("AWS_EXAMPLE_KEY_ID", "AKIAIOSFODNN7EXAMPLE"),
        lambda: ("SLACK_CHANNEL_ID", "C" + g.s("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 10)),
        lambda: ("KMS_KEY_ARN", f"arn:aws:kms:{g.region()}:{g.digits(12)}:key/{g.uuid()}"),
    ]
    k, v = c(opts)()
    return E("line", k, v, [])
