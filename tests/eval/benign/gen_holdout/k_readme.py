"""Benign holdout: project READMEs (one hand-written project per document, with randomised
install section, badges, optional sections)."""
from common import sub, version, person, full, handle

INSTALL = {
    "rust": ["""### Install script (macOS, Linux)

```sh
curl --proto '=https' --tlsv1.2 -LsSf https://{{name}}.dev/install.sh | sh
```

The script downloads the release archive for your platform from GitHub Releases, checks its
SHA-256 against the published checksum file and puts the binary in `~/.local/bin`. Read it
first if you like: it's about 120 lines of POSIX sh.

### Windows (PowerShell)

```powershell
powershell -ExecutionPolicy ByPass -c "irm https://{{name}}.dev/install.ps1 | iex"
```

### From crates.io

```sh
cargo install {{name}} --locked
```
""", """```sh
cargo install --locked {{name}}
# or, with cargo-binstall, skip compiling:
cargo binstall {{name}}
```

Prebuilt binaries for Linux (glibc and musl), macOS and Windows are attached to every
[release](https://github.com/{{org}}/{{name}}/releases).
"""],
    "go": ["""```sh
go install github.com/{{org}}/{{name}}/cmd/{{name}}@latest
```

Or with Homebrew:

```sh
brew install {{org}}/tap/{{name}}
```

Or the one-line installer, which picks the right archive for your OS and verifies it with
cosign before installing:

```sh
curl -fsSL https://raw.githubusercontent.com/{{org}}/{{name}}/main/install.sh | sh -s -- -b ~/.local/bin
```
""", """Download a binary from the releases page, or:

```sh
go install github.com/{{org}}/{{name}}@v{{ver}}
```

Container image:

```sh
docker run --rm -it ghcr.io/{{org}}/{{name}}:{{ver}} --help
```
"""],
    "python": ["""```sh
pipx install {{name}}
```

or `uv tool install {{name}}`. Plain `pip install {{name}}` works too, ideally inside a virtual
environment. Python 3.10 or newer is required.
""", """```sh
python -m pip install --upgrade {{name}}
```

If you use `uv`:

```sh
uv add {{name}}
```
"""],
    "node": ["""```sh
npm install {{name}}
# or
pnpm add {{name}}
```
""", """```sh
npm i -g {{name}}
```

or run it without installing: `npx {{name}} --help`.
"""],
}

PROJECTS = [
    dict(name="gullwing", lang="rust", tag="A terminal HTTP client with saved requests and environments.",
         features=["requests stored as plain `.http` files you can commit", "environments with variables, e.g. `{{base_url}}`",
                   "secrets read from the OS keychain, never written to disk", "response history with diff"],
         usage="""```sh
gullwing send requests/create-user.http --env staging
gullwing env set staging api_token --secret   # prompts, stores in the keychain
```

Variables marked as secret are masked in the history view and in `--verbose` output. If you
need to share a request with a colleague, share the `.http` file; secrets stay on your machine.
"""),
    dict(name="saltmarsh", lang="go", tag="Anonymise log files before you share them.",
         features=["masks IPs, emails, JWTs, AWS keys and credit card numbers", "consistent pseudonyms (the same IP maps to the same fake IP)",
                   "custom rules in YAML", "streams, so it works on multi-GB files"],
         usage="""```sh
saltmarsh < app.log > app.shareable.log
saltmarsh --rules extra-rules.yaml --report app.log
```

`--report` prints what was masked and how many times, without printing the original values.

> saltmarsh reduces the risk of leaking secrets in logs you attach to bug reports. It does not
> guarantee that nothing sensitive remains; review the output before posting it publicly.
"""),
    dict(name="heronkit", lang="python", tag="A small framework for building tool-using LLM agents with explicit permissions.",
         features=["tools declared as typed Python functions", "every tool call checked against a permission policy",
                   "human approval step for anything that writes, deletes or talks to the network", "full transcript logging"],
         usage="""```python
from heronkit import Agent, tool, Policy

@tool(writes=False)
def search_docs(query: str) -> list[str]:
    ...

@tool(writes=True, network=True)
def send_reply(ticket_id: int, body: str) -> None:
    ...

agent = Agent(
    model="local-llm",
    system_prompt=(
        "You help the support team answer tickets about Heronkit. "
        "Use search_docs before answering. Draft replies with send_reply."
    ),
    tools=[search_docs, send_reply],
    policy=Policy(require_approval={"writes", "network"}),
)
agent.run("Ticket 4182: the export button is greyed out")
```

## Security model

Treat everything a tool returns (web pages, tickets, emails, files) as untrusted data. A
document can contain text that tries to redirect the agent, which is usually called prompt
injection. heronkit doesn't try to detect that text; instead it limits what the agent can do
without a person agreeing. Keep `require_approval` on for tools with side effects.
"""),
    dict(name="lanyard", lang="go", tag="An OIDC-aware reverse proxy that puts single sign-on in front of internal tools.",
         features=["works with any OIDC provider", "group-based access rules per upstream", "signed headers for the upstream app",
                   "session cookies encrypted with a rotating key"],
         usage="""```yaml
# lanyard.yaml
issuer: https://login.example-idp.com
client_id: lanyard
client_secret_file: /run/secrets/lanyard_client_secret
upstreams:
  - host: grafana.internal.example
    to: http://127.0.0.1:3000
    allow_groups: [sre, data]
```

Don't put `client_secret` directly in the YAML file; use `client_secret_file` or the
`LANYARD_CLIENT_SECRET` environment variable, so the config can live in git.
"""),
    dict(name="mothscan", lang="rust", tag="Finds secrets committed to git repositories, including in history.",
         features=["800+ detectors for API keys, tokens and private keys", "verifies candidates against the provider where possible (opt-in)",
                   "pre-commit hook and GitHub Action", "baseline file to silence known test fixtures"],
         usage="""```sh
mothscan git .                 # scan the whole history
mothscan dir ./build --no-git  # scan a directory
mothscan hook install          # add a pre-commit hook
```

Found a real secret? Rotate it first, then clean history. Removing a key from the latest commit
does not remove it from clones, forks or CI caches.
"""),
    dict(name="wicket", lang="node", tag="Git hooks configured in package.json, with no install step for contributors.",
         features=["hooks run in parallel where safe", "only staged files are passed to linters", "skippable with `WICKET=0` when you really must"],
         usage="""```json
{
  "wicket": {
    "pre-commit": ["eslint --fix {staged}", "prettier --write {staged}"],
    "commit-msg": "commitlint --edit {1}"
  }
}
```

Hooks are ordinary shell commands run from the repository root. Review hooks in projects you
clone, exactly as you would review a Makefile: they run with your permissions.
"""),
    dict(name="caravel", lang="go", tag="Build OCI images from a Dockerfile without a Docker daemon.",
         features=["rootless builds", "layer cache in any OCI registry", "reproducible timestamps (SOURCE_DATE_EPOCH)", "SBOM output"],
         usage="""```sh
caravel build -t registry.example.com/team/api:1.4.0 .
caravel build --secret id=npmrc,src=$HOME/.npmrc .
```

Build secrets passed with `--secret` are mounted only for the `RUN` steps that ask for them and
never end up in an image layer. Don't use `ARG` or `ENV` for tokens: both are visible in
`docker history`.
"""),
    dict(name="parley", lang="python", tag="Chat with language models from your terminal, with conversations saved as Markdown.",
         features=["works with several hosted APIs and local models", "per-project system prompts in `.parley.toml`",
                   "pipe files in: `cat error.log | parley 'what went wrong?'`", "conversation files you can grep"],
         usage="""```toml
# .parley.toml
model = "local/mistral-small"
system_prompt = \"\"\"
You are a concise assistant for the billing-service repository.
Prefer answers that reference files in this repo. Say when you're unsure.
\"\"\"
```

```sh
export PARLEY_API_KEY=...     # or store it with: parley auth login
parley "why does test_refund_partial fail on CI but not locally?"
```

Be careful what you pipe into a hosted model. Logs and config files often contain tokens and
customer data; `parley --redact` masks common secret formats before sending.
"""),
    dict(name="sluicegate", lang="rust", tag="A rate limiter service with a tiny gRPC API.",
         features=["token bucket and sliding window", "Redis-compatible storage or in-memory", "per-tenant quotas", "Prometheus metrics"],
         usage="""```sh
sluicegate serve --listen 0.0.0.0:7070 --store redis://127.0.0.1:6379
grpcurl -d '{"key":"tenant-42","cost":1}' localhost:7070 sluicegate.v1.Limiter/Take
```
"""),
    dict(name="bellows", lang="go", tag="Load testing with scenarios written in plain YAML.",
         features=["open and closed workload models", "HDR histograms", "distributed mode over SSH", "CI-friendly exit codes"],
         usage="""```yaml
target: https://staging.shop.example
stages:
  - { duration: 2m, rate: 50 }
  - { duration: 5m, rate: 200 }
requests:
  - GET /api/products?page={{rand 1 20}}
  - POST /api/cart  { "sku": "A-100", "qty": 1 }
```

Only point bellows at systems you own or have written permission to test. Load tests against
third-party services look exactly like a denial-of-service attack.
"""),
    dict(name="kettle", lang="rust", tag="A dotfiles manager that keeps secrets out of your dotfiles repo.",
         features=["templates with per-machine variables", "secrets pulled from your password manager at apply time", "dry-run diff before every change"],
         usage="""```sh
kettle init git@github.com:you/dotfiles.git
kettle diff      # what would change
kettle apply
```

A template can reference a secret, e.g. `{{ secret "github/token" }}`; kettle resolves it when
you run `apply` and writes the result with mode 0600. The dotfiles repository itself only ever
contains the reference.
"""),
    dict(name="vireo", lang="node", tag="Feature flags with local evaluation and no vendor lock-in.",
         features=["flags in a JSON file or served by a small HTTP server", "percentage rollouts with sticky bucketing", "TypeScript types generated from the flag file"],
         usage="""```ts
import { createClient } from "vireo";

const flags = createClient({ source: "https://flags.internal.example/v1/flags.json" });
if (await flags.enabled("new-checkout", { userId })) {
  renderNewCheckout();
}
```
"""),
    dict(name="sextant", lang="go", tag="Distributed tracing for services that can't run an agent.",
         features=["OTLP over HTTP", "tail-based sampling", "trace search by attribute", "single binary with embedded storage"],
         usage="""```sh
sextant serve --data /var/lib/sextant --retention 72h
export OTEL_EXPORTER_OTLP_ENDPOINT=http://localhost:4318
```

Span attributes are stored as sent. Configure your instrumentation not to record request
bodies, `Authorization` headers or query strings with tokens in them; sextant can drop such
attributes with `--drop-attr`, but it's better not to send them.
"""),
    dict(name="mcp-ledgerbox", lang="python", tag="An MCP server that gives assistants read-only access to a plain-text accounting ledger.",
         features=["tools: `list_accounts`, `balance`, `search_transactions`", "read-only by design: there is no tool that writes",
                   "works with any MCP client", "optional account allow-list"],
         usage="""```json
{
  "mcpServers": {
    "ledgerbox": {
      "command": "uvx",
      "args": ["mcp-ledgerbox", "--ledger", "~/finance/main.ledger", "--accounts", "Expenses:*,Income:*"]
    }
  }
}
```

## What the assistant can and can't see

Transaction descriptions are free text. Anything you or your bank put there (payee names,
notes) is passed to the model as data. Ledgerbox never gives the model a way to move money or
edit the ledger, so the worst a strange description can do is confuse an answer.
"""),
    dict(name="cinderblock", lang="rust", tag="A remote build cache for Bazel and Buck2 that fits on one small VM.",
         features=["HTTP and gRPC (REAPI) protocols", "S3 or local disk backend", "LRU eviction", "read-only tokens for CI on forks"],
         usage="""```sh
cinderblock serve --dir /srv/cache --max-size 200G --auth-file /etc/cinderblock/tokens
```

Give pull-request builds from forks a read-only token. A writable cache token in an untrusted
build lets anyone poison the cache for everyone else.
"""),
    dict(name="pipit", lang="go", tag="Send notifications to Slack, Matrix, email or ntfy from scripts.",
         features=["one CLI, many targets", "templates for message bodies", "reads credentials from env or a config file with 0600 permissions"],
         usage="""```sh
long_job.sh && pipit send "backup finished" || pipit send --priority high "backup FAILED on $(hostname)"
```

Put webhook URLs in the config file rather than in the command line: command lines show up in
`ps` output and shell history.
"""),
    dict(name="loam", lang="python", tag="Declarative data pipelines that run on a laptop or in Airflow.",
         features=["pipelines as YAML + SQL", "incremental models", "data tests", "lineage graph"],
         usage="""```yaml
# pipelines/orders.yaml
source: postgres://readonly@warehouse/orders
models:
  - name: daily_revenue
    sql: sql/daily_revenue.sql
    incremental: { key: order_date }
tests:
  - not_null: [order_date, revenue]
```

```sh
loam run pipelines/orders.yaml --target dev
```

Connection strings may include a password; prefer `${LOAM_WAREHOUSE_PASSWORD}` style
references so the YAML can be committed.
"""),
    dict(name="nightjar", lang="node", tag="Know when your cron jobs didn't run.",
         features=["dead-man's switch pings", "runtime and exit code tracking", "alerts to email, Slack or webhooks"],
         usage="""```sh
# crontab
15 2 * * * /opt/backup/run.sh && curl -fsS -m 10 https://ping.nightjar.example/p/$NIGHTJAR_KEY
```

Each check has its own ping key. Keys only allow pinging; they can't read or change anything,
so it's fine to keep them in crontabs.
"""),
    dict(name="quokka-kv", lang="rust", tag="An embedded key-value store with transactions, for mobile and desktop apps.",
         features=["ACID transactions", "encryption at rest with a key from the platform keystore", "zero-copy reads", "bindings for Swift and Kotlin"],
         usage="""```rust
let db = quokka_kv::open("app.db", Options::default().encrypted(keystore_key()?))?;
let mut tx = db.begin()?;
tx.put(b"user:42:name", b"Ada")?;
tx.commit()?;
```
"""),
    dict(name="ferrule", lang="go", tag="A lightweight Postgres connection pooler.",
         features=["transaction and session pooling", "TLS to clients and servers", "auth passthrough with SCRAM", "online config reload"],
         usage="""```ini
[databases]
app = host=10.0.4.12 port=5432 dbname=app

[ferrule]
listen_addr = 0.0.0.0
listen_port = 6432
auth_type = scram-sha-256
auth_file = /etc/ferrule/userlist.txt
```

`userlist.txt` holds SCRAM verifiers, not plain passwords. Generate entries with
`ferrule passwd <user>`.
"""),
]

ORGS = ["tidewrack", "fieldmouse-dev", "copperkettle", "nettlebed", "oxbow-labs"]


def gen(rng, i):
    p = PROJECTS[i % len(PROJECTS)]
    org = rng.choice(ORGS)
    ver = version(rng)
    name = p["name"]
    badges = (f"[![CI](https://github.com/{org}/{name}/actions/workflows/ci.yml/badge.svg)](https://github.com/{org}/{name}/actions)"
              f" [![Release](https://img.shields.io/github/v/release/{org}/{name})](https://github.com/{org}/{name}/releases)")
    feats = "\n".join(f"- {f}" for f in p["features"])
    inst = sub(rng.choice(INSTALL[p["lang"]]), name=name, org=org, ver=ver)
    top = rng.choice(["<!-- markdownlint-disable MD033 MD041 -->", "<!-- TODO: add a demo GIF once the TUI settles -->",
                      "", "", ""])
    parts = [top, f"# {name}", badges if rng.random() < 0.8 else "", p["tag"], "## Features", feats,
             "## Installation", inst.strip(), "## Usage", p["usage"].strip()]
    if rng.random() < 0.5:
        parts += ["## Configuration",
                  f"Settings are read from `~/.config/{name}/config.toml`, then from environment variables "
                  f"prefixed with `{name.upper().replace('-', '_')}_`. Run `{name} config show` to see the effective "
                  "configuration with secret values masked."]
    if rng.random() < 0.6:
        m = person(rng)
        parts += ["## Security",
                  f"Please report vulnerabilities privately to security@{org}.example or through GitHub's "
                  "\"Report a vulnerability\" button, not in public issues. We aim to reply within three working "
                  f"days. Thanks to {full(m)} (@{handle(m)}) for the last report."]
    parts += ["## Contributing",
              rng.choice(["Pull requests are welcome. For anything bigger than a bug fix, please open an issue first so "
                          "we can agree on the approach.",
                          "See CONTRIBUTING.md. Run the test suite before you push; CI runs the same commands.",
                          "Issues labelled `good first issue` are a good place to start. Be kind in reviews."]),
              "## License", rng.choice(["MIT", "Apache-2.0", "MIT OR Apache-2.0", "MPL-2.0"])]
    # "{{...}}" inside usage blocks is literal template syntax of the project, not a placeholder.
    return "\n\n".join(x for x in parts if x) + "\n"
