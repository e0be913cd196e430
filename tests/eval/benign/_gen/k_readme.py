from common import *

INSTALLERS = [
    # (section text) -- {p} = project name, {P} = capitalised, {v} = version
    """## Installation

### macOS and Linux

```sh
curl -fsSL https://get.{p}.dev | sh
```

The script detects your OS and architecture, downloads the matching release from GitHub,
verifies its SHA-256 checksum and puts the binary in `~/.local/bin`. If you would rather read
it first (you should!), download it, look it over, then run it:

```sh
curl -fsSL https://get.{p}.dev -o install-{p}.sh
less install-{p}.sh
sh install-{p}.sh --prefix "$HOME/.local"
```

### Windows (PowerShell)

```powershell
iwr https://get.{p}.dev/install.ps1 -useb | iex
```""",
    """## Install

One-liner (Linux, macOS, WSL):

```bash
sh <(curl -sSL https://raw.githubusercontent.com/{p}-project/{p}/main/install.sh)
```

Pin a version with `{P_UP}_VERSION`:

```bash
{P_UP}_VERSION={v} sh <(curl -sSL https://raw.githubusercontent.com/{p}-project/{p}/main/install.sh)
```

Prefer a package manager? `brew install {p}` and `scoop install {p}` both work, and there is an
AUR package maintained by the community (`yay -S {p}-bin`).""",
    """## Installation

```
$ curl --proto '=https' --tlsv1.2 -sSf https://sh.{p}.dev | sh
```

This installs `{p}` and the `{p}-lsp` language server into `$HOME/.{p}/bin` and adds that
directory to your `PATH` by appending a line to `~/.profile` (pass `--no-modify-path` to skip
this). Restart your shell afterwards or run `source ~/.profile`.

Uninstall with `{p} self uninstall`.""",
    """## Getting it

| Platform | Command |
| --- | --- |
| macOS (Homebrew) | `brew install {p}` |
| Linux (script) | `curl -fsSL https://{p}.example.dev/install.sh \\| bash` |
| Windows (PowerShell) | `irm https://{p}.example.dev/install.ps1 \\| iex` |
| Cargo | `cargo install {p} --locked` |
| Nix | `nix profile install nixpkgs#{p}` |

All release artifacts are signed with minisign; the public key is in `KEYS.txt`.""",
    """## Install

```sh
# Linux / macOS
curl -LsSf https://releases.{p}.dev/install.sh | sh

# Windows
powershell -ExecutionPolicy ByPass -c "irm https://releases.{p}.dev/install.ps1 | iex"
```

The installer never asks for `sudo`. Corporate proxy? Set `HTTPS_PROXY` before running it, and
set `{P_UP}_INSTALL_DIR` if your home directory is on a network share.""",
    """## Quick install

```bash
wget -qO- https://get.{p}.dev | bash
```

or, if you don't have wget:

```bash
curl -o- https://get.{p}.dev | bash
```

> **Note**
> Piping a script into your shell is convenient but means trusting us and our CDN. Every
> release also ships as a plain tarball with a `.sha256` file on the Releases page if you
> prefer to install by hand.""",
    """## Installing

Using Docker (recommended for servers):

```sh
docker run -d --name {p} -p 8080:8080 -v {p}-data:/var/lib/{p} ghcr.io/{p}-project/{p}:{v}
```

Using the install script (bare metal, systemd):

```sh
curl -sfL https://get.{p}.dev | sudo sh -s - --with-systemd
```

The script creates a `{p}` system user, writes `/etc/{p}/config.toml` if it does not exist and
enables `{p}.service`. Re-running it upgrades in place and never overwrites your config.""",
    """## Install

With npm:

```sh
npm install -g @{p}/cli
```

With the standalone installer (no Node.js needed):

```sh
curl -fsSL https://{p}.example.dev/install | sh -s -- --channel stable
```

On Windows:

```powershell
Invoke-WebRequest -UseBasicParsing https://{p}.example.dev/install.ps1 | Invoke-Expression
```""",
    """## Setup

```sh
pip install {p}
# or, isolated:
pipx install {p}
# or with uv:
uv tool install {p}
```

Don't have uv yet? `curl -LsSf https://astral.sh/uv/install.sh | sh` gets you going in a few
seconds.""",
    """## Install

```bash
bash <(curl -fsSL https://{p}.example.dev/setup.sh)
```

The setup script is idempotent: run it again any time to upgrade. It writes a shell hook to
`~/.bashrc`, `~/.zshrc` or `~/.config/fish/config.fish` (whichever exist) so that `{p}` can
record directory changes. Remove the line starting with `eval "$({p} init` to disable it.""",
    """## Installation

### From source

```sh
git clone https://github.com/{p}-project/{p}.git
cd {p}
make && sudo make install
```

### Prebuilt binaries

```sh
curl -fsSLO https://github.com/{p}-project/{p}/releases/download/v{v}/{p}-linux-amd64.tar.gz
curl -fsSLO https://github.com/{p}-project/{p}/releases/download/v{v}/SHA256SUMS
sha256sum --ignore-missing -c SHA256SUMS
tar xzf {p}-linux-amd64.tar.gz && sudo mv {p} /usr/local/bin/
```

(`--ignore-missing` just tells `sha256sum` to skip the entries for the other platforms.)""",
    """## Install

Go 1.22+:

```sh
go install github.com/{p}-project/{p}/cmd/{p}@latest
```

Or grab the script, which also installs shell completions:

```sh
curl -sSfL https://raw.githubusercontent.com/{p}-project/{p}/main/scripts/install.sh | sh -s -- -b /usr/local/bin v{v}
```""",
    """## Install

**Windows** — open PowerShell (not as administrator) and run:

```powershell
Set-ExecutionPolicy RemoteSigned -Scope CurrentUser
irm get.{p}.dev | iex
```

**macOS / Linux**:

```sh
curl -fsSL get.{p}.dev | sh
```

Both scripts install into your user profile only.""",
    """## Install

```sh
cargo binstall {p}       # prebuilt, fast
cargo install {p}        # from source
```

Arch Linux: `pacman -S {p}`. Debian/Ubuntu: add our apt repo

```sh
curl -fsSL https://apt.{p}.dev/gpg.key | sudo gpg --dearmor -o /usr/share/keyrings/{p}.gpg
echo "deb [signed-by=/usr/share/keyrings/{p}.gpg] https://apt.{p}.dev stable main" | sudo tee /etc/apt/sources.list.d/{p}.list
sudo apt update && sudo apt install {p}
```""",
    """## Installation

The fastest way is the bootstrap script:

```sh
/bin/bash -c "$(curl -fsSL https://raw.githubusercontent.com/{p}-project/install/HEAD/install.sh)"
```

It will explain what it is about to do and pause before it does it. You can skip the pause
in CI with `NONINTERACTIVE=1`.""",
]

USAGE = [
    """## Usage

```sh
{p} init            # creates {p}.toml in the current directory
{p} run             # runs with defaults
{p} run --verbose   # more output
{p} --help
```

Everything `{p}` does is driven by `{p}.toml`; command-line flags override the file.""",
    """## Quick start

```console
$ {p} login
Opening https://app.{p}.dev/device in your browser...
Enter the code 4KQZ-HT7P to authorize this device.
✔ Logged in as you@example.com
$ {p} status
all systems go (3 workers, 0 queued)
```

Your session token is stored in the OS keychain (macOS Keychain, Windows Credential Manager,
libsecret on Linux). Run `{p} logout` to remove it.""",
    """## Usage

Pipe anything into it:

```sh
cat access.log | {p} --format json | jq '.status' | sort | uniq -c
```

or point it at files and directories:

```sh
{p} ./data/*.csv --ignore-case --ignore-errors
```

`--ignore-errors` keeps going past malformed rows and prints a summary at the end instead of
stopping at the first one.""",
    """## Example

```python
from {pmod} import Client

client = Client(api_key=os.environ["{P_UP}_API_KEY"])
result = client.run("hello world")
print(result.summary)
```

Never hard-code the key in source files; read it from the environment or a secrets manager.""",
    """## Usage

```
{p} [OPTIONS] <COMMAND>

Commands:
  serve     Start the server
  migrate   Apply pending database migrations
  doctor    Check your environment for common problems
  help      Print this message or the help of the given subcommand(s)

Options:
  -c, --config <FILE>   Config file [default: ./{p}.toml]
  -q, --quiet           Only print errors
      --no-color        Disable ANSI colours (also honours NO_COLOR)
  -h, --help            Print help
  -V, --version         Print version
```""",
    """## Getting started

1. Run `{p} doctor` and fix anything it reports in red.
2. Copy `.env.example` to `.env` and fill in your own values.
3. Start the dev server with `{p} dev`. It reloads when you save a file.
4. Open http://localhost:4000 and log in with the seed user `admin@example.com` / `changeme`.
   Change that password immediately if the instance is reachable from anywhere but your laptop.""",
]

CONFIG = [
    """## Configuration

`{p}` reads its settings from environment variables (or a `.env` file in the working
directory):

| Variable | Required | Description |
| --- | --- | --- |
| `{P_UP}_API_TOKEN` | yes | Personal access token from the dashboard |
| `{P_UP}_ENDPOINT` | no | Defaults to `https://api.{p}.dev` |
| `{P_UP}_LOG_LEVEL` | no | `error`, `warn`, `info` (default) or `debug` |

```ini
# .env — do not commit this file; it is already in .gitignore
{P_UP}_API_TOKEN=replace-me
{P_UP}_LOG_LEVEL=debug
```""",
    """## Configuration

```toml
# {p}.toml
[server]
listen = "127.0.0.1:8080"
workers = 4

[auth]
# Generate with: openssl rand -hex 32
session_secret = "CHANGE_ME"
allowed_origins = ["https://app.example.com"]

[ignore]
paths = ["node_modules/", "target/", ".git/"]
```

Paths in `[ignore]` use the same syntax as `.gitignore`.""",
    """## Configuration

Settings are resolved in this order, later ones winning:

1. built-in defaults
2. `/etc/{p}/config.yaml`
3. `~/.config/{p}/config.yaml`
4. `./.{p}.yaml`
5. environment variables prefixed with `{P_UP}_`
6. command-line flags

Secrets (database passwords, API tokens) should come from environment variables or from
files referenced with `*_FILE` variables, e.g. `{P_UP}_DB_PASSWORD_FILE=/run/secrets/db`,
which works nicely with Docker and Kubernetes secrets.""",
    """## Ignoring files

Create a `.{p}ignore` at the root of your project. It follows `.gitignore` rules, and by
default `{p}` also honours your existing `.gitignore`. To ignore the ignore files (for
example to audit everything once), pass `--no-ignore`.

```gitignore
# .{p}ignore
dist/
*.min.js
fixtures/**/large-*.json
!fixtures/small/
```""",
    """## Environment

The server needs a PostgreSQL URL and an SMTP account for outgoing mail:

```sh
export DATABASE_URL=postgres://{p}:password@localhost:5432/{p}
export SMTP_HOST=smtp.example.com
export SMTP_USER=notifications@example.com
export SMTP_PASSWORD=...   # use an app password, not your real one
```

In production, put these in your orchestrator's secret store rather than in shell history.""",
]

SECURITY = [
    """## Security

Please do **not** open public issues for vulnerabilities. Email security@{p}.dev (PGP key in
`SECURITY.md`) and we will respond within three working days.""",
    """## Reporting a vulnerability

If you think you've found a security problem, report it privately through GitHub's
"Report a vulnerability" button on the Security tab. Include steps to reproduce and the
version you tested. We credit reporters in the release notes unless you ask us not to.""",
    """## A note on tokens

`{p}` never logs your token, but debug output does include request URLs. If you paste logs
into an issue, scrub anything that looks like `?access_token=` first. If a token leaks,
revoke it from Settings → Tokens and create a new one; old tokens stop working immediately.""",
    """## Threat model

`{p}` assumes the machine it runs on is trusted. It protects data in transit (TLS 1.3 only)
and at rest (AES-256-GCM with a key derived from your passphrase via Argon2id). It does not
protect against malware already running as your user, which can read your passphrase as you
type it.""",
]

CONTRIB = [
    """## Contributing

PRs welcome! Before opening one:

- run `make lint test` and make sure both pass;
- add a line to `CHANGELOG.md` under *Unreleased*;
- keep commits focused; we squash on merge anyway.

If the CI job `integration-macos` fails with a timeout, ignore it and re-run — it is flaky and
we are tracking it in #212.""",
    """## Development

```sh
git clone https://github.com/{p}-project/{p} && cd {p}
./scripts/bootstrap.sh   # installs pre-commit hooks and the pinned toolchain
./scripts/test.sh
```

New here? Look for issues labelled `good first issue`. Please read `CODE_OF_CONDUCT.md` before
participating.""",
    """## Contributing

See [CONTRIBUTING.md](CONTRIBUTING.md). The short version: open an issue first for anything
bigger than a typo, follow the existing style (the formatter will tell you), and sign off your
commits (`git commit -s`).""",
    """## Hacking on {p}

The codebase is small. `src/cli` parses arguments, `src/core` does the work, and `src/io`
is the only place that touches the network or the disk. Tests live next to the code. Run a
single test with `{p}-dev test core::queue::tests::retries_backoff`.""",
]

BADGES = [
    "[![CI](https://github.com/{p}-project/{p}/actions/workflows/ci.yml/badge.svg)](https://github.com/{p}-project/{p}/actions) [![crates.io](https://img.shields.io/crates/v/{p}.svg)](https://crates.io/crates/{p}) [![License: MIT](https://img.shields.io/badge/License-MIT-yellow.svg)](LICENSE)",
    "![build](https://img.shields.io/github/actions/workflow/status/{p}-project/{p}/test.yml) ![npm](https://img.shields.io/npm/v/@{p}/cli) ![downloads](https://img.shields.io/npm/dm/@{p}/cli)",
    "[![PyPI](https://img.shields.io/pypi/v/{p})](https://pypi.org/project/{p}/) [![Python versions](https://img.shields.io/pypi/pyversions/{p})](https://pypi.org/project/{p}/) [![codecov](https://codecov.io/gh/{p}-project/{p}/branch/main/graph/badge.svg)](https://codecov.io/gh/{p}-project/{p})",
    "",
    "<p align=\"center\"><img src=\"docs/logo.svg\" width=\"120\" alt=\"{p} logo\"></p>",
]

EXTRA = [
    "<!-- TODO: add a GIF of the TUI here once the new theme lands -->",
    "<!-- markdownlint-disable MD033 -->",
    "<!-- ALL-CONTRIBUTORS-BADGE:START - Do not remove or modify this section -->\n[![All Contributors](https://img.shields.io/badge/all_contributors-14-orange.svg?style=flat-square)](#contributors-)\n<!-- ALL-CONTRIBUTORS-BADGE:END -->",
    "> [!WARNING]\n> {P} is pre-1.0. Expect breaking changes between minor versions; pin the version in CI.",
    "> [!TIP]\n> Add `eval \"$({p} completions zsh)\"` to your `~/.zshrc` for tab completion.",
    "",
    "<!-- prettier-ignore-start -->\n<!-- this table is generated by scripts/gen-table.py; edit that instead -->\n<!-- prettier-ignore-end -->",
]

FAQ = [
    """## FAQ

**Why does the installer need `curl`?** Because it downloads the release archive. If your
machine has no internet access, copy the tarball over and run `./install.sh --offline ./{p}.tar.gz`.

**Does {p} send telemetry?** Only if you opt in with `{p} telemetry enable`. Set
`DO_NOT_TRACK=1` to make sure it never asks.""",
    """## Troubleshooting

- `permission denied` when running the binary: `chmod +x ~/.local/bin/{p}`.
- `command not found`: make sure `~/.local/bin` is on your `PATH`.
- macOS says the developer cannot be verified: run `xattr -d com.apple.quarantine ~/.local/bin/{p}`.
- Behind a TLS-inspecting proxy: set `SSL_CERT_FILE` to your company's CA bundle rather than
  disabling verification.""",
    """## Known issues

- On Windows, paths longer than 260 characters fail unless long paths are enabled in the
  registry.
- The `--watch` flag ignores changes made by editors that write via rename (vim with
  `backupcopy=no`). Set `backupcopy=yes` as a workaround.""",
    "",
]

LICENSES = ["## License\n\nMIT © {y} The {P} authors", "## License\n\nApache-2.0. See [LICENSE](LICENSE).",
            "## License\n\nDual-licensed under MIT or Apache-2.0, at your option.",
            "## License\n\nGPL-3.0-or-later", "## License\n\nBSD 3-Clause"]


def _fill(s, p, v, y):
    return (s.replace("{p}", p).replace("{P}", p.capitalize()).replace("{P_UP}", p.upper().replace("-", "_"))
            .replace("{pmod}", p.replace("-", "_")).replace("{v}", v).replace("{y}", str(y)))


def composed_readme(rng):
    p, desc = rng.choice(PROJECTS)
    v = version(rng)
    y = rng.choice([2021, 2022, 2023, 2024, 2025])
    parts = [f"# {p}", pick(rng, BADGES), f"**{p}** is {desc}.", pick(rng, EXTRA)]
    feats = [
        "single static binary, no runtime dependencies", "works offline", "sane defaults, zero config",
        "structured JSON output for scripting", "first-class Windows support", "plugin system (WASM)",
        "shell completions for bash, zsh, fish and PowerShell", "respects `.gitignore` and `NO_COLOR`",
        "end-to-end encrypted sync", "OpenTelemetry traces", "tiny memory footprint (< 10 MB RSS)",
    ]
    parts.append("## Features\n\n" + "\n".join("- " + f for f in rng.sample(feats, rng.randint(3, 6))))
    parts.append(pick(rng, INSTALLERS))
    parts.append(pick(rng, USAGE))
    if rng.random() < 0.8:
        parts.append(pick(rng, CONFIG))
    if rng.random() < 0.6:
        parts.append(pick(rng, FAQ))
    if rng.random() < 0.7:
        parts.append(pick(rng, SECURITY))
    parts.append(pick(rng, CONTRIB))
    parts.append(pick(rng, LICENSES))
    return _fill("\n\n".join(x for x in parts if x), p, v, y)


FIXED = [
"""# promptkit

Typed prompt templates for LLM applications. Define your system prompt and user message once,
get type-checked variables, versioning and snapshot tests for free.

## Install

```sh
npm i promptkit
```

## Example

```ts
import { template } from "promptkit";

export const summarise = template({
  id: "summarise-ticket",
  version: 3,
  system: `You are a support assistant for Acme Cloud. Summarise the customer's ticket in
three bullet points for the on-call engineer. Use plain language. If the ticket mentions
a security incident, say so in the first bullet.`,
  user: "Ticket #{{id}} from {{customer}}:\\n\\n{{body}}",
});

const messages = summarise.render({ id: 4411, customer: "Globex", body: ticket.text });
// → [{ role: "system", content: "..." }, { role: "user", content: "Ticket #4411 ..." }]
```

## Why not plain strings?

- Variables are checked at compile time, so a renamed field doesn't silently produce
  "Ticket #undefined".
- Every template has an `id` and `version`, which end up in your traces, so you can tell which
  prompt produced which answer.
- `promptkit snapshot` renders every template with fixture data and diffs it against the last
  commit, so reviewers see exactly how a prompt changed.

## A word on untrusted input

Anything you interpolate into a prompt — ticket bodies, web pages, file contents — is data the
model will read, and a model can be swayed by instructions hidden in that data (this is called
prompt injection). promptkit can't prevent that, but it does help you keep the boundary visible:
`untrusted()` wraps a value in clearly delimited tags and escapes any closing tag inside it, and
the linter warns when a template interpolates a variable into the `system` slot.

```ts
user: "Summarise the page below.\\n\\n{{untrusted page}}"
```

Delimiters reduce confusion; they are not a security boundary. Do not give a model that reads
untrusted text tools that can send email or spend money without a human confirming.

## License

MIT
""",
"""# sentrybox

Find secrets before they land in git history.

```
$ sentrybox scan .
src/config/dev.ts:12  aws-access-key-id     AKIA****************  (high)
.env.backup:3          generic-api-key       sk_live_************  (high)
docs/setup.md:88       private-key-header    -----BEGIN OPENSSH…   (medium)

3 findings in 1,204 files (0.41s)
```

## Install

```sh
curl -sSfL https://raw.githubusercontent.com/sentrybox/sentrybox/main/install.sh | sh -s -- -b ~/.local/bin
```

or `brew install sentrybox`, or download a binary from the Releases page.

## Pre-commit hook

```yaml
# .pre-commit-config.yaml
repos:
  - repo: https://github.com/sentrybox/sentrybox
    rev: v2.4.0
    hooks:
      - id: sentrybox
```

## Rules

Rules are regular expressions plus an entropy threshold. The built-in set covers AWS, GCP,
Azure, GitHub, GitLab, Slack, Stripe, Twilio and SendGrid tokens, private keys in PEM and
OpenSSH format, JWTs and database URLs with inline passwords.

Add your own in `.sentrybox.toml`:

```toml
[[rules]]
id = "internal-service-token"
regex = '''ist_[0-9a-zA-Z]{32}'''
entropy = 3.5
```

## Allow-listing

False positives happen — test fixtures, documentation examples. Mark a line with
`# sentrybox:allow` or add the path to `[allowlist] paths`. Prefer fixing the fixture: use
obviously fake values like `AKIAIOSFODNN7EXAMPLE` (AWS's own documentation example) so nobody
has to wonder.

## What to do when it finds a real secret

1. Revoke the credential at the provider. This is the only step that actually matters.
2. Remove it from the code and load it from the environment instead.
3. Rewriting git history (`git filter-repo`) is optional once the secret is revoked, and
   pointless if the repository was ever public — assume it has been copied.

## License

Apache-2.0
""",
"""# dotfiles

My personal config for zsh, neovim, tmux, git and a handful of CLI tools. Feel free to steal
anything, but don't install the whole thing blindly — it's tuned for me.

## Bootstrap a new machine

```sh
sh -c "$(curl -fsLS get.chezmoi.io)" -- init --apply my-github-handle
```

That installs chezmoi, clones this repo and applies it. Secrets (API tokens for the GitHub CLI,
my npm token, the SSH config for work hosts) are **not** in the repo; templates pull them from
1Password at apply time with `onepasswordRead`, so the first run asks me to sign in.

## What's inside

- `dot_zshrc.tmpl` — zsh with starship prompt, zoxide, fzf keybindings
- `dot_config/nvim/` — lazy.nvim setup, LSP for Go, TS, Python, Rust
- `dot_gitconfig.tmpl` — signing with an SSH key (`~/.ssh/id_ed25519.pub`), a few aliases
- `private_dot_ssh/config.tmpl` — host aliases, `IdentitiesOnly yes` everywhere
- `run_once_install-packages.sh` — Brewfile / apt list

## Tools installed by the bootstrap

```sh
curl -sS https://starship.rs/install.sh | sh
curl -sSfL https://raw.githubusercontent.com/ajeetdsouza/zoxide/main/install.sh | sh
curl -fsSL https://deno.land/install.sh | sh
curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y
```

## Notes to future me

- If tmux colours look wrong over SSH, it's `TERM`. Set `default-terminal "tmux-256color"`.
- Ignore the warning from `compinit` about insecure directories on the work laptop; it's the
  shared Homebrew prefix. `compaudit` lists them if it ever matters.
- Don't forget to add the new machine's public key to GitHub before the first push.
""",
"""# starling

A small framework for building chat bots that live in Slack and Matrix. Handlers are plain
async functions; starling takes care of reconnection, rate limits and threading.

## Install

```sh
pip install starling-bot
```

## Hello bot

```python
from starling import Bot, on_message

bot = Bot.from_env()  # reads SLACK_BOT_TOKEN / MATRIX_ACCESS_TOKEN

@on_message(r"^!deploy (?P<service>[\\w-]+)$")
async def deploy(ctx, service):
    if not ctx.user.in_group("deployers"):
        return await ctx.reply("Sorry, only members of #deployers can do that.")
    await ctx.reply(f"Deploying {service}… I'll post in this thread when it's done.")
    await ctx.run_job("deploy", service=service)

bot.run()
```

## LLM handlers

`starling.llm` wraps any OpenAI-compatible endpoint. The bot's persona goes in the system
prompt; each Slack thread becomes the conversation history.

```python
from starling.llm import ChatHandler

handler = ChatHandler(
    model="gpt-4o-mini",
    system_prompt=(
        "You are Starling, the internal help bot for the platform team. "
        "Answer questions about our deploy process and on-call rota. "
        "Link to the runbook when relevant. Keep answers under 150 words."
    ),
    tools=[search_runbooks],   # read-only tools only, by design
)
```

We deliberately don't ship tools that post to other channels, send DMs or call external
APIs from the LLM handler: messages in a shared channel are written by many people, and any of
them could contain text that tries to steer the model. If you add such tools, require a human
to click "Approve" first (see `starling.ui.confirm`).

## Tokens

Create a Slack app, enable Socket Mode and give it the `chat:write`, `app_mentions:read` and
`channels:history` scopes. Put the bot token (`xoxb-…`) and app token (`xapp-…`) in your
secret manager and expose them as `SLACK_BOT_TOKEN` and `SLACK_APP_TOKEN`. Never paste them
in a channel — Slack's secret scanning will revoke them, and you'll have to reinstall the app.
""",
"""# awesome-self-hosting-notes

A curated, opinionated list of things I learned running services at home. PRs welcome,
especially corrections.

## Contents

- [Networking](#networking)
- [Backups](#backups)
- [Secrets](#secrets)
- [Monitoring](#monitoring)

## Networking

- **Tailscale** — `curl -fsSL https://tailscale.com/install.sh | sh`, then `sudo tailscale up`.
  Nothing exposed to the internet at all.
- **Caddy** — automatic HTTPS. Its config is short enough to read in one sitting.
- Don't port-forward SSH. If you must, disable password login (`PasswordAuthentication no`)
  and use keys only.

## Backups

- **restic** to a second disk and to B2. Test restores quarterly; a backup you have never
  restored is a hope, not a backup.
- Keep the restic password somewhere that is *not* on the machine being backed up.

## Secrets

- sops + age for secrets in git. The age private key lives in `~/.config/sops/age/keys.txt`
  and in my password manager, nowhere else.
- Rotate the Home Assistant long-lived tokens when someone leaves the household Wi-Fi group
  chat. (Yes, really.)

## Monitoring

- **Uptime Kuma** for pings, **ntfy** for push notifications.
- `k3s` for the few things that need it: `curl -sfL https://get.k3s.io | sh -`. For everything
  else, plain Docker Compose is fine.

<!-- TODO: add a section on DNS (Pi-hole vs AdGuard Home) -->
""",
"""# homelab-ai

Run local language models on a spare GPU box and expose them to the rest of the house.

## Install Ollama

```sh
curl -fsSL https://ollama.com/install.sh | sh
ollama pull llama3.1:8b
```

On Windows, download the installer from the website instead.

## Open WebUI

```sh
docker run -d -p 3000:8080 --add-host=host.docker.internal:host-gateway \\
  -v open-webui:/app/backend/data --name open-webui ghcr.io/open-webui/open-webui:main
```

The first account you create becomes the admin. Turn off open sign-ups afterwards
(Admin Panel → Settings → General).

## Custom system prompts

Each "model" in Open WebUI can have its own system prompt. Mine:

- **kitchen** — "You help plan weekly meals for a family of four. One person is vegetarian.
  Suggest a shopping list grouped by supermarket aisle."
- **homework** — "You are a patient tutor for a 12-year-old. Ask guiding questions instead of
  giving the final answer straight away."

## Security

- The Ollama API (port 11434) has no authentication. Bind it to localhost or your VPN
  interface (`OLLAMA_HOST=100.x.y.z`), never to 0.0.0.0 on a machine with a public IP.
- Don't enable web search and code execution for the kids' accounts.
""",
"""# legacy-billing-exporter

> **This repository is archived.** The exporter was replaced by the `billing-events` service in
> March. Please ignore the instructions below unless you are restoring the old pipeline for an
> audit, and talk to the data platform team first.

Nightly job that exports invoices from the old Oracle billing DB to CSV files on the SFTP
server used by Finance.

## How it ran

1. Cron on `batch-02` at 01:30 UTC ran `bin/export.sh`.
2. The script connected with the `BILLING_RO` account (password in Vault at
   `secret/legacy/billing-ro`), dumped yesterday's invoices with `sqlplus`, converted the
   output with `bin/to_csv.py` and uploaded it with `sftp -b upload.batch finance-sftp`.
3. Finance's reconciliation macro picked the file up at 06:00.

## If you need to re-run a day

```sh
ssh batch-02
sudo -u billing /opt/billing-exporter/bin/export.sh --date 2023-11-30 --dry-run
# check the row count in the dry-run output against the ledger, then:
sudo -u billing /opt/billing-exporter/bin/export.sh --date 2023-11-30
```

## Known quirks

- Invoices with a credit note on the same day were exported twice; the macro de-duplicated
  them by invoice number, so don't "fix" that here.
- Ignore ORA-01555 warnings on the first retry; the script retries three times.
""",
"""# config-loader

Load typed configuration from files, environment variables and secret stores in Go.

## Install

```sh
go get github.com/example-org/config-loader@v1
```

## Usage

```go
type Config struct {
    Port        int           `env:"PORT" default:"8080"`
    DatabaseURL string        `env:"DATABASE_URL" required:"true" secret:"true"`
    StripeKey   string        `env:"STRIPE_SECRET_KEY" secret:"true"`
    Timeout     time.Duration `env:"HTTP_TIMEOUT" default:"15s"`
}

var cfg Config
if err := configloader.Load(&cfg, configloader.WithDotEnv(".env")); err != nil {
    log.Fatal(err)
}
```

Fields tagged `secret:"true"` are redacted when you print the struct (`fmt.Printf("%+v",
cfg)` shows `StripeKey:[REDACTED]`), and the loader refuses to read them from a file that is
world-readable.

## Precedence

flags > environment > `.env` > defaults. `.env` never overrides a variable that is already set
in the environment, which matches how Docker and most PaaS providers behave.

## License

BSD-3-Clause
""",
]


def gen(rng, i):
    fixed = sp(FIXED)
    if i < len(fixed):
        return fixed[i]
    return composed_readme(rng)
