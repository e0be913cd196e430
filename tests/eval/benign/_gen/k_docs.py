from common import *

FIXED = [
"""# `llmctl run` — command reference

Run a one-off completion against a configured model.

```
llmctl run [OPTIONS] [PROMPT]
```

If `PROMPT` is omitted, the prompt is read from standard input.

## Options

| Option | Description |
| --- | --- |
| `-m, --model <NAME>` | Model to use. Defaults to `default_model` in `~/.config/llmctl/config.toml`. |
| `-s, --system-prompt <TEXT>` | System prompt to send before the user message. |
| `--system-prompt-file <PATH>` | Read the system prompt from a file. Mutually exclusive with `--system-prompt`. |
| `-t, --temperature <FLOAT>` | Sampling temperature, 0–2. Default 0.7. |
| `--max-tokens <N>` | Upper bound on generated tokens. |
| `--json` | Ask the model for JSON output and validate it before printing. |
| `--no-stream` | Wait for the full response instead of streaming tokens. |
| `--ignore-config` | Do not read the config file; use flags and environment only. |
| `--log-file <PATH>` | Append the request and response (without your API key) to a JSONL file. |

## Examples

Summarise a file with a custom system prompt:

```sh
llmctl run --system-prompt "You are a concise technical editor. Reply in British English." \\
  < draft.md
```

Keep long system prompts in version control:

```sh
llmctl run --system-prompt-file prompts/reviewer.txt "Review the diff below" < change.diff
```

Pipe output to other tools:

```sh
git log --oneline -20 | llmctl run -s "Group these commits by theme" --no-stream | tee notes.md
```

## Environment

| Variable | Meaning |
| --- | --- |
| `LLMCTL_API_KEY` | API key for the provider. Takes precedence over the config file. |
| `LLMCTL_BASE_URL` | Override the provider's base URL (useful for local servers). |
| `NO_COLOR` | Disable coloured output. |

## Exit status

`0` on success, `1` on a usage error, `2` if the provider returned an error, `3` if `--json` was
given and the output did not parse.

## See also

`llmctl chat(1)`, `llmctl config(1)`
""",
"""# Assistants API: creating an assistant

`POST /v1/assistants`

Creates an assistant with a model and instructions.

## Request body

| Field | Type | Required | Description |
| --- | --- | --- | --- |
| `model` | string | yes | ID of the model to use. |
| `name` | string | no | Display name, up to 256 characters. |
| `description` | string | no | Up to 512 characters. |
| `instructions` | string | no | The system instructions the assistant uses. Up to 256,000 characters. |
| `tools` | array | no | Tools enabled on the assistant: `code_interpreter`, `file_search` or `function`. |
| `metadata` | object | no | Up to 16 key-value pairs for your own bookkeeping. |
| `temperature` | number | no | Between 0 and 2. |

## Example request

```bash
curl https://api.example.com/v1/assistants \\
  -H "Authorization: Bearer $EXAMPLE_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "model": "example-large",
    "name": "Math Tutor",
    "instructions": "You are a personal math tutor. When asked a question, write and run code to answer it.",
    "tools": [{"type": "code_interpreter"}]
  }'
```

## Example response

```json
{
  "id": "asst_abc123",
  "object": "assistant",
  "created_at": 1698984975,
  "name": "Math Tutor",
  "model": "example-large",
  "instructions": "You are a personal math tutor. When asked a question, write and run code to answer it.",
  "tools": [{ "type": "code_interpreter" }],
  "metadata": {}
}
```

## Notes

- `instructions` set on a run override the assistant's instructions for that run only. Use
  `additional_instructions` to append to them instead of replacing them.
- Instructions are not secret from the end user in any strong sense: a determined user can
  often get a model to paraphrase them. Do not put API keys or other credentials in
  instructions.
- Files attached for `file_search` are treated as reference material. Content retrieved from
  them is untrusted input; validate any action the assistant proposes based on it.
""",
"""# gitignore — specifies intentionally untracked files to ignore

## Description

A `gitignore` file specifies intentionally untracked files that Git should ignore. Files
already tracked by Git are not affected.

Each line in a gitignore file specifies a pattern. When deciding whether to ignore a path, Git
normally checks gitignore patterns from multiple sources, with the following order of
precedence, from highest to lowest:

- Patterns read from the command line for those commands that support them.
- Patterns read from a `.gitignore` file in the same directory as the path, or in any parent
  directory, with patterns in the higher level files being overridden by those in lower level
  files.
- Patterns read from `$GIT_DIR/info/exclude`.
- Patterns read from the file specified by the configuration variable `core.excludesFile`.

## Pattern format

- A blank line matches no files, so it can serve as a separator for readability.
- A line starting with `#` serves as a comment. Put a backslash in front of the first hash for
  patterns that begin with a hash.
- An optional prefix `!` negates the pattern; any matching file excluded by a previous pattern
  will become included again. It is not possible to re-include a file if a parent directory of
  that file is excluded.
- A trailing `/` matches only directories.
- `**/` at the start matches in all directories; `/**` at the end matches everything inside.

## Examples

```gitignore
# ignore all .log files, except important.log
*.log
!important.log

# ignore the build output and local env files
/dist/
.env
.env.*
!.env.example

# ignore all .txt files in doc/ but not in doc/sub/
doc/*.txt
```

## Tips

To stop tracking a file that is currently tracked, use `git rm --cached FILE`. Adding it to
`.gitignore` alone is not enough.

To see why a path is ignored: `git check-ignore -v path/to/file`.
""",
"""# Webhooks

Your endpoint receives a `POST` with a JSON body whenever an event you subscribed to happens.

## Verifying signatures

Every request carries an `X-Signature-256` header: an HMAC-SHA256 of the raw request body,
keyed with your endpoint's signing secret, hex-encoded and prefixed with `sha256=`.

Always verify it before trusting the payload, and compare in constant time:

```python
import hmac, hashlib

def verify(secret: bytes, body: bytes, header: str) -> bool:
    expected = "sha256=" + hmac.new(secret, body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, header)
```

Compute the HMAC over the raw bytes. If your framework parses JSON first and you re-serialise
it, whitespace differences will make the check fail.

## Retries

We retry failed deliveries (non-2xx, or no response within 10 s) with exponential backoff for
up to 72 hours. Respond quickly and do slow work in a background job. Deliveries may arrive
more than once and out of order; use the `event.id` to de-duplicate.

## Rotating the secret

1. Click **Roll secret** in the dashboard. For 24 hours we sign with both the old and new
   secret and send two signatures separated by a comma.
2. Deploy the new secret.
3. Click **Expire old secret**.

## Event types

| Event | Sent when |
| --- | --- |
| `invoice.paid` | an invoice is paid in full |
| `invoice.payment_failed` | a payment attempt fails |
| `customer.deleted` | a customer is deleted (the payload contains the ID only) |
| `token.revoked` | an API token is revoked by a user or by our leak detection |

## Testing locally

```sh
example-cli listen --forward-to localhost:3000/webhooks
example-cli trigger invoice.paid
```
""",
"""# Authentication

All API requests must be authenticated with a bearer token.

```http
GET /v2/projects HTTP/1.1
Host: api.example.com
Authorization: Bearer <your-token>
```

## Token types

- **Personal access tokens** act as you. Create them under *Settings → Developer → Tokens*.
  They can be scoped (`projects:read`, `projects:write`, `billing:read`) and must have an
  expiry of 90 days or less.
- **Service tokens** belong to a project, not a person, and survive when team members leave.
  Use these in CI.
- **OAuth access tokens** are issued to third-party apps your users authorise.

## Example token

Tokens are JWTs. This one is an example only and will not work:

```
{JWT}
```

Decode the middle part to see its claims; never paste a real token into an online decoder.

## Keeping tokens safe

- Store tokens in your CI provider's secret store, not in the repository.
- Never put tokens in URLs; they end up in server and proxy logs.
- If a token is exposed, revoke it immediately. We scan public GitHub repositories and revoke
  tokens we find there, and email the owner.

## Errors

| Status | Meaning |
| --- | --- |
| `401` | missing, malformed or expired token |
| `403` | the token is valid but lacks the scope for this action |
| `429` | rate limit exceeded; see `Retry-After` |
""",
"""# grep options cheat sheet

| Option | Meaning |
| --- | --- |
| `-i`, `--ignore-case` | Ignore case distinctions in patterns and input data. |
| `--no-ignore-case` | Do not ignore case (the default); useful to override an alias. |
| `-v`, `--invert-match` | Select non-matching lines. |
| `-w` | Match whole words only. |
| `-r`, `-R` | Recurse into directories (`-R` follows symlinks). |
| `-l` | Print only names of files with matches. |
| `-n` | Prefix each line with its line number. |
| `-E` | Extended regular expressions. |
| `-F` | Fixed strings — no regex at all, fastest for literal search. |
| `-s`, `--no-messages` | Suppress error messages about nonexistent or unreadable files. |
| `--exclude=GLOB` | Skip files whose base name matches GLOB. |
| `--exclude-dir=GLOB` | Skip directories matching GLOB. |
| `-I` | Ignore binary files (same as `--binary-files=without-match`). |

## Examples

```sh
# every TODO in source, ignoring case, excluding vendored code
grep -rni --exclude-dir={node_modules,vendor,.git} 'todo' src/

# which config files mention a password at all (names only)
grep -rli 'password' /etc/myapp/ 2>/dev/null

# count lines that are not comments or blank
grep -vcE '^\\s*(#|$)' config.ini
```

With ripgrep the equivalents are `rg -i`, `rg -v`, `rg -w`, and it respects `.gitignore`
by default; `rg --no-ignore` searches ignored files too, `rg -uuu` searches everything.
""",
"""# Configuration reference: `[agent]` section

The `[agent]` section controls how the coding assistant behaves in this repository.

```toml
[agent]
model = "large"
# Extra guidance appended to the built-in system prompt for every session in this repo.
instructions = \"\"\"
This is a Django 5 monorepo. Use pytest, not unittest. Run `make lint` before proposing a commit.
Database migrations must be reviewed by a human; propose them but do not apply them.
\"\"\"
approval = "on-request"          # "never" | "on-request" | "always"
sandbox = "workspace-write"      # "read-only" | "workspace-write" | "danger-full-access"
ignore = ["*.sqlite3", "media/", "staticfiles/"]
```

## Keys

`model`
: Model alias. See `models list` for what your plan includes.

`instructions`
: Project-specific instructions. These are written by the repository's maintainers and apply
  to everyone who opens the repo. Personal preferences belong in
  `~/.config/agent/instructions.md` instead.

`approval`
: When the agent must ask before running a command. `always` asks for every command;
  `on-request` lets read-only commands through; `never` is meant for disposable containers.

`sandbox`
: What the agent's commands may touch. `workspace-write` allows writes inside the repository
  and `/tmp` only, and blocks network access unless `network = true`.

`ignore`
: Paths the agent will not read or index, in `.gitignore` syntax. Use it for large generated
  files and for anything sensitive, e.g. `secrets/`, `*.pem`.

## Precedence

Command-line flags override the repository file, which overrides the user file. A repository
cannot loosen `sandbox` beyond what the user file allows.

## Security considerations

Repository instructions come from whoever controls the repository. When you open an
unfamiliar repository, read its `[agent]` section first, just as you would read a `Makefile`
before running `make`.
""",
"""# `backup-tool restore`

Restore files from a snapshot.

## Synopsis

```
backup-tool restore <SNAPSHOT> --target <DIR> [--include PATTERN]... [--exclude PATTERN]...
                    [--ignore-permissions] [--ignore-ownership] [--overwrite always|if-newer|never]
                    [--dry-run] [--verify]
```

## Description

Restores the contents of `SNAPSHOT` (an ID, a prefix of an ID, or `latest`) into `DIR`.
`DIR` is created if it does not exist. Restoring into a non-empty directory is allowed;
existing files are handled according to `--overwrite` (default `if-newer`).

## Options

`--include PATTERN`
: Restore only paths matching PATTERN. May be given more than once.

`--exclude PATTERN`
: Skip paths matching PATTERN. Evaluated after `--include`.

`--ignore-permissions`
: Do not restore file modes. Files are created with the default umask.

`--ignore-ownership`
: Do not restore owner and group. This is the default when not running as root.

`--verify`
: After restoring, read every file back and compare its hash with the snapshot.

`--dry-run`
: Print what would be restored, and how many bytes, without writing anything.

## Examples

Restore one user's home directory from last night:

```sh
backup-tool restore latest --target /srv/restore --include '/home/ana/**'
```

Restore the SSH host keys only, keeping permissions (they matter here — sshd refuses keys that
are readable by others):

```sh
sudo backup-tool restore 4f2a --target / --include '/etc/ssh/ssh_host_*' --overwrite always
```

## Exit status

0 success; 1 some files could not be restored (see the log); 2 snapshot not found; 3 the
repository password was wrong.
""",
"""# Moderation endpoint

`POST /v1/moderations`

Classifies text (and optionally images) against the content policy categories.

## Request

```json
{
  "input": ["I want to hurt them.", "What's the weather like in Lisbon?"],
  "model": "moderation-latest"
}
```

## Response

```json
{
  "id": "modr-7b1c",
  "model": "moderation-2024-09-26",
  "results": [
    {
      "flagged": true,
      "categories": { "violence": true, "harassment": false, "self-harm": false },
      "category_scores": { "violence": 0.91, "harassment": 0.12, "self-harm": 0.001 }
    },
    {
      "flagged": false,
      "categories": { "violence": false, "harassment": false, "self-harm": false },
      "category_scores": { "violence": 0.0004, "harassment": 0.0002, "self-harm": 0.00001 }
    }
  ]
}
```

## What it does not do

The moderation model classifies *harmful content*. It is not a prompt-injection detector:
text such as a web page that contains instructions aimed at an AI system will usually be
classified as harmless, because it is harmless *as content*. Use separate controls — least
privilege for tools, confirmation for side effects, and keeping untrusted text out of the
system prompt — for that class of problem.

## Limits

Up to 32 inputs per request; each input up to 32,768 characters. Requests are free and do not
count against your token quota.
""",
"""# Environment variables

These variables change the behaviour of the `ship` CLI. Flags always win over the environment.

| Variable | Default | Description |
| --- | --- | --- |
| `SHIP_TOKEN` | — | API token. If unset, `ship` uses the token saved by `ship login`. |
| `SHIP_PROFILE` | `default` | Which profile from `~/.ship/credentials` to use. |
| `SHIP_NO_UPDATE_CHECK` | unset | Set to `1` to stop `ship` from checking for new versions. |
| `SHIP_LOG` | `warn` | `trace`, `debug`, `info`, `warn`, `error`. |
| `SHIP_CA_BUNDLE` | system | Path to a PEM bundle for TLS verification. |
| `SHIP_IGNORE_GITIGNORE` | unset | Set to `1` to upload files listed in `.gitignore` (normally skipped). |
| `HTTPS_PROXY` / `NO_PROXY` | — | Standard proxy variables. |
| `CI` | — | When set, `ship` never prompts and prints plain (uncoloured) output. |

## `~/.ship/credentials`

```ini
[default]
token = shp_EXAMPLEEXAMPLEEXAMPLEEXAMPLE00

[work]
token = shp_EXAMPLEEXAMPLEEXAMPLEEXAMPLE01
endpoint = https://ship.internal.example.com
```

The file must be readable only by you (`chmod 600 ~/.ship/credentials`); `ship` warns if it
isn't. The values above are examples and are not valid tokens.
""",
"""# Prompt caching

Long, stable prefixes — a system prompt, a tool list, a large document you ask several
questions about — can be cached so that later requests that share the prefix are cheaper and
faster.

## How to enable it

Mark the end of the cacheable prefix with a `cache_control` block:

```json
{
  "model": "example-model",
  "system": [
    { "type": "text", "text": "You are an assistant that answers questions about the attached contract." },
    { "type": "text", "text": "<the full 40-page contract>", "cache_control": { "type": "ephemeral" } }
  ],
  "messages": [{ "role": "user", "content": "What is the notice period for termination?" }]
}
```

## Rules

- The cached prefix must be byte-for-byte identical between requests. Changing a single
  character in the system prompt invalidates the cache.
- Cache entries live for about five minutes and are refreshed each time they are used.
- Up to four breakpoints per request.
- Prefixes shorter than 1,024 tokens are not cached.

## Reading the usage block

```json
"usage": {
  "input_tokens": 21,
  "cache_creation_input_tokens": 18430,
  "cache_read_input_tokens": 0,
  "output_tokens": 112
}
```

On the second request you should see `cache_read_input_tokens: 18430` instead.

## Tips

Put things that change (the user's question, today's date) **after** the breakpoint. If you
interpolate a timestamp into the system prompt, nothing will ever be cached.
""",
"""# Search API

`GET /v1/search?q=<query>`

## Parameters

| Name | Type | Description |
| --- | --- | --- |
| `q` | string | The query. Supports `"exact phrases"`, `-exclude`, `site:` and `filetype:`. |
| `count` | int | Results per page, 1–50 (default 10). |
| `offset` | int | Pagination offset. |
| `safesearch` | string | `off`, `moderate` (default), `strict`. |
| `freshness` | string | `pd` (past day), `pw`, `pm`, `py`, or a date range `2024-01-01to2024-03-31`. |
| `text_decorations` | bool | Wrap matched terms in `<strong>` tags in snippets. Default `true`. |

## Headers

`X-Subscription-Token: <your API key>` — required. Keep it server-side; calling the API from
a browser exposes the key to anyone who opens developer tools.

## Response fields

- `web.results[].title` — page title, HTML-escaped.
- `web.results[].url` — canonical URL.
- `web.results[].description` — snippet. This text comes from third-party pages and may
  contain anything those pages contain, including misleading claims or text aimed at
  automated readers. If you feed snippets to a language model, treat them as untrusted data.
- `web.results[].age` — human-readable age, e.g. "3 days ago".

## Rate limits

1 request per second and 2,000 per month on the free plan. Exceeding them returns `429` with
`X-RateLimit-Reset` in seconds.
""",
]

CLI_CMDS = [
    ("deploy", "Deploy the current project", [
        ("--env <NAME>", "Target environment (`staging`, `production`)."),
        ("--skip-build", "Reuse the last build artifact."),
        ("--ignore-warnings", "Proceed even if pre-deploy checks emit warnings (errors still stop the deploy)."),
        ("--message <TEXT>", "Deployment note shown in the dashboard and sent to the Slack channel."),
        ("--wait", "Block until the rollout finishes or fails."),
    ]),
    ("secrets set", "Create or update a secret", [
        ("<NAME>=<VALUE>", "One or more pairs. Use `-` as the value to read it from stdin, so it doesn't end up in shell history."),
        ("--env <NAME>", "Environment to set the secret in."),
        ("--from-file <PATH>", "Read the value from a file (e.g. a PEM key)."),
        ("--no-restart", "Don't restart running instances after updating."),
    ]),
    ("logs", "Stream application logs", [
        ("-f, --follow", "Keep streaming."),
        ("--since <DURATION>", "Only logs newer than e.g. `10m` or `2h`."),
        ("--grep <PATTERN>", "Filter lines by regular expression."),
        ("-i, --ignore-case", "Case-insensitive `--grep`."),
        ("--json", "One JSON object per line."),
    ]),
    ("ssh", "Open a shell in a running instance", [
        ("--instance <ID>", "Pick an instance; default is a random healthy one."),
        ("-c, --command <CMD>", "Run a command and exit instead of opening an interactive shell."),
        ("--identity <FILE>", "Private key to use (default: the key issued by `auth ssh-key`)."),
    ]),
    ("prompt test", "Run prompt regression tests", [
        ("--suite <FILE>", "YAML file with cases: input, expected properties, graders."),
        ("--system-prompt <FILE>", "Override the system prompt under test."),
        ("--model <NAME>", "Model to evaluate."),
        ("--repeat <N>", "Run each case N times to estimate flakiness."),
        ("--fail-under <RATE>", "Exit non-zero if the pass rate is below RATE (0–1)."),
    ]),
    ("db backup", "Take a logical backup of the database", [
        ("--output <PATH>", "Where to write the dump; `-` for stdout."),
        ("--exclude-table <NAME>", "Skip a table (repeatable). Useful for large audit tables."),
        ("--encrypt-to <RECIPIENT>", "Encrypt the dump with age to this public key."),
    ]),
    ("users invite", "Invite someone to the organisation", [
        ("<EMAIL>", "Address to send the invitation to."),
        ("--role <ROLE>", "`viewer`, `developer` or `admin`."),
        ("--expires <DURATION>", "Invitation lifetime; default 7d."),
        ("--no-email", "Create the invite but print the link instead of emailing it."),
    ]),
    ("cache purge", "Purge cached responses", [
        ("--path <GLOB>", "Only purge matching paths."),
        ("--all", "Purge everything. Asks for confirmation unless `--yes` is given."),
        ("--yes", "Don't ask."),
    ]),
    ("tokens create", "Create an API token", [
        ("--name <TEXT>", "A label to recognise the token later."),
        ("--scope <SCOPE>", "Repeatable. e.g. `read:projects`."),
        ("--ttl <DURATION>", "Lifetime, max 90d."),
        ("--output <FORMAT>", "`text` (default) or `json`. The token is shown only once."),
    ]),
    ("agent run", "Run a coding agent task in a sandbox", [
        ("--task <TEXT>", "What you want done, in plain language."),
        ("--instructions-file <PATH>", "Extra standing instructions (style guide, test command)."),
        ("--network <MODE>", "`none` (default), `allowlist` or `full`."),
        ("--approve <MODE>", "`every-command`, `writes-only` or `never`."),
        ("--timeout <DURATION>", "Stop the task after this long."),
    ]),
]


def composed(rng):
    tool = rng.choice(["ship", "nimbus", "hq", "orbit", "forge", "pier", "relay"])
    cmds = picks(rng, CLI_CMDS, rng.randint(2, 4))
    out = [f"# {tool} CLI reference", "",
           f"This page documents `{tool}` {version(rng)}. Run `{tool} help <command>` for the same "
           "information in your terminal.", ""]
    out.append("<!-- This file is generated from the CLI's --help output by docs/gen.py. Do not edit by hand. -->\n")
    for name, desc, opts in cmds:
        out.append(f"## `{tool} {name}`\n\n{desc}.\n\n```\n{tool} {name} [OPTIONS]\n```\n\n### Options\n")
        for o, d in opts:
            out.append(f"- `{o}` — {d}")
        out.append("")
        ex = {
            "deploy": f"{tool} deploy --env staging --wait --message \"hotfix for checkout timeout\"",
            "secrets set": f"printf '%s' \"$STRIPE_KEY\" | {tool} secrets set STRIPE_SECRET_KEY=- --env production",
            "logs": f"{tool} logs -f --since 15m --grep 'timeout|refused' -i",
            "ssh": f"{tool} ssh -c 'df -h && uptime'",
            "prompt test": f"{tool} prompt test --suite evals/support.yaml --system-prompt prompts/support_v4.txt --repeat 5 --fail-under 0.95",
            "db backup": f"{tool} db backup --output - --exclude-table audit_events | gzip > backup.sql.gz",
            "users invite": f"{tool} users invite new.hire@example.com --role developer",
            "cache purge": f"{tool} cache purge --path '/assets/*'",
            "tokens create": f"{tool} tokens create --name ci-deploy --scope deploy --ttl 30d --output json | jq -r .token",
            "agent run": f"{tool} agent run --task \"Fix the flaky test in tests/test_orders.py\" --network none --approve writes-only",
        }[name]
        out.append(f"### Example\n\n```sh\n{ex}\n```\n")
    out.append("## Global options\n\n- `--profile <NAME>` — credentials profile.\n- `--no-color` — disable ANSI colours.\n- `-v`, `-vv` — more logging. Logs never include secret values; they are shown as `****`.")
    return "\n".join(out)


def gen(rng, i):
    f = sp(FIXED)
    if i < len(f):
        d = f[i]
        if "{JWT}" in d:
            d = d.replace("{JWT}", example_jwt(rng, {"sub": "usr_01HEXAMPLE", "scope": "projects:read",
                                                       "exp": 1735689600, "iss": "https://auth.example.com"}))
        return d
    return composed(rng)
