"""Hard negatives: documents with no credential in them, but plenty of
high-entropy or credential-adjacent material (hashes, digests, UUIDs, public
keys, certificates, documented example keys, placeholders, variable
references, low-entropy passwords, credential-less URLs, prose about tokens).
"""
import base64
import json

from values import USERS, wrap


def neg_env_example(g):
    lines = ["# Copy to .env and fill in real values", "NODE_ENV=development", f"PORT={g.c([3000, 8080])}",
             "DATABASE_URL=postgres://localhost:5432/" + g.app().replace("-", "_"),
             f"REDIS_URL=redis://{g.c(['localhost', 'redis', '127.0.0.1'])}:6379/0",
             "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE", "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
             f"STRIPE_SECRET_KEY={g.c(['sk_test_XXXXXXXXXXXXXXXXXXXXXXXX', 'sk_test_...', 'sk_test_your_key_here'])}",
             f"OPENAI_API_KEY={g.c(['your-api-key-here', '<OPENAI_API_KEY>', 'sk-...'])}",
             f"GITHUB_TOKEN={g.c(['${GITHUB_TOKEN}', 'ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', '<TOKEN>'])}",
             f"SLACK_BOT_TOKEN={g.c(['xoxb-your-bot-token', 'xoxb-...', ''])}", "SESSION_SECRET=changeme",
             'ADMIN_PASSWORD="********"', f"SENTRY_DSN=", f"JWT_SECRET={g.c(['replace-me', 'secret', 'CHANGE_ME'])}",
             "API_KEY=$API_KEY", f"TELEGRAM_BOT_TOKEN={g.c(['123456789:your-token', '<bot-token>'])}"]
    g.shuffle(lines[1:])
    return ".env", "\n".join(lines) + "\n"


def neg_env_plain(g):
    lines = [f"# {g.app()} local development", "APP_ENV=local", f"APP_URL=http://localhost:{g.c([3000, 8000])}",
             "DB_CONNECTION=pgsql", "DB_HOST=127.0.0.1", "DB_PORT=5432", f"DB_DATABASE={g.app().replace('-', '_')}",
             "DB_USERNAME=postgres", "DB_PASSWORD=postgres", "CACHE_DRIVER=redis", "QUEUE_CONNECTION=sync",
             f"SENTRY_RELEASE={g.sha1()}", f"TENANT_ID={g.uuid()}", f"BUILD_ID={g.n(1000, 99999)}",
             f"ASSET_VERSION={g.hexs(8)}", f"MAIL_FROM_ADDRESS=noreply@{g.domain()}", "PASSWORD_MIN_LENGTH=12",
             f"AWS_DEFAULT_REGION={g.region()}", f"AWS_ROLE_ARN=arn:aws:iam::{g.digits(12)}:role/{g.word()}-deployer",
             f"OTEL_TRACE_ID_RATIO=0.{g.n(1, 9)}", "FEATURE_FLAGS=new_nav,beta_search", f"GIT_COMMIT_SHORT={g.hexs(7)}"]
    return ".env", "\n".join(lines) + "\n"


def neg_gha_workflow(g):
    t = ["name: CI", "", "on:", "  pull_request:", "  push:", "    branches: [main]", "", "permissions:", "  contents: read",
         "  id-token: write", "", "jobs:", "  test:", "    runs-on: ubuntu-latest", "    env:",
         "      GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}", "      NPM_TOKEN: ${{ secrets.NPM_TOKEN }}",
         "      DATABASE_URL: postgres://postgres:postgres@localhost:5432/test", "    services:", "      postgres:",
         "        image: postgres:16", "        env:", "          POSTGRES_PASSWORD: postgres", "    steps:",
         f"      - uses: actions/checkout@{g.sha1()} # v4.1.{g.n(1, 7)}",
         f"      - uses: actions/setup-node@{g.sha1()} # v4", "        with:", "          node-version: 20", "          cache: npm",
         f"      - uses: aws-actions/configure-aws-credentials@{g.sha1()} # v4", "        with:",
         f"          role-to-assume: arn:aws:iam::{g.digits(12)}:role/gha-{g.word()}", f"          aws-region: {g.region()}",
         "      - run: npm ci", "      - run: npm test -- --coverage",
         f"      - uses: actions/cache@{g.sha1()}", "        with:", "          path: ~/.npm",
         "          key: ${{ runner.os }}-node-${{ hashFiles('**/package-lock.json') }}"]
    return "yaml-config", "\n".join(t) + "\n"


def neg_yaml_app(g):
    t = [f"app:", f"  name: {g.app()}", f"  instance_id: {g.uuid()}", "database:", "  host: ${DB_HOST}", "  port: 5432",
         "  username: ${DB_USER}", "  password: ${DB_PASSWORD}", "auth:", "  jwt_secret: !env JWT_SECRET",
         "  token_ttl: 3600", "  password_policy:", "    min_length: 12", "    require_symbols: true",
         "integrations:", "  stripe:", "    secret_key: ${STRIPE_SECRET_KEY}",
         f"    publishable_key: {g.pk_live()}", "  slack:", "    token: \"<set in vault>\"",
         f"    channel: C{g.s('ABCDEFGHJKLMNPQRSTUVWXYZ0123456789', 10)}", "cache:",
         f"  key_prefix: {g.hexs(12)}", f"  build_hash: {g.sha1()}"]
    return "yaml-config", "\n".join(t) + "\n"


def neg_pnpm_lock(g):
    out = ["lockfileVersion: '9.0'", "", "settings:", "  autoInstallPeers: true", "", "packages:", ""]
    for name in g.sample(["lodash", "react", "react-dom", "zod", "axios", "chalk", "debug", "ms", "semver", "yaml", "ws", "tslib"], 5):
        out += [f"  {name}@{g.semver()}:", f"    resolution: {{integrity: {g.integrity()}}}", ""]
    return "yaml-config", "\n".join(out)


def neg_package_lock(g):
    pk = {}
    for name in g.sample(["lodash", "react", "zod", "axios", "chalk", "debug", "ms", "semver", "yaml", "ws", "tslib", "uuid", "commander"], 5):
        v = g.semver()
        pk[f"node_modules/{name}"] = {"version": v, "resolved": f"https://registry.npmjs.org/{name}/-/{name}-{v}.tgz",
                                      "integrity": g.integrity(), "license": "MIT"}
    doc = {"name": g.app(), "version": g.semver(), "lockfileVersion": 3, "requires": True,
           "packages": {"": {"name": g.app(), "version": g.semver()}, **pk}}
    return "json-config", json.dumps(doc, indent=2) + "\n"


def neg_appsettings(g):
    doc = {"Logging": {"LogLevel": {"Default": "Information"}},
           "AzureAd": {"Instance": "https://login.microsoftonline.com/", "TenantId": g.uuid(), "ClientId": g.uuid(),
                       "CallbackPath": "/signin-oidc"},
           "ConnectionStrings": {"Default": f"Server=(localdb)\\mssqllocaldb;Database={g.word()};Trusted_Connection=True;",
                                 "Storage": "UseDevelopmentStorage=true"},
           "ApplicationInsights": {"ConnectionString": f"InstrumentationKey={g.uuid()};IngestionEndpoint=https://{g.region()}.in.applicationinsights.azure.com/"},
           "KeyVault": {"Uri": f"https://{g.word()}-kv.vault.azure.net/", "SecretName": "ApiKey"},
           "Build": {"Commit": g.sha1(), "Number": g.n(100, 9999)}}
    return "json-config", json.dumps(doc, indent=2) + "\n"


def neg_docker_manifest(g):
    layers = [{"mediaType": "application/vnd.oci.image.layer.v1.tar+gzip", "digest": "sha256:" + g.sha256(), "size": g.n(1000, 90000000)}
              for _ in range(g.n(2, 5))]
    doc = {"schemaVersion": 2, "mediaType": "application/vnd.oci.image.manifest.v1+json",
           "config": {"mediaType": "application/vnd.oci.image.config.v1+json", "digest": "sha256:" + g.sha256(), "size": g.n(1000, 9000)},
           "layers": layers, "annotations": {"org.opencontainers.image.revision": g.sha1(),
                                             "org.opencontainers.image.source": f"https://github.com/{g.org()}/{g.app()}"}}
    return "json-config", json.dumps(doc, indent=2) + "\n"


def neg_python_env(g):
    t = ["import hashlib", "import os", "import uuid", "", "from openai import OpenAI", "",
         '# The key is read from the environment; never hard-code it.', 'client = OpenAI(api_key=os.environ["OPENAI_API_KEY"])',
         'STRIPE_KEY = os.getenv("STRIPE_SECRET_KEY")', 'HF_TOKEN = os.environ.get("HF_TOKEN", "")', "",
         f'NAMESPACE = uuid.UUID("{g.uuid()}")', "", "", "def test_digest():",
         f'    assert hashlib.sha256(b"{g.word()}").hexdigest() != "{g.sha256()}"',
         f'    assert hashlib.sha1(b"x").hexdigest() == "{g.sha1()}"[:0] + hashlib.sha1(b"x").hexdigest()', "", "",
         "def headers(token: str) -> dict:", '    return {"Authorization": f"Bearer {token}"}']
    return "python", "\n".join(t) + "\n"


def neg_python_tests(g):
    t = ["import pytest", "", "from app.auth import hash_password, verify", "", "",
         "@pytest.fixture", "def user():", f'    return {{"email": "{g.email()}", "password": "password", "api_key": "dummy"}}', "", "",
         "def test_login(client, user):", '    token = "test"', '    resp = client.post("/login", json=user)',
         "    assert resp.status_code == 200", "", "", "def test_password_rules():",
         '    # password must be at least 12 characters and contain a digit', '    assert not verify("short1")',
         f'    assert verify("{g.c(["correct horse battery", "hunter2hunter2"])}") is False', "", "",
         "def test_request_id(client):", f'    resp = client.get("/health", headers={{"X-Request-Id": "{g.uuid()}"}})',
         f'    assert resp.headers["ETag"] == \'"{g.hexs(32)}"\'']
    return "python", "\n".join(t) + "\n"


def neg_js_minified(g):
    ids = [g.s("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", 1) + g.s("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$", g.n(1, 2)) for _ in range(12)]
    chunks = {str(g.n(10, 999)): g.hexs(20) for _ in range(6)}
    t = (f'(self.webpackChunk{g.word()}=self.webpackChunk{g.word()}||[]).push([[{g.n(100, 999)}],{{{g.n(1000, 9999)}:function(e,t,n){{"use strict";'
         f'var {ids[0]}=n({g.n(1000, 9999)}),{ids[1]}=n.n({ids[0]});function {ids[2]}(e){{return e&&e.__esModule?e:{{default:e}}}}'
         f'const {ids[3]}="{g.b64(24)}",{ids[4]}={json.dumps(chunks)};t.Z=function(e){{var t=e.{ids[5]},n=(0,{ids[1]}.useState)(null);'
         f'return n[0]?{ids[1]}().createElement("div",{{className:"{g.s("abcdefghijklmnopqrstuvwxyz", 6)}_{g.hexs(5)}"}}):null}}}}}}]);\n'
         f'//# sourceMappingURL=main.{g.hexs(8)}.js.map\n')
    return "javascript", t


def neg_js_frontend(g):
    t = ["// Public, client-side config. Secret keys live on the server only.", "export const stripePublicKey =",
         f'  "{g.pk_live()}";', f'export const googleClientId = "{g.google_client_id()}";',
         f'export const sentryRelease = "{g.sha1()}";', "", "export async function api(path, token) {",
         "  const res = await fetch(`/api/${path}`, {", "    headers: { Authorization: `Bearer ${token}` },", "  });",
         "  if (!res.ok) throw new Error(`request ${res.headers.get(\"x-request-id\")} failed`);", "  return res.json();", "}", "",
         f'const CSP_NONCE_PLACEHOLDER = "{{{{nonce}}}}";', f'export const buildId = "{g.s("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-", 21)}";']
    return "javascript", "\n".join(t) + "\n"


def neg_shell_git(g):
    lines = ["git log --oneline -3", "git show --stat HEAD", f"git cherry-pick {g.hexs(7)}", f"git revert {g.sha1()}",
             f"git checkout {g.hexs(10)}", f"docker pull {g.org()}/{g.app()}@sha256:{g.sha256()}", "ssh-keygen -lf ~/.ssh/id_ed25519.pub",
             "cat ~/.ssh/id_ed25519.pub >> authorized_keys", f"sha256sum {g.app()}-{g.semver()}.tar.gz", "gpg --list-keys",
             f"git tag -s v{g.semver()} -m release", f"kubectl rollout undo deploy/{g.app()} --to-revision={g.n(2, 40)}",
             "export AWS_PROFILE=prod", "aws sts get-caller-identity", f"git clone https://{g.user()}@github.com/{g.org()}/{g.app()}.git",
             "psql postgres://localhost:5432/" + g.app().replace("-", "_"), "export GITHUB_TOKEN=$(gh auth token)", "read -s DB_PASSWORD",
             "echo $API_KEY | wc -c", "openssl rand -hex 32 > /tmp/key.hex"]
    n0 = g.n(200, 2000)
    sel = g.sample(lines, g.n(9, 14))
    return "shell-history", "\n".join(f"{n0 + i:5d}  {l}" for i, l in enumerate(sel)) + "\n"


def neg_terminal_keys(g):
    who = f"{g.user()}@{g.word()}"
    pub = g.ssh_pub_ed25519(who)
    out = [f"{who}:~$ ssh-keygen -t ed25519 -C \"{who}\"", "Generating public/private ed25519 key pair.",
           f"Your identification has been saved in /home/{who.split('@')[0]}/.ssh/id_ed25519",
           f"Your public key has been saved in /home/{who.split('@')[0]}/.ssh/id_ed25519.pub", "The key fingerprint is:",
           f"SHA256:{g.b64(32).rstrip('=')} {who}", f"{who}:~$ cat ~/.ssh/id_ed25519.pub", pub,
           f"{who}:~$ sha256sum release.tar.gz", f"{g.sha256()}  release.tar.gz", f"{who}:~$ git rev-parse HEAD", g.sha1(),
           f"{who}:~$ docker images --digests | head -3", "REPOSITORY   TAG   DIGEST   IMAGE ID",
           f"{g.org()}/{g.app()}   {g.semver()}   sha256:{g.sha256()}   {g.hexs(12)}", f"{who}:~$ uuidgen", g.uuid().upper()]
    return "shell-history", "\n".join(out) + "\n"


def neg_ci_masked(g):
    t0 = g.ts()[:19]
    k = [0]

    def ts():
        k[0] += g.n(1, 900)
        return f"{t0}.{k[0]:07d}Z "
    out = ["##[group]Run actions/checkout@" + g.sha1(), "with:", f"  repository: {g.org()}/{g.app()}", "  token: ***",
           "  ssh-strict: true", "##[endgroup]", f"Syncing repository: {g.org()}/{g.app()}",
           f"Checking out the ref", f"/usr/bin/git checkout --progress --force -B main refs/remotes/origin/main",
           f"HEAD is now at {g.hexs(7)} Merge pull request #{g.n(10, 3000)} from {g.org()}/{g.word()}",
           "##[group]Run npm publish", "env:", "  NODE_AUTH_TOKEN: ***", "  NPM_CONFIG_PROVENANCE: true", "##[endgroup]",
           f"Cache restored from key: Linux-node-{g.sha256()}", f"#12 writing image sha256:{g.sha256()} done",
           f"#12 naming to ghcr.io/{g.org()}/{g.app()}:{g.hexs(7)} done",
           f"{g.semver()}: digest: sha256:{g.sha256()} size: {g.n(1000, 3000)}",
           "Warning: The `set-output` command is deprecated", f"Artifact id {g.n(1000000, 9000000)} uploaded, sha256 {g.sha256()}"]
    return "ci-log", "\n".join(ts() + l for l in out) + "\n"


def neg_ci_pip(g):
    out = [f"$ pip install --require-hashes -r requirements.txt"]
    for name in g.sample(["requests", "urllib3", "idna", "certifi", "charset-normalizer", "pydantic", "fastapi", "uvicorn", "anyio"], 4):
        v = g.semver()
        out.append(f"Collecting {name}=={v} (from -r requirements.txt (line {g.n(1, 40)}))")
        out.append(f"  Downloading {name.replace('-', '_')}-{v}-py3-none-any.whl ({g.n(10, 900)} kB)")
        out.append(f"  --hash=sha256:{g.sha256()}")
    out += [f"Successfully installed {' '.join('pkg-' + g.semver() for _ in range(3))}",
            f"$ go mod download", f"go: downloading github.com/{g.org()}/{g.word()} v{g.semver()}",
            f"verifying github.com/{g.org()}/{g.word()}@v{g.semver()}: checksum {g.go_h1()}", "Job succeeded"]
    return "ci-log", "\n".join(out) + "\n"


def neg_compose(g):
    app = g.app()
    t = ["services:", f"  {app}:", f"    image: ghcr.io/{g.org()}/{app}@sha256:{g.sha256()}", "    environment:",
         "      DATABASE_URL: postgres://app:${POSTGRES_PASSWORD}@db:5432/app", "      REDIS_URL: redis://cache:6379/0",
         "      API_KEY: ${API_KEY:?set API_KEY}", "      SECRET_KEY_FILE: /run/secrets/secret_key", "    secrets:", "      - secret_key",
         "  db:", "    image: postgres:16-alpine", "    environment:", "      POSTGRES_PASSWORD_FILE: /run/secrets/db_password",
         "    healthcheck:", '      test: ["CMD-SHELL", "pg_isready -U app"]', "", "secrets:", "  secret_key:", "    file: ./secrets/secret_key.txt",
         "  db_password:", "    environment: POSTGRES_PASSWORD"]
    return "docker-compose", "\n".join(t) + "\n"


def neg_compose_local(g):
    t = ['version: "3.8"', "services:", "  db:", "    image: postgres:15", "    environment:", "      POSTGRES_USER: postgres",
         "      POSTGRES_PASSWORD: postgres", "      POSTGRES_HOST_AUTH_METHOD: trust", "    ports:", '      - "5432:5432"', "  mongo:",
         "    image: mongo:7", "    environment:", "      MONGO_INITDB_ROOT_USERNAME: root", "      MONGO_INITDB_ROOT_PASSWORD: example",
         "  minio:", "    image: minio/minio", "    environment:", "      MINIO_ROOT_USER: minioadmin", "      MINIO_ROOT_PASSWORD: minioadmin",
         "  app:", "    build: .", "    environment:", "      MONGO_URL: mongodb://mongo:27017/dev", "      S3_ENDPOINT: http://minio:9000",
         f"      INSTANCE_ID: {g.uuid()}"]
    return "docker-compose", "\n".join(t) + "\n"


def neg_k8s_deploy(g):
    app = g.app()
    t = ["apiVersion: apps/v1", "kind: Deployment", "metadata:", f"  name: {app}", f"  uid: {g.uuid()}",
         f"  resourceVersion: \"{g.n(100000, 9999999)}\"", "  annotations:", f"    deployment.kubernetes.io/revision: \"{g.n(1, 40)}\"",
         f"    checksum/config: {g.sha256()}", "spec:", "  template:", "    spec:", "      containers:", f"        - name: {app}",
         f"          image: {g.org()}/{app}@sha256:{g.sha256()}", "          env:", "            - name: DB_PASSWORD",
         "              valueFrom:", "                secretKeyRef:", f"                  name: {app}-db", "                  key: password",
         "            - name: API_TOKEN", "              valueFrom:", "                secretKeyRef:", f"                  name: {app}-api",
         "                  key: token", "          envFrom:", "            - configMapRef:", f"                name: {app}-config"]
    return "kubernetes-secret", "\n".join(t) + "\n"


def neg_k8s_sealed(g):
    app = g.app()
    t = ["apiVersion: bitnami.com/v1alpha1", "kind: SealedSecret", "metadata:", f"  name: {app}-secrets", f"  namespace: {g.word()}", "spec:",
         "  encryptedData:"]
    for k in g.sample(["DATABASE_URL", "API_KEY", "STRIPE_SECRET_KEY", "JWT_SECRET", "SMTP_PASSWORD"], 3):
        t.append(f"    {k}: {g.sealed()}")
    t += ["  template:", "    type: Opaque", "    metadata:", f"      name: {app}-secrets"]
    return "kubernetes-secret", "\n".join(t) + "\n"


def neg_k8s_secret_meta(g):
    b = lambda s: base64.b64encode(s.encode()).decode()
    app = g.app()
    t = ["apiVersion: v1", "kind: Secret", "metadata:", f"  name: {app}-db-meta", "type: Opaque", "data:",
         f"  username: {b(g.c(['admin', 'postgres', 'app']))}", f"  host: {b(g.word() + '-db.internal')}", f"  port: {b('5432')}",
         f"  database: {b(app.replace('-', '_'))}", "stringData:", "  password: \"<REPLACE_ME>\"", "---",
         f"$ kubectl describe secret {app}-api", f"Name:         {app}-api", "Type:  Opaque", "", "Data", "====",
         f"token:     {g.n(30, 70)} bytes", f"ca.crt:    {g.n(1000, 1900)} bytes"]
    return "kubernetes-secret", "\n".join(t) + "\n"


def neg_k8s_configmap_cert(g):
    cert = g.cert_pem()
    t = ["apiVersion: v1", "kind: ConfigMap", "metadata:", "  name: trusted-ca", "data:", "  ca.crt: |",
         "    " + cert.replace("\n", "\n    "), f"  bundle-hash: {g.sha256()}"]
    return "kubernetes-secret", "\n".join(t) + "\n"


def neg_tf_vars(g):
    t = ['variable "db_password" {', '  type      = string', '  sensitive = true', '}', '',
         'resource "random_password" "db" {', '  length  = 32', '  special = true', '}', '',
         'resource "aws_db_instance" "main" {', f'  identifier     = "{g.app()}"', '  engine         = "postgres"',
         '  username       = "app"', '  password       = var.db_password', f'  kms_key_id     = "arn:aws:kms:{g.region()}:{g.digits(12)}:key/{g.uuid()}"',
         '}', '', 'resource "aws_instance" "bastion" {', f'  ami           = "ami-0{g.hexs(16)}"', '  instance_type = "t3.micro"',
         f'  subnet_id     = "subnet-0{g.hexs(16)}"', '}', '', 'output "db_endpoint" {', '  value = aws_db_instance.main.endpoint', '}']
    return "terraform", "\n".join(t) + "\n"


def neg_tf_lock(g):
    out = ["# This file is maintained automatically by \"terraform init\".", "# Manual edits may be lost in future updates.", ""]
    for p in g.sample(["hashicorp/aws", "hashicorp/random", "hashicorp/google", "hashicorp/kubernetes", "hashicorp/tls"], 2):
        out += [f'provider "registry.terraform.io/{p}" {{', f'  version     = "{g.semver()}"', f'  constraints = "~> {g.n(2, 5)}.0"',
                "  hashes = ["] + [f'    "h1:{g.b64(32)}",'] + [f'    "zh:{g.sha256()}",' for _ in range(g.n(3, 6))] + ["  ]", "}", ""]
    return "terraform", "\n".join(out)


def neg_tfstate(g):
    doc = {"version": 4, "terraform_version": "1." + str(g.n(5, 9)) + ".0", "serial": g.n(1, 300), "lineage": g.uuid(),
           "resources": [{"mode": "managed", "type": "aws_iam_user", "name": g.word(), "instances": [{"attributes": {
               "arn": f"arn:aws:iam::{g.digits(12)}:user/{g.user()}", "unique_id": g.aws_unique_id(), "name": g.user()}}]},
               {"mode": "managed", "type": "aws_iam_role", "name": "deployer", "instances": [{"attributes": {
                   "arn": f"arn:aws:iam::{g.digits(12)}:role/deployer", "unique_id": g.aws_unique_id()}}]}]}
    return "terraform", json.dumps(doc, indent=2) + "\n"


def neg_trace_py(g):
    app = g.app().replace("-", "_")
    t = ["Traceback (most recent call last):", f'  File "/srv/{app}/main.py", line {g.n(10, 300)}, in <module>', "    main()",
         f'  File "/srv/{app}/config.py", line {g.n(10, 90)}, in load', '    api_key = os.environ["OPENAI_API_KEY"]',
         '  File "<frozen os>", line 679, in __getitem__', "KeyError: 'OPENAI_API_KEY'", "",
         f"Object at 0x7f{g.hexs(10)} in request {g.uuid()} (trace {g.hexs(32)}, span {g.hexs(16)})"]
    return "stack-trace", "\n".join(t) + "\n"


def neg_trace_java(g):
    t = [f"java.lang.IllegalStateException: Failed to load ApplicationContext for [{g.word()}@{g.hexs(8)}]",
         "\tat org.springframework.test.context.cache.DefaultCacheAwareContextLoaderDelegate.loadContext(DefaultCacheAwareContextLoaderDelegate.java:180)",
         "Caused by: org.springframework.beans.factory.BeanCreationException: Error creating bean with name 'dataSource':",
         "  Could not resolve placeholder 'DB_PASSWORD' in value \"${DB_PASSWORD}\"",
         f"\tat com.{g.org()}.{g.word()}.Config.dataSource(Config.java:{g.n(20, 200)})", f"\t... {g.n(20, 80)} common frames omitted",
         f"traceId={g.hexs(32)} spanId={g.hexs(16)} X-Amzn-Trace-Id=Root=1-{g.hexs(8)}-{g.hexs(24)}"]
    return "stack-trace", "\n".join(t) + "\n"


def neg_trace_node(g):
    t = ["Error: connect ECONNREFUSED 127.0.0.1:5432", "    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16) {",
         "  errno: -111,", "  code: 'ECONNREFUSED',", "  syscall: 'connect',", "  address: '127.0.0.1',", "  port: 5432,",
         "  config: { connectionString: 'postgres://localhost:5432/dev', password: '********' },",
         f"  requestId: '{g.uuid()}',", f"  build: '{g.sha1()}'", "}"]
    return "stack-trace", "\n".join(t) + "\n"


def neg_chat_rotation(g):
    a, b = g.sample(USERS, 2)
    t = [f"{a}  10:{g.n(10, 59)}", "heads up: I rotated the stripe and github tokens this morning, new ones are in 1Password under `prod/integrations`",
         f"{b}  10:{g.n(10, 59)}", "do I need to change anything locally?", f"{a}  10:{g.n(10, 59)}",
         "just set GITHUB_TOKEN in your environment (or run `gh auth token`), nothing is in the repo anymore. "
         "the password must be 12 characters min for the new admin accounts",
         f"{b}  10:{g.n(10, 59)}", f"cool. fwiw the deploy that broke was {g.sha1()} and the image was sha256:{g.sha256()}",
         f"{a}  10:{g.n(10, 59)}", f"yep, reverted in {g.hexs(7)}. ticket SEC-{g.n(100, 999)}"]
    return "chat-message", "\n".join(t) + "\n"


def neg_chat_pubkey(g):
    a, b = g.sample(USERS, 2)
    t = [f"[{g.n(9, 17)}:{g.n(10, 59)}] {a}: can you add my key to the bastion?", f"[{g.n(9, 17)}:{g.n(10, 59)}] {a}: {g.ssh_pub_ed25519(a + '@laptop')}",
         f"[{g.n(9, 17)}:{g.n(10, 59)}] {b}: and the old rsa one? {g.ssh_pub_rsa(a + '@old-laptop')}",
         f"[{g.n(9, 17)}:{g.n(10, 59)}] {a}: no, drop that one. fingerprint of the new one is SHA256:{g.b64(32).rstrip('=')}",
         f"[{g.n(9, 17)}:{g.n(10, 59)}] {b}: done"]
    return "chat-message", "\n".join(t) + "\n"


def neg_email_dkim(g):
    dom = g.domain()
    bnd = "000000000000" + g.hexs(16)
    body = f"Hi,\n\nThe quarterly report for {g.word()} is attached. Let me know if you have questions.\n\nBest,\n{g.user().title()}\n"
    t = [f"Return-Path: <bounces+{g.n(1000, 99999)}@{dom}>", f"ARC-Seal: i=1; a=rsa-sha256; t={g.epoch()}; cv=none; d=google.com; s=arc-20160816;",
         f"        b={wrap(g.b64(256), 68).replace(chr(10), chr(10) + '         ')}",
         f"DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d={dom}; s=selector{g.n(1, 2)}; t={g.epoch()};",
         f"        h=from:to:subject:date:message-id; bh={g.b64(32)};",
         f"        b={wrap(g.b64(256), 68).replace(chr(10), chr(10) + '         ')}",
         f"From: {g.user().title()} <{g.user()}@{dom}>", f"To: {g.email()}", "Subject: Q3 report", f"Message-ID: <CA+{g.b64(30).replace('/', '_')}@mail.gmail.com>",
         "MIME-Version: 1.0", f"Content-Type: multipart/mixed; boundary=\"{bnd}\"", "", f"--{bnd}", "Content-Type: text/plain; charset=UTF-8",
         "Content-Transfer-Encoding: base64", "", wrap(base64.b64encode(body.encode()).decode(), 76), ""]
    return "email", "\n".join(t) + "\n"


def neg_email_alert(g):
    t = [f"From: Security <no-reply@{g.domain()}>", f"To: {g.email()}", "Subject: New sign-in to your account",
         f"Message-ID: <{g.uuid()}@{g.domain()}>", "", "We noticed a new sign-in to your account.", "",
         f"  Device: {g.c(['Chrome on macOS', 'Firefox on Linux', 'Safari on iOS'])}", f"  Location: {g.c(['Berlin, DE', 'Austin, US', 'Lyon, FR'])}",
         f"  Request ID: {g.uuid()}", f"  Session fingerprint: {g.sha256()[:24]}", "",
         "If this was you, no action is needed. If not, reset your password (it must be at least 12 characters)",
         "and revoke any personal access tokens from Settings > Developer settings.", "", "Never share your API key or password with anyone,",
         "including our support staff."]
    return "email", "\n".join(t) + "\n"


def neg_curl_docs(g):
    t = ["$ curl https://api." + g.domain() + "/v1/orders \\", '    -H "Authorization: Bearer $API_TOKEN" \\',
         f'    -H "X-Request-Id: {g.uuid()}" \\', f'    -H \'If-None-Match: "{g.hexs(32)}"\'', "HTTP/2 304",
         f"x-request-id: {g.uuid()}", f"x-amz-cf-id: {g.b64(42).rstrip('=').replace('/', '_').replace('+', '-')}", "",
         f"$ curl -u \"$CI_USER:$CI_PASSWORD\" https://ci.{g.domain()}/job/{g.app()}/lastBuild/api/json",
         f"$ curl -H 'Authorization: token <YOUR_TOKEN>' https://api.github.com/user",
         f"$ curl -sSL https://get.{g.word()}.sh/install.sh -o install.sh && echo \"{g.sha256()}  install.sh\" | sha256sum -c"]
    return "curl-command", "\n".join(t) + "\n"


def neg_curl_aws_example(g):
    t = ["# Example from the docs (these are AWS's published example credentials, not real ones)",
         'curl --aws-sigv4 "aws:amz:us-east-1:s3" \\', '  --user "AKIAIOSFODNN7EXAMPLE:wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" \\',
         "  https://examplebucket.s3.amazonaws.com/photos/puppy.jpg", "",
         f'curl -X POST https://api.{g.domain()}/v2/webhooks -H "Content-Type: application/json" \\',
         f"  -d '{{\"url\": \"https://hooks.{g.domain()}/in\", \"event\": \"order.created\", \"id\": \"{g.uuid()}\"}}'",
         f'curl "https://api.{g.domain()}/v1/search?q=test&api_key=YOUR_API_KEY"']
    return "curl-command", "\n".join(t) + "\n"


def neg_diff_lock(g):
    out = [f"diff --git a/go.sum b/go.sum", f"index {g.hexs(7)}..{g.hexs(7)} 100644", "--- a/go.sum", "+++ b/go.sum",
           f"@@ -{g.n(10, 200)},4 +{g.n(10, 200)},4 @@"]
    for _ in range(2):
        m = f"github.com/{g.org()}/{g.word()}"
        v1, v2 = g.semver(), g.semver()
        out += [f"-{m} v{v1} {g.go_h1()}", f"-{m} v{v1}/go.mod {g.go_h1()}", f"+{m} v{v2} {g.go_h1()}", f"+{m} v{v2}/go.mod {g.go_h1()}"]
    out += ["diff --git a/Cargo.lock b/Cargo.lock", f"index {g.hexs(7)}..{g.hexs(7)} 100644", "--- a/Cargo.lock", "+++ b/Cargo.lock",
            "@@ -101,7 +101,7 @@", " [[package]]", f' name = "{g.word()}"', f'-version = "{g.semver()}"', f'+version = "{g.semver()}"',
            ' source = "registry+https://github.com/rust-lang/crates.io-index"', f'-checksum = "{g.sha256()}"', f'+checksum = "{g.sha256()}"']
    return "git-diff", "\n".join(out) + "\n"


def neg_diff_yarn(g):
    name = g.c(["lodash", "minimist", "semver", "ws", "follow-redirects"])
    v1, v2 = g.semver(), g.semver()
    out = [f"commit {g.sha1()}", f"Author: dependabot[bot] <{g.n(10000000, 99999999)}+dependabot[bot]@users.noreply.github.com>", "",
           f"    Bump {name} from {v1} to {v2}", "", f"    Signed-off-by: dependabot[bot] <support@github.com>", "",
           "diff --git a/yarn.lock b/yarn.lock", f"index {g.hexs(7)}..{g.hexs(7)} 100644", "--- a/yarn.lock", "+++ b/yarn.lock", "@@ -1201,9 +1201,9 @@",
           f' {name}@^{v1.split(".")[0]}.0.0:', f'-  version "{v1}"', f'-  resolved "https://registry.yarnpkg.com/{name}/-/{name}-{v1}.tgz#{g.sha1()}"',
           f"-  integrity {g.integrity()}", f'+  version "{v2}"', f'+  resolved "https://registry.yarnpkg.com/{name}/-/{name}-{v2}.tgz#{g.sha1()}"',
           f"+  integrity {g.integrity()}"]
    return "git-diff", "\n".join(out) + "\n"


def neg_diff_placeholder(g):
    out = [f"diff --git a/.env.example b/.env.example", f"index {g.hexs(7)}..{g.hexs(7)} 100644", "--- a/.env.example", "+++ b/.env.example",
           "@@ -3,6 +3,8 @@", " NODE_ENV=development", "-API_KEY=changeme", "+API_KEY=${API_KEY}", "+STRIPE_WEBHOOK_SECRET=whsec_...",
           " DATABASE_URL=postgres://localhost:5432/dev", "-SECRET_KEY=secret", "+SECRET_KEY=<generate with: openssl rand -hex 32>",
           "+ANTHROPIC_API_KEY=sk-ant-...", " LOG_LEVEL=debug", f"diff --git a/src/{g.word()}.py b/src/{g.word()}.py",
           f"index {g.hexs(7)}..{g.hexs(7)} 100644", "@@ -10,3 +10,3 @@",
           '-TOKEN = "test"', '+TOKEN = os.environ["SERVICE_TOKEN"]', f" REQUEST_NAMESPACE = \"{g.uuid()}\""]
    return "git-diff", "\n".join(out) + "\n"


def neg_ipynb(g):
    png = g.png_data_uri().split(",", 1)[1]
    cells = [
        {"cell_type": "code", "execution_count": 1, "metadata": {}, "outputs": [],
         "source": ["import os\n", "from huggingface_hub import login\n", "login(token=os.getenv(\"HF_TOKEN\"))"]},
        {"cell_type": "code", "execution_count": 2, "metadata": {}, "outputs": [
            {"output_type": "execute_result", "execution_count": 2, "metadata": {}, "data": {"text/plain": [
                "                                     id                                      sha\n",
                f"0  {g.uuid()}  {g.sha1()}\n", f"1  {g.uuid()}  {g.sha1()}"]}}],
         "source": ["df.head(2)"]},
        {"cell_type": "code", "execution_count": 3, "metadata": {}, "outputs": [
            {"output_type": "display_data", "metadata": {}, "data": {"image/png": png, "text/plain": ["<Figure size 640x480 with 1 Axes>"]}}],
         "source": ["plt.plot(losses)\n", "plt.show()"]},
    ]
    nb = {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    return "jupyter-notebook", json.dumps(nb, indent=1) + "\n"


def neg_ipynb_hash(g):
    cells = [
        {"cell_type": "markdown", "metadata": {}, "source": ["## Dedup check\n", "Set `OPENAI_API_KEY` before running (see README)."]},
        {"cell_type": "code", "execution_count": 4, "metadata": {}, "outputs": [
            {"name": "stdout", "output_type": "stream", "text": [f"{g.sha256()}  shard-{i:03d}.jsonl\n" for i in range(4)]}],
         "source": ["!sha256sum data/*.jsonl"]},
        {"cell_type": "code", "execution_count": 5, "metadata": {}, "outputs": [
            {"name": "stdout", "output_type": "stream", "text": [f"run: {g.uuid()}\n", f"wandb: https://wandb.ai/{g.org()}/{g.word()}/runs/{g.s('abcdefghijklmnopqrstuvwxyz0123456789', 8)}\n"]}],
         "source": ["api_key = \"your-api-key-here\"\n", "print(f\"run: {run.id}\")"]},
    ]
    nb = {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    return "jupyter-notebook", json.dumps(nb, indent=1) + "\n"


def neg_md_example_keys(g):
    t = [f"# Configuring {g.app()}", "", "Set the following environment variables. The values below are the documented",
         "examples from the AWS docs and will not work:", "", "```bash", "export AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE",
         "export AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", f"export AWS_DEFAULT_REGION={g.region()}", "```", "",
         "For Stripe use your test key (it looks like `sk_test_XXXXXXXX`), and for GitHub create a token and", "export it as `GITHUB_TOKEN`:",
         "", "```bash", "export GITHUB_TOKEN=<your token>", "export STRIPE_SECRET_KEY=sk_test_XXXXXXXXXXXXXXXXXXXXXXXX", "```", "",
         "> Tokens start with `ghp_` (classic) or `github_pat_` (fine-grained). Never commit them.", "",
         f"Last verified against commit `{g.sha1()}`."]
    return "markdown", "\n".join(t) + "\n"


def neg_md_ssh(g):
    t = ["## SSH access", "", "Add your **public** key to `deploy/authorized_keys` and open a PR:", "", "```",
         g.ssh_pub_ed25519(), g.ssh_pub_rsa(), "```", "", "Our host key fingerprints:", "",
         f"- ED25519: `SHA256:{g.b64(32).rstrip('=')}`", f"- RSA: `SHA256:{g.b64(32).rstrip('=')}`", "", "The server certificate:", "", "```",
         g.cert_pem(), "```", "", "Public key used to verify webhooks:", "", "```", g.public_key_pem(), "```"]
    return "markdown", "\n".join(t) + "\n"


def neg_md_changelog(g):
    t = ["# Changelog", ""]
    for _ in range(3):
        t += [f"## {g.semver()} ({g.date()})", ""]
        for _ in range(g.n(2, 4)):
            t.append(f"- {g.c(['fix', 'feat', 'perf', 'docs'])}: {g.word()} {g.word()} ([{g.hexs(7)}](https://github.com/{g.org()}/{g.app()}/commit/{g.sha1()}))")
        t.append("")
    t += ["<img alt=\"logo\" src=\"" + g.png_data_uri() + "\"/>", "",
          f"<script src=\"https://cdn.{g.domain()}/widget.js\" integrity=\"sha384-{g.b64(48)}\" crossorigin=\"anonymous\"></script>"]
    return "markdown", "\n".join(t) + "\n"


def neg_md_api_docs(g):
    t = ["## Authentication", "", "All requests must include an API token in the `Authorization` header:", "", "```http",
         f"GET /v1/projects HTTP/1.1", f"Host: api.{g.domain()}", "Authorization: Bearer <token>", "```", "",
         "Tokens are 40 characters long and start with a product prefix. Store them in a secret manager and pass",
         "them via `$API_KEY`; the CLI also reads `~/.config/tool/credentials`. The password for the dashboard",
         "must be 12 characters or more.", "", "| Header | Example |", "|---|---|", f"| `X-Request-Id` | `{g.uuid()}` |",
         f"| `traceparent` | `00-{g.hexs(32)}-{g.hexs(16)}-01` |", f"| `ETag` | `\"{g.hexs(32)}\"` |"]
    return "markdown", "\n".join(t) + "\n"


def neg_json_aws_output(g):
    doc = {"UserId": g.aws_unique_id(), "Account": g.digits(12), "Arn": f"arn:aws:iam::{g.digits(12)}:user/{g.user()}",
           "ResponseMetadata": {"RequestId": g.uuid(), "HTTPStatusCode": 200,
                                "HTTPHeaders": {"x-amzn-requestid": g.uuid(), "date": "Tue, 04 Jun 2024 10:01:02 GMT"}},
           "ETag": f"\"{g.hexs(32)}\"", "VersionId": g.s("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._", 32)}
    return "json-config", json.dumps(doc, indent=4) + "\n"


def neg_gpg_email(g):
    body = g.b64(g.n(300, 500))
    t = [f"From: {g.user().title()} <{g.email()}>", "Subject: my new signing key", "", "Hi all, please import my new public key:", "",
         "-----BEGIN PGP PUBLIC KEY BLOCK-----", "", wrap("mDMEZ" + body, 64), f"={g.b64(3)}", "-----END PGP PUBLIC KEY BLOCK-----", "",
         f"Fingerprint: {' '.join(g.hexs(4).upper() for _ in range(10))}"]
    return "email", "\n".join(t) + "\n"


def neg_python_b64(g):
    texts = ["hello world", "The quick brown fox jumps over the lazy dog", f"{g.app()} v{g.semver()}", "Content-Type: application/json"]
    t = ["import base64", "", "# fixtures for the decoder tests", "CASES = ["]
    for s in texts:
        t.append(f'    ("{s}", "{base64.b64encode(s.encode()).decode()}"),')
    t += ["]", "", f'CSS_HASHES = ["{g.hexs(8)}", "{g.hexs(8)}", "{g.hexs(20)}"]',
          f'LOGO = "{g.png_data_uri()}"', f'TRACE_ID = "{g.hexs(32)}"', f'ETH_TX = "0x{g.sha256()}"']
    return "python", "\n".join(t) + "\n"


def neg_terminal_cert(g):
    t = ["$ openssl s_client -connect " + g.domain() + ":443 -showcerts </dev/null 2>/dev/null | sed -n '/BEGIN/,/END/p'",
         g.cert_pem(), g.cert_pem(), "$ openssl x509 -noout -fingerprint -sha256 -in cert.pem",
         "sha256 Fingerprint=" + ":".join(g.hexs(2).upper() for _ in range(32)), "$ cat jwt-public.pem", g.public_key_pem()]
    return "shell-history", "\n".join(t) + "\n"


def neg_kubeconfig_nocreds(g):
    t = ["apiVersion: v1", "kind: Config", "clusters:", "- cluster:", f"    certificate-authority-data: {base64.b64encode(g.cert_pem().encode()).decode()}",
         f"    server: https://{g.hexs(32).upper()}.gr7.{g.region()}.eks.amazonaws.com", f"  name: {g.word()}", "users:", f"- name: {g.word()}",
         "  user:", "    exec:", "      apiVersion: client.authentication.k8s.io/v1beta1", "      command: aws",
         f"      args: [\"eks\", \"get-token\", \"--cluster-name\", \"{g.word()}\"]"]
    return "yaml-config", "\n".join(t) + "\n"


NEGATIVES = [
    neg_env_example, neg_env_plain, neg_gha_workflow, neg_yaml_app, neg_pnpm_lock, neg_package_lock, neg_appsettings,
    neg_docker_manifest, neg_python_env, neg_python_tests, neg_js_minified, neg_js_frontend, neg_shell_git, neg_terminal_keys,
    neg_ci_masked, neg_ci_pip, neg_compose, neg_compose_local, neg_k8s_deploy, neg_k8s_sealed, neg_k8s_secret_meta,
    neg_k8s_configmap_cert, neg_tf_vars, neg_tf_lock, neg_tfstate, neg_trace_py, neg_trace_java, neg_trace_node,
    neg_chat_rotation, neg_chat_pubkey, neg_email_dkim, neg_email_alert, neg_curl_docs, neg_curl_aws_example, neg_diff_lock,
    neg_diff_yarn, neg_diff_placeholder, neg_ipynb, neg_ipynb_hash, neg_md_example_keys, neg_md_ssh, neg_md_changelog,
    neg_md_api_docs, neg_json_aws_output, neg_gpg_email, neg_python_b64, neg_terminal_cert, neg_kubeconfig_nocreds,
]
