"""Context renderers: put a list of entries into a realistic document.

Each renderer records the exact form in which every secret appears in the
text (after quoting/escaping/indentation) through Doc.v / Doc.mark.  All the
transforms used are character-wise (escape(a+b) == escape(a)+escape(b)), so a
transformed secret is always a substring of the transformed value.
"""
import json

from values import wrap


def T_id(s):
    return s


def T_json(s):
    return json.dumps(s)[1:-1]


def T_nl(s):
    return s.replace("\n", "\\n")


def T_ind(k):
    return lambda s: s.replace("\n", "\n" + " " * k)


def T_pre(p):
    return lambda s: s.replace("\n", "\n" + p)


def T_dq(s):
    return s.replace('"', '\\"')


def comp(f, g):
    return lambda s: f(g(s))


class Doc:
    def __init__(self):
        self.secrets = []

    def mark(self, e, T=T_id):
        for fam, val in e["secrets"]:
            self.secrets.append((fam, T(val)))

    def v(self, e, T=T_id, alt=None):
        self.mark(e, T)
        return T(e[alt] if alt else e["disp"])


def is_secret(e):
    return bool(e["secrets"])


def yq(g, v):
    """YAML scalar: quote when needed (or sometimes anyway)."""
    if not v[:1].isalnum() or ": " in v or " #" in v or v in ("true", "false") or v.isdigit():
        return f'"{v}"'
    return g.c([v, v, f'"{v}"'])


BENIGN_CMDS = [
    "git status", "git pull --rebase", "ls -la", "docker ps", "npm run build", "make test", "git log --oneline -5",
    "kubectl get pods -n {ns}", "terraform plan", "cd ~/src/{app}", "vim .env", "docker compose up -d", "htop",
    "ssh deploy@{host}", "git checkout -b fix/{word}-timeout", "npm ci", "pip install -r requirements.txt",
    "python manage.py migrate", "tail -f logs/{app}.log", "aws s3 ls", "kubectl logs deploy/{app} --tail=50",
    "go test ./...", "cargo build --release", "df -h", "git push origin HEAD", "clear", "exit",
]


def benign_cmd(g):
    return g.c(BENIGN_CMDS).format(ns=g.word(), app=g.app(), host=g.host(), word=g.word())


# ----------------------------------------------------------------------------- .env
def r_env(g, doc, entries):
    lines = []
    if g.p(0.6):
        lines.append(g.c([f"# {g.app()} - {g.c(['production', 'staging', 'prod'])} settings",
                          "# DO NOT COMMIT", f"# generated {g.date()}", "# Application"]))
    for e in entries:
        if g.p(0.12):
            lines.append(g.c(["", f"# {g.word()}", "# --- integrations ---"]))
        k = e["kind"]
        exp = "export " if g.p(0.1) else ""
        if k == "line":
            q = '"' if (";" in e["disp"] or "&" in e["disp"]) and g.p(0.7) else g.c(["", "", '"', "'"])
            lines.append(f"{exp}{e['env']}={q}{doc.v(e)}{q}")
        elif k == "block":
            lines.append(f'{e["env"]}="{doc.v(e, T_nl)}"')
        elif k == "sa":
            lines.append(f"{e['env']}='{doc.v(e, alt='compact')}'")
        else:
            raise ValueError(k)
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------------------- yaml
def yaml_block(doc, e, indent, key):
    if e["kind"] == "block":
        return f"{key}: |\n" + " " * indent + doc.v(e, T_ind(indent))
    if e["kind"] == "sa":
        return f"{key}: |\n" + " " * indent + doc.v(e, T_ind(indent))
    raise ValueError


def r_yaml(g, doc, entries):
    cmds = [e for e in entries if e["kind"] == "cmd"]
    other = [e for e in entries if e["kind"] != "cmd"]
    if cmds or g.p(0.25):
        # CI workflow with a hard-coded env block and run steps
        wf = g.c(["GitHub", "GitLab"])
        if wf == "GitHub":
            out = [f"name: {g.c(['deploy', 'release', 'nightly-backup', 'ci'])}", "on:", "  push:", "    branches: [main]",
                   "  workflow_dispatch: {}", "", "jobs:", f"  {g.c(['deploy', 'build', 'release'])}:",
                   "    runs-on: ubuntu-latest"]
            if other:
                out.append("    env:")
                for e in other:
                    if e["kind"] == "line":
                        out.append(f"      {e['env']}: {yq(g, doc.v(e))}")
                    else:
                        out.append("      " + yaml_block(doc, e, 8, e["env"]))
            out += ["    steps:", f"      - uses: actions/checkout@{g.sha1()} # v4",
                    f"      - uses: actions/setup-node@{g.sha1()} # v4", "        with:", "          node-version: 20"]
            for e in cmds:
                out += [f"      - name: {g.c(['Backup database', 'Deploy', 'Publish', 'Smoke test', 'Migrate'])}",
                        f"        run: {doc.v(e)}"]
            out.append("      - run: npm ci && npm test")
            return "\n".join(out) + "\n"
        out = ["stages:", "  - build", "  - deploy", "", "variables:"]
        for e in other:
            if e["kind"] == "line":
                out.append(f"  {e['env']}: {yq(g, doc.v(e))}")
            else:
                out.append("  " + yaml_block(doc, e, 4, e["env"]))
        out += ["  DOCKER_DRIVER: overlay2", "", f"deploy_{g.word()}:", "  stage: deploy", "  image: alpine:3.19", "  script:"]
        for e in cmds:
            out.append(f"    - {doc.v(e)}")
        out += ["    - echo done", "  only:", "    - main"]
        return "\n".join(out) + "\n"
    secs = g.sample(["app", "database", "integrations", "auth", "storage", "notifications", "services", "providers"], g.n(2, 3))
    groups = {s: [] for s in secs}
    for e in entries:
        groups[g.c(secs)].append(e)
    out = [f"# config/{g.c(['production', 'settings', 'app', 'staging'])}.yml"] if g.p(0.5) else []
    out += [f"name: {g.app()}", f"version: {g.semver()}"]
    for s in secs:
        out.append(f"{s}:")
        if not groups[s]:
            out.append(f"  enabled: {g.c(['true', 'false'])}")
        for e in groups[s]:
            key = g.c([e["key"], e["camel"]])
            if e["kind"] == "line":
                out.append(f"  {key}: {yq(g, doc.v(e))}")
            else:
                out.append("  " + yaml_block(doc, e, 4, key))
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------------------- json
def r_json(g, doc, entries):
    root = {}
    cmds = [e for e in entries if e["kind"] == "cmd"]
    if cmds:
        root = {"name": f"@{g.org()}/{g.app()}", "version": g.semver(), "private": True, "scripts": {
            "build": "tsc -p .", "test": "vitest run"}}
        for e in cmds:
            root["scripts"][g.c(["db:backup", "deploy", "release", "seed:prod", "sync"])] = doc.v(e, T_json) and e["disp"]
        root["dependencies"] = {"express": "^4." + str(g.n(17, 21)) + ".0", "pg": "^8." + str(g.n(7, 12)) + ".0"}
    style = g.c(["nested", "flat", "appsettings"])
    rest = [e for e in entries if e["kind"] != "cmd"]
    if style == "flat":
        for e in rest:
            key = g.c([e["camel"], e["key"], e["env"]])
            if e["kind"] == "sa":
                root[key] = e["obj"]
                doc.mark(e)
            else:
                root[key] = e["disp"]
                doc.mark(e, T_json)
    else:
        secs = g.sample(["database", "integrations", "auth", "storage", "notifications", "services", "Secrets",
                         "ConnectionStrings", "Providers"], g.n(1, 3))
        if style == "appsettings":
            root["Logging"] = {"LogLevel": {"Default": "Information", "Microsoft.AspNetCore": "Warning"}}
            root["AllowedHosts"] = "*"
        for e in rest:
            s = g.c(secs)
            key = g.c([e["camel"], e["key"]]) if style == "nested" else e["camel"][:1].upper() + e["camel"][1:]
            root.setdefault(s, {})
            if e["kind"] == "sa":
                root[s][key] = e["obj"]
                doc.mark(e)
            else:
                root[s][key] = e["disp"]
                doc.mark(e, T_json)
    return json.dumps(root, indent=2) + "\n"


# ----------------------------------------------------------------------------- python
def py_str(s):
    return f"'{s}'" if '"' in s else f'"{s}"'


def py_usage(g, doc, e):
    """Idiomatic client construction for some families, else None."""
    f = e["fam"]
    if f == "openai-api-key":
        return f'client = OpenAI(api_key="{doc.v(e)}")'
    if f == "anthropic-api-key":
        return f'client = anthropic.Anthropic(api_key="{doc.v(e)}")'
    if f == "stripe-key":
        return f'stripe.api_key = "{doc.v(e)}"'
    if f == "telegram-bot-token":
        return g.c([f'bot = telebot.TeleBot("{doc.v(e)}")', f'app = ApplicationBuilder().token("{doc.v(e)}").build()'])
    if f == "huggingface-token":
        return g.c([f'login(token="{doc.v(e)}")',
                    f'model = AutoModelForCausalLM.from_pretrained("meta-llama/Llama-3.1-8B", token="{doc.v(e)}")'])
    if f == "slack-webhook":
        return f'requests.post("{doc.v(e)}", json={{"text": f"deploy finished: {{sha}}"}}, timeout=5)'
    if f == "discord-webhook":
        return f'requests.post("{doc.v(e)}", json={{"content": msg}})'
    if f == "slack-token":
        return f'slack = WebClient(token="{doc.v(e)}")'
    if f == "azure-storage-key":
        return f'blob_service = BlobServiceClient.from_connection_string("{doc.v(e)}")'
    if f == "db-url-password":
        return f'engine = create_engine("{doc.v(e)}", pool_pre_ping=True)'
    if f == "github-token" or f == "github-fine-grained-pat":
        return f'gh = Github(auth=Auth.Token("{doc.v(e)}"))'
    if f == "gitlab-token":
        return f'gl = gitlab.Gitlab("https://gitlab.com", private_token="{doc.v(e)}")'
    if f == "gcp-api-key":
        return f'genai.configure(api_key="{doc.v(e)}")'
    if f == "jwt":
        return f'HEADERS = {{"Authorization": "Bearer {doc.v(e)}"}}'
    return None


PY_IMPORTS = {
    "openai-api-key": "from openai import OpenAI", "anthropic-api-key": "import anthropic", "stripe-key": "import stripe",
    "telegram-bot-token": "import telebot", "huggingface-token": "from huggingface_hub import login",
    "slack-token": "from slack_sdk import WebClient", "azure-storage-key": "from azure.storage.blob import BlobServiceClient",
    "db-url-password": "from sqlalchemy import create_engine", "github-token": "from github import Auth, Github",
    "github-fine-grained-pat": "from github import Auth, Github", "gitlab-token": "import gitlab",
    "gcp-api-key": "import google.generativeai as genai",
}


def r_python(g, doc, entries):
    style = g.c(["settings", "dict", "client"])
    out = []
    aws = {e["fam"]: e for e in entries if e["fam"] in ("aws-access-key-id", "aws-secret-access-key")}
    if style == "settings":
        out += [f'"""Settings for {g.app()}."""', "import os", "from pathlib import Path", "",
                "BASE_DIR = Path(__file__).resolve().parent.parent", f"DEBUG = {g.c(['False', 'True'])}",
                f'ALLOWED_HOSTS = ["{g.domain()}", "localhost"]', ""]
        for e in entries:
            k = e["kind"]
            if k == "line":
                out.append(f'{e["env"]} = "{doc.v(e)}"' + g.c(["", "", "  # TODO: move to vault"]))
            elif k == "block":
                out.append(f'{e["env"]} = """{doc.v(e)}\n"""')
            elif k == "sa":
                out.append(f'{e["env"]} = {doc.v(e)}')
            else:
                out += ["", "def backup():", f"    subprocess.run({py_str(doc.v(e))}, shell=True, check=True)"]
        if any(e["kind"] == "cmd" for e in entries):
            out.insert(1, "import subprocess")
    elif style == "dict":
        out += ["import json", "import logging", "", "log = logging.getLogger(__name__)", "", "CONFIG = {"]
        cmds = []
        for e in entries:
            k = e["kind"]
            if k == "line":
                out.append(f'    "{e["key"]}": "{doc.v(e)}",')
            elif k == "block":
                out.append(f'    "{e["key"]}": "{doc.v(e, T_nl)}",')
            elif k == "sa":
                out.append(f'    "{e["key"]}": {doc.v(e, T_ind(4))},')
            else:
                cmds.append(e)
        out += ["}", "", "", "def load():", '    log.info("config loaded for %s", CONFIG.get("env", "prod"))', "    return CONFIG"]
        for e in cmds:
            out += ["", "", "def run_job():", f"    os.system({py_str(doc.v(e))})"]
        if cmds:
            out.insert(0, "import os")
    else:
        imports = ["import os", "import requests"]
        body = []
        if len(aws) == 2 or (aws and g.p(0.5)):
            imports.append("import boto3")
            args = []
            if "aws-access-key-id" in aws:
                args.append(f'    aws_access_key_id="{doc.v(aws["aws-access-key-id"])}",')
            if "aws-secret-access-key" in aws:
                args.append(f'    aws_secret_access_key="{doc.v(aws["aws-secret-access-key"])}",')
            body += [f's3 = boto3.client(', '    "s3",', f'    region_name="{g.region()}",'] + args + [")"]
            entries = [e for e in entries if e["fam"] not in aws]
        for e in entries:
            k = e["kind"]
            if k == "line":
                u = py_usage(g, doc, e) if g.p(0.7) else None
                body.append(u or f'os.environ.setdefault("{e["env"]}", "{doc.v(e)}")')
            elif k == "block":
                body.append(f'{e["env"]} = """{doc.v(e)}\n"""')
            elif k == "sa":
                imports.append("from google.oauth2 import service_account")
                body += [f"info = {doc.v(e)}", "creds = service_account.Credentials.from_service_account_info(info)"]
            else:
                imports.append("import subprocess")
                body.append(f"subprocess.check_call({py_str(doc.v(e))}, shell=True)")
        for e in entries:
            imp = PY_IMPORTS.get(e["fam"])
            if imp and imp not in imports and any(imp.split()[-1].split(",")[0] in b for b in body):
                imports.append(imp)
        out = imports + [""] + body + ["", "", "def main():", f'    print("starting {g.app()}")', "", "",
                                       'if __name__ == "__main__":', "    main()"]
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------------------- javascript
def js_usage(g, doc, e):
    f = e["fam"]
    if f == "stripe-key":
        return g.c([f"const stripe = require('stripe')('{doc.v(e)}');", f'const stripe = new Stripe("{doc.v(e)}", {{ apiVersion: "2024-06-20" }});'])
    if f == "discord-webhook" or f == "slack-webhook":
        return (f'await fetch("{doc.v(e)}", {{\n  method: "POST",\n  headers: {{ "Content-Type": "application/json" }},\n'
                f'  body: JSON.stringify({{ {"content" if f == "discord-webhook" else "text"}: message }}),\n}});')
    if f == "openai-api-key":
        return f'const openai = new OpenAI({{ apiKey: "{doc.v(e)}" }});'
    if f == "anthropic-api-key":
        return f'const anthropic = new Anthropic({{ apiKey: "{doc.v(e)}" }});'
    if f == "github-token" or f == "github-fine-grained-pat":
        return f'const octokit = new Octokit({{ auth: "{doc.v(e)}" }});'
    if f == "telegram-bot-token":
        return f"const bot = new Telegraf('{doc.v(e)}');"
    if f == "jwt":
        return f'axios.defaults.headers.common["Authorization"] = "Bearer {doc.v(e)}";'
    if f == "db-url-password":
        return f'const pool = new Pool({{ connectionString: "{doc.v(e)}" }});'
    if f == "slack-token":
        return f'const web = new WebClient("{doc.v(e)}");'
    return None


def r_js(g, doc, entries):
    style = g.c(["exports", "env-fallback", "client"])
    out = []
    if style == "exports":
        out.append(g.c(["module.exports = {", "export const config = {", "export default {"]))
        cmds = []
        for e in entries:
            k = e["kind"]
            if k == "line":
                q = g.c(['"', "'"])
                out.append(f"  {e['camel']}: {q}{doc.v(e)}{q},")
            elif k == "block":
                out.append(f"  {e['camel']}: `{doc.v(e)}`,")
            elif k == "sa":
                out.append(f"  {e['camel']}: {doc.v(e, T_ind(2))},")
            else:
                cmds.append(e)
        out.append("};")
        for e in cmds:
            out = ['const { execSync } = require("child_process");', ""] + out
            out += ["", "function backup() {", f"  execSync(`{doc.v(e)}`, {{ stdio: \"inherit\" }});", "}"]
    else:
        out += ['import express from "express";', ""]
        for e in entries:
            k = e["kind"]
            if k == "line":
                u = js_usage(g, doc, e) if style == "client" else None
                out.append(u or f'const {e["env"]} = process.env.{e["env"]} || "{doc.v(e)}";')
            elif k == "block":
                out.append(f"const {e['env']} = `{doc.v(e)}`;")
            elif k == "sa":
                out.append(f"const serviceAccount = {doc.v(e)};")
            else:
                out.insert(0, 'import { execSync } from "node:child_process";')
                out.append(f"execSync(`{doc.v(e)}`);")
        out += ["", "const app = express();", f"app.listen(process.env.PORT || {g.c([3000, 8080])});"]
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------------------- shell
def sh_usage(g, doc, e):
    f = e["fam"]
    v = None
    if f == "huggingface-token":
        v = f"huggingface-cli login --token {doc.v(e)}"
    elif f == "pypi-token":
        v = f"twine upload -u __token__ -p {doc.v(e)} dist/*"
    elif f == "npm-token":
        v = f"npm config set //registry.npmjs.org/:_authToken={doc.v(e)}"
    elif f == "github-token" or f == "github-fine-grained-pat":
        v = g.c([f"git remote set-url origin https://x-access-token:{doc.v(e)}@github.com/{g.org()}/{g.app()}.git",
                 f"echo {doc.v(e)} | docker login ghcr.io -u {g.user()} --password-stdin",
                 f"git clone https://{doc.v(e)}@github.com/{g.org()}/{g.app()}.git"])
    elif f == "gitlab-token":
        v = f"git clone https://oauth2:{doc.v(e)}@gitlab.com/{g.org()}/{g.app()}.git"
    elif f == "db-url-password":
        v = g.c([f'psql "{doc.v(e)}"', f"alembic -x dburl={doc.v(e)} upgrade head"]) if "postgres" in e["disp"] else None
        if v is None:
            return None
    elif f == "slack-webhook":
        v = f"curl -X POST -H 'Content-type: application/json' --data '{{\"text\":\"hello\"}}' {doc.v(e)}"
    return v


def r_shell(g, doc, entries):
    if any(e["kind"] in ("block", "sa") for e in entries) or g.p(0.25):
        return r_terminal(g, doc, entries)
    style = g.c(["bash", "zsh"])
    lines = []
    for e in entries:
        for _ in range(g.n(0, 3)):
            lines.append(benign_cmd(g))
        if e["kind"] == "cmd":
            lines.append(doc.v(e))
        elif is_secret(e) and g.p(0.5) and (u := sh_usage(g, doc, e)):
            lines.append(u)
        else:
            q = g.c(["", "", '"'])
            lines.append(f"export {e['env']}={q}{doc.v(e)}{q}")
    for _ in range(g.n(1, 3)):
        lines.append(benign_cmd(g))
    if style == "bash":
        n0 = g.n(100, 1900)
        return "\n".join(f"{n0 + i:5d}  {l}" for i, l in enumerate(lines)) + "\n"
    t = g.epoch()
    out = []
    for l in lines:
        t += g.n(3, 400)
        out.append(f": {t}:0;{l}")
    return "\n".join(out) + "\n"


def r_terminal(g, doc, entries):
    who = f"{g.user()}@{g.word()}"
    pr = g.c([f"{who}:~/src/{g.app()}$ ", "$ ", f"[{who} ~]$ "])
    out = []
    aws = {e["fam"]: e for e in entries if e["fam"] in ("aws-access-key-id", "aws-secret-access-key")}
    if len(aws) == 2 and g.p(0.7):
        if g.p(0.5):
            out += [pr + "cat ~/.aws/credentials", "[default]",
                    f"aws_access_key_id = {doc.v(aws['aws-access-key-id'])}",
                    f"aws_secret_access_key = {doc.v(aws['aws-secret-access-key'])}",
                    f"region = {g.region()}", ""]
        else:
            out += [pr + f"aws iam create-access-key --user-name {g.c(['ci-deployer', 'terraform', g.user()])}", "{",
                    '    "AccessKey": {', f'        "UserName": "{g.user()}",',
                    f'        "AccessKeyId": "{doc.v(aws["aws-access-key-id"])}",', '        "Status": "Active",',
                    f'        "SecretAccessKey": "{doc.v(aws["aws-secret-access-key"])}",',
                    f'        "CreateDate": "{g.date()}T{g.time()}+00:00"', "    }", "}"]
        entries = [e for e in entries if e["fam"] not in aws]
    for e in entries:
        if g.p(0.4):
            out.append(pr + benign_cmd(g))
        k = e["kind"]
        if k == "block":
            fn = g.c(["~/.ssh/id_rsa", "~/.ssh/id_ed25519", "deploy_key", "certs/server.key", "keys/jwt-signing.pem"])
            out += [pr + f"cat {fn}", doc.v(e)]
        elif k == "sa":
            out += [pr + f"cat {g.c(['key.json', 'sa.json', 'credentials/gcp.json', '~/Downloads/' + g.word() + '-key.json'])}", doc.v(e)]
        elif k == "cmd":
            out.append(pr + doc.v(e))
        elif is_secret(e) and g.p(0.5) and (u := sh_usage(g, doc, e)):
            out.append(pr + u)
        else:
            out.append(pr + g.c([f"export {e['env']}={doc.v(e)}", f"echo ${e['env']}\n{doc.v(e)}"]))
    out.append(pr)
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------------------- ci-log
def r_ci(g, doc, entries):
    style = g.c(["github", "gitlab", "jenkins"])
    if any(e["kind"] in ("block", "sa") for e in entries) and style == "github":
        style = g.c(["gitlab", "jenkins"])
    if style == "github":
        t0 = g.ts()[:19]
        k = [0]

        def ts():
            k[0] += g.n(1, 900)
            return f"{t0}.{k[0]:07d}Z "
        out = [ts() + "##[group]Run actions/checkout@" + g.sha1(), ts() + "with:", ts() + f"  repository: {g.org()}/{g.app()}",
               ts() + "  token: ***", ts() + "##[endgroup]", ts() + f"HEAD is now at {g.hexs(7)} {g.c(['fix', 'chore', 'feat'])}: {g.word()} {g.word()}"]
        lines = [e for e in entries if e["kind"] == "line"]
        cmds = [e for e in entries if e["kind"] == "cmd"]
        out.append(ts() + "##[group]Run ./scripts/" + g.c(["deploy.sh", "release.sh", "smoke.sh"]))
        out.append(ts() + "shell: /usr/bin/bash -e {0}")
        if lines:
            out.append(ts() + "env:")
            for e in lines:
                out.append(ts() + f"  {e['env']}: {doc.v(e)}")
        out.append(ts() + "##[endgroup]")
        for e in cmds:
            out += [ts() + "##[group]Run " + doc.v(e), ts() + "##[endgroup]"]
        out += [ts() + g.c(["Deploying revision", "Uploading artifact", "Published"]) + f" {g.sha1()}",
                ts() + f"Image digest: sha256:{g.sha256()}"]
        return "\n".join(out) + "\n"
    if style == "gitlab":
        out = [f"Running with gitlab-runner 16.{g.n(0, 11)}.{g.n(0, 3)} ({g.hexs(8)})", f"  on {g.word()}-runner-{g.n(1, 9)} {g.s('abcdefghijkmnpqrstuvwxyz', 8)}, system ID: s_{g.hexs(12)}",
               'Preparing the "docker+machine" executor', f"Using Docker executor with image {g.c(['node:20-alpine', 'python:3.12-slim', 'alpine:3.19'])} ...",
               f"Getting source from Git repository", f"Fetching changes with git depth set to 20...",
               f"Checking out {g.hexs(8)} as detached HEAD (ref is main)...", "Executing \"step_script\" stage of the job script"]
        for e in entries:
            k = e["kind"]
            if k == "line":
                out.append(g.c([f"$ export {e['env']}={doc.v(e)}", f"$ echo \"{e['env']}={doc.v(e)}\" >> .env"]))
            elif k == "block":
                out += ["$ cat \"$SSH_PRIVATE_KEY_FILE\"", doc.v(e), "$ chmod 600 ~/.ssh/id_rsa"]
            elif k == "sa":
                out += ["$ cat $GOOGLE_APPLICATION_CREDENTIALS", doc.v(e), f"$ gcloud auth activate-service-account --key-file=$GOOGLE_APPLICATION_CREDENTIALS"]
            else:
                out.append("$ " + doc.v(e))
        out += [f"Uploading artifacts for successful job", "Cleaning up project directory and file based variables", "Job succeeded"]
        return "\n".join(out) + "\n"
    out = [f"Started by user {g.user()}", f"Running in Durability level: MAX_SURVIVABILITY", "[Pipeline] Start of Pipeline",
           f"[Pipeline] node", f"Running on {g.word()}-agent-{g.n(1, 9)} in /var/lib/jenkins/workspace/{g.app()}", "[Pipeline] {",
           "[Pipeline] stage", "[Pipeline] { (Deploy)", "[Pipeline] sh"]
    for e in entries:
        k = e["kind"]
        if k == "line":
            out.append(f"+ export {e['env']}={doc.v(e)}")
        elif k == "block":
            out += ["+ cat deploy/id_rsa", doc.v(e)]
        elif k == "sa":
            out += ["+ cat gcp-key.json", doc.v(e)]
        else:
            out.append("+ " + doc.v(e))
    out += ["[Pipeline] }", "[Pipeline] // stage", "[Pipeline] End of Pipeline", "Finished: " + g.c(["SUCCESS", "FAILURE"])]
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------------------- docker-compose
def r_compose(g, doc, entries):
    app = g.app()
    out = [] if g.p(0.5) else ['version: "3.9"', ""]
    out += ["services:", f"  {app}:", f"    image: ghcr.io/{g.org()}/{app}:{g.semver()}", "    restart: unless-stopped"]
    listy = g.p(0.4) and all(e["kind"] == "line" for e in entries if e["kind"] != "cmd")
    envs = [e for e in entries if e["kind"] != "cmd"]
    cmds = [e for e in entries if e["kind"] == "cmd"]
    if envs:
        out.append("    environment:")
        for e in envs:
            if listy:
                out.append(f"      - {e['env']}={doc.v(e)}")
            elif e["kind"] == "line":
                out.append(f"      {e['env']}: {yq(g, doc.v(e))}")
            elif e["kind"] == "block":
                out.append(f"      {e['env']}: |\n        " + doc.v(e, T_ind(8)))
            else:
                out.append(f"      {e['env']}: '{doc.v(e, alt='compact')}'")
    out += ["    ports:", f"      - \"{g.c([3000, 8080, 8000])}:{g.c([3000, 8080, 8000])}\"", "    depends_on:", "      - db"]
    out += ["  db:", f"    image: postgres:{g.c(['15', '16'])}-alpine", "    volumes:", "      - pgdata:/var/lib/postgresql/data"]
    for e in cmds:
        out += [f"  {g.c(['backup', 'migrate', 'cron', 'seed'])}:", f"    image: {g.c(['mysql:8', 'alpine:3.19', 'bitnami/kubectl:1.29', 'curlimages/curl:8.8.0'])}",
                f'    command: ["sh", "-c", "{doc.v(e, T_dq)}"]']
    out += ["", "volumes:", "  pgdata: {}"]
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------------------- kubernetes
def r_k8s(g, doc, entries):
    ns = g.word()
    app = g.app()
    if all(e["kind"] == "line" for e in entries) and g.p(0.35):
        out = ["apiVersion: apps/v1", "kind: Deployment", "metadata:", f"  name: {app}", f"  namespace: {ns}", "spec:",
               f"  replicas: {g.n(1, 4)}", "  selector:", "    matchLabels:", f"      app: {app}", "  template:", "    metadata:",
               "      labels:", f"        app: {app}", "    spec:", "      containers:", f"        - name: {app}",
               f"          image: {g.org()}/{app}@sha256:{g.sha256()}", "          env:"]
        for e in entries:
            out += [f"            - name: {e['env']}", f"              value: \"{doc.v(e)}\""]
        out += ["            - name: DB_PASSWORD", "              valueFrom:", "                secretKeyRef:",
                f"                  name: {app}-db", "                  key: password"]
        return "\n".join(out) + "\n"
    out = ["apiVersion: v1", "kind: Secret", "metadata:", f"  name: {app}-{g.c(['secrets', 'env', 'credentials', 'config'])}",
           f"  namespace: {ns}", "  labels:", f"    app.kubernetes.io/name: {app}", "type: Opaque", "stringData:"]
    dash = g.p(0.5)
    for e in entries:
        key = e["env"] if not dash else e["key"].replace("_", "-")
        if e["kind"] == "line":
            out.append(f"  {key}: {yq(g, doc.v(e))}")
        elif e["kind"] == "block":
            out.append(f"  {g.c(['ssh-privatekey', 'tls.key', key])}: |\n    " + doc.v(e, T_ind(4)))
        else:
            out.append(f"  {g.c(['credentials.json', 'key.json', 'service-account.json'])}: |\n    " + doc.v(e, T_ind(4)))
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------------------- terraform
def r_tf(g, doc, entries):
    style = g.c(["tfvars", "resource"])
    out = []
    if style == "tfvars" and all(e["kind"] == "line" for e in entries):
        out.append(f"# {g.c(['prod', 'staging'])}.auto.tfvars")
        for e in entries:
            out.append(f'{e["key"]} = "{doc.v(e)}"')
        out += [f'region = "{g.region()}"', f'instance_type = "{g.c(["t3.medium", "m6i.large"])}"']
        return "\n".join(out) + "\n"
    lines = [e for e in entries if e["kind"] == "line"]
    out += ['terraform {', '  required_providers {', '    aws = {', '      source  = "hashicorp/aws"', '      version = "~> 5.0"',
            '    }', '  }', '}', '']
    for e in entries:
        if e["kind"] == "sa":
            out += ['provider "google" {', f'  project     = "{e["obj"]["project_id"]}"', "  credentials = <<EOF",
                    doc.v(e), "EOF", "}", ""]
        elif e["kind"] == "block":
            out += [f'resource "tls_locally_signed_cert" "{g.word()}" {{', "  ca_private_key_pem = <<EOT", doc.v(e), "EOT",
                    f'  validity_period_hours = {g.c([8760, 43800])}', "}", ""]
        elif e["kind"] == "cmd":
            out += [f'resource "null_resource" "{g.c(["bootstrap", "seed", "backup"])}" {{', '  provisioner "local-exec" {',
                    f'    command = "{doc.v(e, T_dq)}"', "  }", "}", ""]
    if lines:
        fn = g.app()
        out += [f'resource "aws_lambda_function" "{fn.replace("-", "_")}" {{', f'  function_name = "{fn}"',
                '  runtime       = "nodejs20.x"', '  handler       = "index.handler"', f'  role          = aws_iam_role.{g.word()}.arn',
                '', '  environment {', '    variables = {']
        for e in lines:
            out.append(f'      {e["env"]} = "{doc.v(e)}"')
        out += ['    }', '  }', '}']
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------------------- stack trace
def r_trace(g, doc, entries):
    app = g.app().replace("-", "_")
    cmds = [e for e in entries if e["kind"] == "cmd"]
    rest = [e for e in entries if e["kind"] != "cmd"]
    lang = "py" if (cmds or any(e["kind"] != "line" for e in rest) or g.p(0.6)) else "node"
    if lang == "node":
        out = [f"AxiosError: Request failed with status code {g.c([401, 403, 500, 502])}",
               "    at settle (/app/node_modules/axios/dist/node/axios.cjs:1966:12)",
               "    at IncomingMessage.handleStreamEnd (/app/node_modules/axios/dist/node/axios.cjs:3065:11)",
               f"    at async {g.c(['syncOrders', 'pushMetrics', 'notify'])} (/app/src/{g.word()}.js:{g.n(10, 300)}:{g.n(3, 30)}) {{",
               "  code: 'ERR_BAD_REQUEST',", "  config: {", "    timeout: 10000,", "    env: {"]
        for e in rest:
            out.append(f"      {e['camel']}: '{doc.v(e)}',")
        out += ["    },", "    method: 'post',", f"    url: 'https://api.{g.domain()}/v1/{g.word()}'", "  },",
                f"  request_id: '{g.uuid()}'", "}"]
        return "\n".join(out) + "\n"
    out = ["Traceback (most recent call last):",
           f'  File "/srv/{app}/.venv/lib/python3.11/site-packages/{g.c(["click", "celery", "gunicorn"])}/core.py", line {g.n(100, 900)}, in invoke',
           "    return callback(*args, **kwargs)",
           f'  File "/srv/{app}/{app}/{g.c(["tasks", "main", "jobs", "worker"])}.py", line {g.n(20, 400)}, in {g.c(["run", "sync", "handle", "export"])}']
    if cmds:
        out += ["    subprocess.run(cmd, shell=True, check=True)",
                '  File "/usr/lib/python3.11/subprocess.py", line 571, in run',
                "    raise CalledProcessError(retcode, process.args,"]
        out.append(f"subprocess.CalledProcessError: Command '{doc.v(cmds[0])}' returned non-zero exit status {g.c([1, 2, 127])}.")
        if rest:
            out += ["", "During handling of the above exception, another exception occurred:", "", "Traceback (most recent call last):",
                    f'  File "/srv/{app}/{app}/jobs.py", line {g.n(20, 400)}, in run_with_retry',
                    "    raise ConfigError(f\"invalid settings: {settings!r}\") from exc", _py_cfg_msg(g, doc, rest)]
    else:
        out += ["    client = build_client(settings)",
                f'  File "/srv/{app}/{app}/clients.py", line {g.n(10, 200)}, in build_client',
                "    raise ConfigError(f\"invalid settings: {settings!r}\")", _py_cfg_msg(g, doc, rest)]
    if g.p(0.5):
        out.append(f"[request_id={g.uuid()} trace_id={g.hexs(32)}]")
    return "\n".join(out) + "\n"


def _py_cfg_msg(g, doc, entries):
    parts = []
    for e in entries:
        if e["kind"] == "line":
            parts.append(f"'{e['key']}': '{doc.v(e)}'")
        elif e["kind"] == "block":
            parts.append(f"'{e['key']}': '{doc.v(e, T_nl)}'")
        else:
            doc.mark(e)
            parts.append(f"'{e['key']}': {repr(e['obj'])}")
    parts.append(f"'timeout': {g.c([5, 10, 30])}")
    return f"{g.app().replace('-', '_')}.errors.ConfigError: invalid settings: {{{', '.join(parts)}}}"


# ----------------------------------------------------------------------------- chat
def r_chat(g, doc, entries):
    a, b = g.sample(__import__("values").USERS, 2)
    h, m = g.n(8, 18), g.n(0, 50)
    t = lambda d=0: f"{h:02d}:{min(59, m + d):02d}"
    intro = g.c(["here's what I have for staging, can you try?", "new creds for the bot, rotate later pls",
                 "try these, the old ones got revoked", "pasting the env so you can reproduce locally",
                 "quick fix - use this until vault is back up", "ok this is what prod is using right now"])
    style = g.c(["slack", "discord", "plain"])
    out = []
    if style == "slack":
        out.append(f"{b}  {t(-2)}\ncan someone send me the {g.c(['staging', 'prod', 'sandbox'])} creds for {g.app()}? getting 401s")
        out.append(f"{a}  {t()}\n{intro}")
    elif style == "discord":
        out.append(f"[{t(-2)}] {b}: anyone got the keys for the {g.word()} integration?")
        out.append(f"[{t()}] {a}: {intro}")
    else:
        out.append(f"<{b}> is there a working token for {g.app()} somewhere?")
        out.append(f"<{a}> {intro}")
    body = []
    for e in entries:
        k = e["kind"]
        if k == "line":
            body.append(g.c([f"{e['env']}={doc.v(e)}", f"{e['env'].lower()}: {doc.v(e)}"]))
        elif k == "block":
            body.append(doc.v(e))
        elif k == "sa":
            body.append(doc.v(e))
        else:
            body.append(doc.v(e))
    if len(body) == 1 and "\n" not in body[0] and g.p(0.5):
        out[-1] += f" `{body[0]}`"
    else:
        out.append("```\n" + "\n".join(body) + "\n```")
    out.append({"slack": f"{b}  {t(3)}\nthanks, works now :+1:", "discord": f"[{t(3)}] {b}: ty, works",
                "plain": f"<{b}> works, thx"}[style])
    if g.p(0.4):
        out.append({"slack": f"{a}  {t(4)}\nI'll rotate it after the release (ticket {g.c(['OPS', 'SEC', 'INFRA'])}-{g.n(100, 9999)})",
                    "discord": f"[{t(4)}] {a}: will rotate after release", "plain": f"<{a}> rotating after the release"}[style])
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------------------- email
def r_email(g, doc, entries):
    a, b = g.user(), g.user()
    dom = g.domain()
    days = ["Mon", "Tue", "Wed", "Thu", "Fri"]
    months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    out = [f"From: {a.title()} <{a}@{dom}>", f"To: {b}@{g.c([dom, g.domain()])}",
           f"Subject: {g.c(['Access for the ' + g.app() + ' migration', 'Re: staging credentials', 'Vendor onboarding details', 'Fwd: API access', 'handover notes'])}",
           f"Date: {g.c(days)}, {g.n(1, 28)} {g.c(months)} {g.n(2023, 2025)} {g.time()} +0000",
           f"Message-ID: <{g.hexs(16)}.{g.n(1000, 9999)}@{dom}>", "MIME-Version: 1.0", 'Content-Type: text/plain; charset="UTF-8"', "",
           f"Hi {b.title()},", "", g.c(["As discussed, here are the credentials you will need:", "Below are the details for the integration.",
                                         "Handing this over before I go on leave:", "Here is the config the vendor asked for:"]), ""]
    for e in entries:
        k = e["kind"]
        if k == "line":
            out.append(f"  {e['env']}: {doc.v(e)}")
        elif k == "cmd":
            out += ["", "To restore the backup run:", "", "    " + doc.v(e), ""]
        else:
            label = g.c(["Key file contents:", "Deploy key:", "Paste this into the secret store:"]) if k == "block" else \
                g.c(["Service account JSON:", "GCP key file (paste into the secret store):"])
            out += ["", label, "", doc.v(e), ""]
    out += ["", g.c(["Please don't forward this.", "Let me know if anything is missing.", "Delete after use."]), "", "Thanks,", a.title()]
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------------------- git diff
def r_diff(g, doc, entries):
    out = []
    if g.p(0.5):
        out += [f"commit {g.sha1()}", f"Author: {g.user().title()} <{g.email()}>",
                f"Date:   {g.c(['Mon', 'Tue', 'Wed', 'Thu', 'Fri'])} {g.c(['Mar', 'Jun', 'Sep', 'Nov'])} {g.n(1, 28)} {g.time()} {g.n(2023, 2025)} +0200",
                "", f"    {g.c(['add prod config', 'wip: deploy fixes', 'configure integrations', 'hotfix: restore env', 'ci: add deploy step'])}", ""]
    lines = [e for e in entries if e["kind"] == "line"]
    if lines:
        ftype = g.c(["env", "py", "yml"])
        fn = {"env": g.c([".env", ".env.production", "deploy/.env.staging"]), "py": f"{g.app().replace('-', '_')}/settings.py",
              "yml": g.c(["config/production.yml", "helm/values-prod.yaml"])}[ftype]
        body = []
        ctx = {"env": ["NODE_ENV=production", f"PORT={g.c([3000, 8080])}"], "py": ["DEBUG = False", f'TIME_ZONE = "UTC"'],
               "yml": ["replicaCount: 2", f"image: {g.org()}/{g.app()}"]}[ftype]
        body.append(" " + ctx[0])
        for e in lines:
            if is_secret(e) and g.p(0.3):
                old = g.c(["changeme", "", "TODO", "xxx"])
                body.append("-" + {"env": f"{e['env']}={old}", "py": f'{e["env"]} = "{old}"', "yml": f"{e['key']}: {old}"}[ftype])
            body.append("+" + {"env": f"{e['env']}={doc.v(e)}" if ftype == "env" else None,
                               "py": f'{e["env"]} = "{doc.v(e)}"' if ftype == "py" else None,
                               "yml": f"{e['key']}: {doc.v(e)}" if ftype == "yml" else None}[ftype])
        body.append(" " + ctx[1])
        a = g.n(1, 40)
        minus = sum(1 for x in body if x[0] in " -")
        plus = sum(1 for x in body if x[0] in " +")
        out += [f"diff --git a/{fn} b/{fn}", f"index {g.hexs(7)}..{g.hexs(7)} 100644", f"--- a/{fn}", f"+++ b/{fn}",
                f"@@ -{a},{minus} +{a},{plus} @@"] + body
    for e in entries:
        k = e["kind"]
        if k == "block":
            fn = g.c(["deploy/id_rsa", "keys/private.pem", ".ssh/deploy_key", "certs/server.key"])
            n = e["disp"].count("\n") + 1
            out += [f"diff --git a/{fn} b/{fn}", "new file mode 100600", f"index 0000000..{g.hexs(7)}", "--- /dev/null", f"+++ b/{fn}",
                    f"@@ -0,0 +1,{n} @@", "+" + doc.v(e, T_pre("+"))]
        elif k == "sa":
            fn = g.c(["secrets/gcp-sa.json", "credentials.json", f"infra/{g.word()}-key.json"])
            n = e["disp"].count("\n") + 1
            out += [f"diff --git a/{fn} b/{fn}", "new file mode 100644", f"index 0000000..{g.hexs(7)}", "--- /dev/null", f"+++ b/{fn}",
                    f"@@ -0,0 +1,{n} @@", "+" + doc.v(e, T_pre("+"))]
        elif k == "cmd":
            fn = g.c(["scripts/backup.sh", "Makefile", "scripts/deploy.sh", "bin/restore"])
            a = g.n(3, 60)
            out += [f"diff --git a/{fn} b/{fn}", f"index {g.hexs(7)}..{g.hexs(7)} 100755", f"--- a/{fn}", f"+++ b/{fn}",
                    f"@@ -{a},3 +{a},4 @@", " set -euo pipefail" if fn != "Makefile" else " backup:",
                    " echo \"starting\"" if fn != "Makefile" else "\t@echo starting",
                    ("+" if fn != "Makefile" else "+\t") + doc.v(e), " echo \"done\"" if fn != "Makefile" else "\t@echo done"]
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------------------- jupyter
def src(lines):
    return [l + "\n" for l in lines[:-1]] + [lines[-1]]


def r_ipynb(g, doc, entries):
    code = []
    imports = ["import os", "import pandas as pd"]
    for e in entries:
        k = e["kind"]
        if k == "line":
            u = py_usage(g, doc, e) if False else None
            code.append(g.c([f'os.environ["{e["env"]}"] = "{doc.v(e, comp(T_json, T_id)) and e["disp"]}"',
                             f'{e["env"]} = "{e["disp"]}"']))
        elif k == "block":
            code.append(f'{e["env"]} = "{T_nl(e["disp"])}"')
            doc.mark(e, comp(T_json, T_nl))
        elif k == "sa":
            code += ("sa_info = " + e["disp"]).split("\n")
            doc.mark(e, T_json)
        else:
            code.append("!" + e["disp"])
            doc.mark(e, T_json)
    # line entries were marked via doc.v with T_json (no-op for these values); block/sa/cmd marked explicitly
    cells = [
        {"cell_type": "markdown", "metadata": {}, "source": src([f"# {g.c(['Exploration', 'Eval run', 'Fine-tuning', 'Data pull'])}: {g.word()} {g.word()}", "", f"Notebook for {g.app()} ({g.date()})"])},
        {"cell_type": "code", "execution_count": 1, "metadata": {}, "outputs": [], "source": src(imports)},
        {"cell_type": "code", "execution_count": 2, "metadata": {}, "outputs": [], "source": src(code)},
        {"cell_type": "code", "execution_count": 3, "metadata": {}, "outputs": [
            {"name": "stdout", "output_type": "stream", "text": [f"run_id={g.uuid()}\n", f"rows={g.n(100, 90000)}\n"]}],
         "source": src([f"df = pd.read_parquet(\"s3://{g.org()}-{g.word()}/{g.date()}/part-0.parquet\")", "print(f\"rows={len(df)}\")"])},
    ]
    nb = {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                                       "language_info": {"name": "python", "version": "3.11." + str(g.n(2, 9))}},
          "nbformat": 4, "nbformat_minor": 5}
    if g.p(0.5):
        for i, cell in enumerate(cells):
            cell["id"] = g.hexs(8)
    return json.dumps(nb, indent=1) + "\n"


# ----------------------------------------------------------------------------- markdown
def r_md(g, doc, entries):
    app = g.app()
    out = [f"# {app}", "", g.c([f"Internal service that handles {g.word()} {g.word()} for the {g.word()} team.",
                                 f"Small tool to sync {g.word()} data into the warehouse.", f"Runbook for the {app} deployment."]), ""]
    if g.p(0.4):
        out += [f"![build](https://github.com/{g.org()}/{app}/actions/workflows/ci.yml/badge.svg) "
                f"![commit](https://img.shields.io/badge/commit-{g.hexs(7)}-blue)", ""]
    lines = [e for e in entries if e["kind"] == "line"]
    if lines:
        fmt = g.c(["env", "yaml"])
        out += ["## Configuration", "", g.c(["Create a `.env` file in the project root:", "Use these settings for local testing:",
                                             "Current production values (keep in sync with the dashboard):"]), "",
                "```" + ("bash" if fmt == "env" else "yaml")]
        for e in lines:
            out.append(f"{e['env']}={doc.v(e)}" if fmt == "env" else f"{e['key']}: {doc.v(e)}")
        out += ["```", ""]
    for e in entries:
        k = e["kind"]
        if k == "block":
            out += ["## Deploy key", "", "The CI deploy key (read-only on the repo):", "", "```", doc.v(e), "```", ""]
        elif k == "sa":
            out += ["## GCP access", "", "Save as `key.json` and export `GOOGLE_APPLICATION_CREDENTIALS`:", "", "```json", doc.v(e), "```", ""]
        elif k == "cmd":
            out += ["## Maintenance", "", "```bash", doc.v(e), "```", ""]
    out += ["## License", "", "Proprietary."]
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------------------- curl
def curl_for(g, doc, e):
    f = e["fam"]
    d = g.domain()
    if f == "cmd" or e["kind"] == "cmd":
        return doc.v(e)
    v = doc.v(e)
    if f in ("github-token", "github-fine-grained-pat"):
        return g.c([f'curl -H "Authorization: token {v}" https://api.github.com/repos/{g.org()}/{g.app()}/actions/runs?per_page=5',
                    f'curl -L -H "Accept: application/vnd.github+json" -H "Authorization: Bearer {v}" -H "X-GitHub-Api-Version: 2022-11-28" https://api.github.com/user/repos'])
    if f == "gitlab-token":
        return f'curl --header "PRIVATE-TOKEN: {v}" "https://gitlab.com/api/v4/projects/{g.n(1000000, 60000000)}/pipelines?status=failed"'
    if f == "slack-token":
        return f"curl -X POST -H \"Authorization: Bearer {v}\" -H 'Content-type: application/json' --data '{{\"channel\":\"C{g.s('ABCDEFGHJKLMNPQRSTUVWXYZ0123456789', 10)}\",\"text\":\"deploy done\"}}' https://slack.com/api/chat.postMessage"
    if f == "slack-webhook":
        return f"curl -X POST -H 'Content-type: application/json' --data '{{\"text\":\"Build #{g.n(100, 9999)} passed\"}}' {v}"
    if f == "discord-webhook":
        return f"curl -H \"Content-Type: application/json\" -d '{{\"username\": \"ci\", \"content\": \"release {g.semver()} is out\"}}' \"{v}\""
    if f == "telegram-bot-token":
        return f'curl -s "https://api.telegram.org/bot{v}/sendMessage" -d chat_id=-100{g.digits(10)} -d text="backup ok"'
    if f == "stripe-key":
        return f"curl https://api.stripe.com/v1/{g.c(['charges', 'customers', 'payment_intents'])} -u {v}: -d limit=3"
    if f == "openai-api-key":
        return (f'curl https://api.openai.com/v1/chat/completions -H "Content-Type: application/json" -H "Authorization: Bearer {v}" '
                f"-d '{{\"model\": \"gpt-4o-mini\", \"messages\": [{{\"role\": \"user\", \"content\": \"ping\"}}]}}'")
    if f == "anthropic-api-key":
        return (f'curl https://api.anthropic.com/v1/messages -H "x-api-key: {v}" -H "anthropic-version: 2023-06-01" '
                f"-H \"content-type: application/json\" -d '{{\"model\": \"claude-3-5-haiku-latest\", \"max_tokens\": 64, \"messages\": [{{\"role\": \"user\", \"content\": \"hi\"}}]}}'")
    if f == "huggingface-token":
        return f'curl https://huggingface.co/api/whoami-v2 -H "Authorization: Bearer {v}"'
    if f == "npm-token":
        return f'curl -s -H "Authorization: Bearer {v}" https://registry.npmjs.org/-/npm/v1/tokens'
    if f == "pypi-token":
        return f'curl -u __token__:{v} -F ":action=file_upload" -F "content=@dist/{g.app()}-{g.semver()}.tar.gz" https://upload.pypi.org/legacy/'
    if f == "gcp-api-key":
        return g.c([f'curl "https://maps.googleapis.com/maps/api/geocode/json?address=1600+Amphitheatre+Parkway&key={v}"',
                    f'curl -H "Content-Type: application/json" -d \'{{"contents":[{{"parts":[{{"text":"hello"}}]}}]}}\' "https://generativelanguage.googleapis.com/v1beta/models/gemini-1.5-flash:generateContent?key={v}"'])
    if f == "jwt":
        return f'curl -sS -H "Authorization: Bearer {v}" https://api.{d}/v2/{g.c(["orders", "me", "accounts", "invoices"])}'
    if f == "aws-access-key-id":
        return f'curl --aws-sigv4 "aws:amz:{g.region()}:s3" --user "{v}:$AWS_SECRET_ACCESS_KEY" https://{g.org()}-{g.word()}.s3.amazonaws.com/'
    if f == "generic-assignment":
        return g.c([f'curl -H "X-API-Key: {v}" https://api.{d}/v1/{g.word()}', f'curl "https://api.{d}/v1/{g.word()}?api_key={v}"'])
    raise ValueError(f)


def r_curl(g, doc, entries):
    pr = g.c(["$ ", "", "% "])
    out = []
    for e in entries:
        cmd = curl_for(g, doc, e)
        if g.p(0.3) and cmd.startswith("curl "):
            cmd = cmd.replace(" -H ", " \\\n  -H ").replace(" -d ", " \\\n  -d ")
        out.append(pr + cmd)
        if g.p(0.6):
            out += [g.c([f'{{"ok":true,"id":"{g.uuid()}"}}', f"HTTP/2 200\ncontent-type: application/json\nx-request-id: {g.uuid()}\netag: W/\"{g.hexs(32)}\"",
                         f'{{"status":"queued","request_id":"req_{g.s("abcdefghijklmnopqrstuvwxyz0123456789", 24)}"}}', "ok"])]
    return "\n".join(out) + "\n"


RENDERERS = {
    ".env": r_env, "yaml-config": r_yaml, "json-config": r_json, "python": r_python, "javascript": r_js,
    "shell-history": r_shell, "ci-log": r_ci, "docker-compose": r_compose, "kubernetes-secret": r_k8s, "terraform": r_tf,
    "stack-trace": r_trace, "chat-message": r_chat, "email": r_email, "curl-command": r_curl, "git-diff": r_diff,
    "jupyter-notebook": r_ipynb, "markdown": r_md,
}
