from common import *

FIXED = [
"""# Base64 on the command line: a practical guide

Base64 turns arbitrary bytes into text using 64 safe characters. You'll meet it in email
attachments, data URIs, JWTs, Kubernetes secrets and API payloads.

## Encode and decode

```console
$ echo -n 'hello world' | base64
aGVsbG8gd29ybGQ=
$ echo 'aGVsbG8gd29ybGQ=' | base64 --decode
hello world
```

Note the `-n`: without it, `echo` adds a newline and you encode `hello world\\n` instead, which
gives `aGVsbG8gd29ybGQK`. This trips everyone up at least once.

## Files

```sh
base64 -w 0 logo.png > logo.b64        # GNU: -w 0 disables line wrapping
base64 -i logo.png -o logo.b64         # macOS
base64 -d logo.b64 > logo-copy.png
cmp logo.png logo-copy.png && echo identical
```

## Kubernetes secrets are base64, not encrypted

```console
$ kubectl get secret db-credentials -o jsonpath='{.data.password}' | base64 -d
```

Anyone who can read the Secret object can decode it. Base64 is an encoding, not encryption —
protect secrets with RBAC and encryption at rest.

## Decoding a JWT's payload

A JWT is three base64url parts separated by dots. The middle one is the claims:

```sh
TOKEN='{JWT}'
echo "$TOKEN" | cut -d. -f2 | tr '_-' '/+' | base64 -d 2>/dev/null; echo
```

(That token is an example. Don't paste real tokens into websites that "decode JWTs" for you.)

## base64url vs base64

base64url replaces `+` with `-` and `/` with `_`, and usually drops the `=` padding, so the
result is safe in URLs and file names. Convert with `tr '+/' '-_' | tr -d '='`.

## Quick checks

- Length is always a multiple of 4 (with padding).
- Only `A–Z a–z 0–9 + /` and `=` at the end.
- Encoded size is about 4/3 of the original.
""",
"""# Pipes and redirection in Bash, explained with examples

## The three streams

Every process starts with three open files: standard input (0), standard output (1) and standard
error (2).

```sh
command > out.txt        # stdout to a file (overwrite)
command >> out.txt       # append
command 2> err.txt       # stderr to a file
command > all.txt 2>&1   # both to the same file (order matters!)
command &> all.txt       # bash shorthand for the above
command < in.txt         # stdin from a file
```

## Pipes

A pipe connects one command's stdout to the next one's stdin:

```sh
cat access.log | grep ' 500 ' | awk '{print $7}' | sort | uniq -c | sort -rn | head
```

Read it left to right: take the log, keep lines with status 500, print the path, count identical
paths, show the top ten.

## Common mistakes

**Useless use of cat.** `grep foo file` is the same as `cat file | grep foo`, minus a process.
It's harmless, though — don't let anyone shame you.

**Writing to the file you're reading.** `sort file > file` empties the file before `sort` reads
it. Use `sort -o file file` or a temporary file, or `sponge` from moreutils.

**Exit codes in pipelines.** `false | true` succeeds, because the pipeline's status is the last
command's. Add `set -o pipefail` to scripts.

## Here-documents

```sh
cat > config.ini <<'EOF'
[server]
port = 8080
EOF
```

Quoting `'EOF'` stops the shell from expanding `$variables` inside. (It also means: if your
here-document's *content* contains a line that is exactly `EOF`, the document ends there and the
rest is run as commands. Pick an unusual delimiter for long documents.)

## Piping into a shell

You'll often see install instructions like:

```sh
curl -fsSL https://example.com/install.sh | sh
```

This downloads a script and feeds it straight to `sh` as standard input. `-f` makes curl fail on
HTTP errors instead of piping an error page into the shell, `-sS` hides the progress bar but
still shows errors, and `-L` follows redirects. It's convenient, but you're running code you
haven't read. When in doubt, download it first, read it, then run it.

## tee

`tee` copies stdin to a file and to stdout, so you can save output and still see it:

```sh
./build.sh 2>&1 | tee build.log
```

And the classic for writing a root-owned file: `echo "line" | sudo tee -a /etc/hosts`.
""",
"""# Setting up SSH key authentication for GitHub

## 1. Check for existing keys

```sh
ls -al ~/.ssh
```

Look for `id_ed25519` / `id_ed25519.pub` or the older `id_rsa` / `id_rsa.pub`. If you have a
key pair already, you can reuse it.

## 2. Generate a new key

```sh
ssh-keygen -t ed25519 -C "your_email@example.com"
```

Press Enter to accept the default file (`~/.ssh/id_ed25519`). When asked, type a passphrase.
If your system doesn't support ed25519, use `ssh-keygen -t rsa -b 4096`, which creates
`~/.ssh/id_rsa`.

## 3. Add the key to the agent

```sh
eval "$(ssh-agent -s)"
ssh-add ~/.ssh/id_ed25519
```

## 4. Add the public key to GitHub

Copy the **public** key:

```sh
cat ~/.ssh/id_ed25519.pub
# ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIExampleExampleExampleExampleExampleExample your_email@example.com
```

On GitHub: Settings → SSH and GPG keys → New SSH key, paste it, save.

Never share the private key (`id_ed25519` without `.pub`). Nobody — not GitHub support, not
a colleague — needs it.

## 5. Test

```console
$ ssh -T git@github.com
Hi octocat! You've successfully authenticated, but GitHub does not provide shell access.
```

The first time, you'll be asked to confirm GitHub's host key fingerprint. Compare it with the
fingerprints published in GitHub's documentation before typing `yes`.

## 6. Switch a repository to SSH

```sh
git remote set-url origin git@github.com:USERNAME/REPO.git
```

## Troubleshooting

- `Permission denied (publickey)`: run `ssh -vT git@github.com` and check which key is offered.
- `Bad permissions`: `chmod 600 ~/.ssh/id_ed25519`.
""",
"""# jq in 15 minutes

`jq` is `sed` for JSON. Install it with your package manager (`brew install jq`,
`apt install jq`).

## Pretty-print

```sh
curl -s https://api.example.com/users/42 | jq .
```

## Select fields

```sh
jq '.name'                 # a field
jq '.address.city'         # nested
jq '.tags[0]'              # first array element
jq '.items[] | .id'        # each element's id
jq -r '.token'             # raw output, no quotes — useful in scripts
```

## Filter

```sh
jq '.items[] | select(.status == "failed")'
jq '[.items[] | select(.size > 1000000)] | length'
jq '.items | map(select(.name | test("backup"; "i")))'   # "i" = ignore case
```

## Reshape

```sh
jq '{id, name, email: .contact.email}'
jq -r '.items[] | [.id, .name, .status] | @csv'
jq -r '.items[] | "\\(.name)\\t\\(.status)"'
```

## Real-world example: which of my tokens expire soon?

```sh
curl -s -H "Authorization: Bearer $API_TOKEN" https://api.example.com/v1/tokens \\
  | jq -r '.[] | select(.expires_at != null) | [.name, .expires_at] | @tsv' \\
  | sort -k2
```

## Don't echo secrets

When you extract a token with `jq -r`, assign it to a variable rather than printing it:

```sh
TOKEN=$(jq -r '.access_token' < response.json)
```

so it doesn't end up in your terminal scrollback or a screen recording.
""",
"""# Encrypting files with GPG: a beginner's tutorial

## Symmetric encryption (password only)

```sh
gpg --symmetric --cipher-algo AES256 report.pdf
# creates report.pdf.gpg; you'll be asked for a passphrase
gpg --output report.pdf --decrypt report.pdf.gpg
```

Share the passphrase through a different channel than the file (e.g. file by email, passphrase
by phone).

## Public-key encryption

Create a key pair:

```sh
gpg --full-generate-key
```

Export your public key for others:

```sh
gpg --armor --export you@example.com > you.pub.asc
```

The file looks like this (shortened):

```
-----BEGIN PGP PUBLIC KEY BLOCK-----

mDMEZQ7x3BYJKwYBBAHaRw8BAQdA3vJ4c0ZBf6xkqk2n6F0y7XgR4f9oQ1a7sQ8l
...
=Xy7Q
-----END PGP PUBLIC KEY BLOCK-----
```

Import a colleague's key and encrypt a file for them:

```sh
gpg --import colleague.pub.asc
gpg --fingerprint colleague@example.com    # verify this with them in person or by phone!
gpg --encrypt --recipient colleague@example.com --armor contract.docx
```

## Backing up your private key

```sh
gpg --export-secret-keys --armor you@example.com > private-key-backup.asc
```

Store that file offline (encrypted USB stick in a drawer, printed paper backup in a safe). Do not
upload it to cloud storage, email it to yourself, or commit it anywhere. Anyone with this file
and your passphrase can read everything sent to you.

## Generate a revocation certificate now

```sh
gpg --output revoke.asc --gen-revoke you@example.com
```

If you ever lose the key, publishing this certificate tells everyone to stop using it.
""",
"""# Scheduling jobs with cron and systemd timers

## cron basics

Edit your crontab with `crontab -e`. Each line is: minute, hour, day of month, month, day of
week, command.

```cron
# m  h  dom mon dow  command
  30 2  *   *   *    /home/ana/bin/backup.sh >> /home/ana/backup.log 2>&1
  */15 * *  *   1-5  curl -fsS -m 10 --retry 3 https://hc-ping.example.com/your-uuid > /dev/null
```

Tips:

- cron runs with a minimal `PATH`. Use absolute paths or set `PATH=` at the top of the crontab.
- Redirect output, otherwise cron tries to email it to you.
- `%` is special in crontab lines; escape it as `\\%` (for example in `date +\\%F`).
- Secrets: don't put passwords directly in the crontab (`crontab -l` shows them to anyone who
  can run it as you). Read them from a file with mode 600.

## systemd timers

More verbose, but you get logs, dependencies and missed-run handling.

`~/.config/systemd/user/backup.service`:

```ini
[Unit]
Description=Nightly backup

[Service]
Type=oneshot
ExecStart=%h/bin/backup.sh
EnvironmentFile=%h/.config/backup/env
```

`~/.config/systemd/user/backup.timer`:

```ini
[Unit]
Description=Run backup nightly

[Timer]
OnCalendar=*-*-* 02:30:00
Persistent=true

[Install]
WantedBy=timers.target
```

Enable it:

```sh
systemctl --user daemon-reload
systemctl --user enable --now backup.timer
systemctl --user list-timers
journalctl --user -u backup.service --since today
```

`Persistent=true` runs a missed job at the next boot if the machine was off at 02:30.
""",
"""# Docker for absolute beginners, part 3: secrets and configuration

In part 2 we built an image for our Flask app. Now let's configure it without baking secrets into
the image.

## Don't do this

```dockerfile
ENV DATABASE_PASSWORD=supersecret     # ends up in the image for anyone who pulls it
COPY .env /app/.env                   # same problem
```

Anyone with the image can run `docker history` or `docker inspect` and read these.

## Do this: pass configuration at run time

```sh
docker run -e DATABASE_URL="$DATABASE_URL" -p 8000:8000 myapp
# or
docker run --env-file ./.env -p 8000:8000 myapp
```

The `.env` file stays on your machine. Add it to `.dockerignore` too, so `COPY . .` can't pick it
up by accident:

```
# .dockerignore
.env
.env.*
.git
node_modules
```

## Compose

```yaml
services:
  web:
    build: .
    env_file: .env
    ports: ["8000:8000"]
  db:
    image: postgres:16
    environment:
      POSTGRES_PASSWORD_FILE: /run/secrets/db_password
    secrets: [db_password]

secrets:
  db_password:
    file: ./secrets/db_password.txt
```

Many official images support `*_FILE` variables, which read the value from a file instead of the
environment. That keeps secrets out of `docker inspect` output.

## Build-time secrets

If you need a token during the build (private package registry), use BuildKit secrets:

```sh
docker build --secret id=npmrc,src=$HOME/.npmrc .
```

```dockerfile
RUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci
```

The secret is available only during that `RUN` step and is not stored in any layer.
""",
"""# Writing a safe shell script: a checklist with examples

1. **Start with the strict header.**
   ```bash
   #!/usr/bin/env bash
   set -euo pipefail
   IFS=$'\\n\\t'
   ```
2. **Quote every variable.** `rm -rf "$dir/"` not `rm -rf $dir/`. If `$dir` is empty, both become
   `rm -rf /` — which is why the next point matters too.
3. **Guard destructive operations.**
   ```bash
   : "${BUILD_DIR:?BUILD_DIR must be set}"
   rm -rf -- "${BUILD_DIR:?}/"*
   ```
4. **Use `mktemp` for temporary files** and clean up with a trap:
   ```bash
   tmp=$(mktemp -d)
   trap 'rm -rf "$tmp"' EXIT
   ```
5. **Don't parse `ls`.** Use globs or `find -print0 | xargs -0`.
6. **Never `eval` input.** If you're tempted, there's almost always an array-based alternative:
   ```bash
   args=(--verbose --output "$out")
   mytool "${args[@]}"
   ```
7. **Don't put secrets in arguments.** Command lines are visible in `ps` to other users. Pass
   secrets via environment variables or files, e.g. `mysql --defaults-extra-file=<(printf
   '[client]\\npassword=%s\\n' "$DB_PASSWORD")`.
8. **Heredoc delimiters.** If a here-document contains a line that is exactly its delimiter, the
   document ends early and everything after it runs as shell commands. Use a delimiter that
   cannot occur in the content, such as `__END_OF_CONFIG__`.
9. **Check with ShellCheck.** `shellcheck script.sh` catches most of the above automatically.
   Ignore a specific warning with a comment when you're sure:
   ```bash
   # shellcheck disable=SC2086  # word splitting is intended here
   ```
""",
"""# How to verify a download with checksums and signatures

You downloaded `tool-1.8.0-linux-amd64.tar.gz`. How do you know it's the file the developers
published?

## Checksums

Projects usually publish a `SHA256SUMS` file:

```console
$ curl -fsSLO https://example.dev/releases/1.8.0/SHA256SUMS
$ sha256sum --ignore-missing -c SHA256SUMS
tool-1.8.0-linux-amd64.tar.gz: OK
```

On macOS use `shasum -a 256 -c`. A checksum protects against corrupted downloads. It only
protects against tampering if you got the checksum from a more trustworthy place than the file.

## Signatures

A signature proves that the checksum file was produced by someone holding the project's private
key.

With minisign:

```sh
minisign -Vm SHA256SUMS -P RWQf6LRCGA9i53mlYecO4IzT51TGPpvWucNSCh1CBM0QTaLn73Y7GFO3
```

With GPG:

```sh
gpg --verify SHA256SUMS.asc SHA256SUMS
```

With Sigstore cosign (keyless):

```sh
cosign verify-blob --certificate SHA256SUMS.pem --signature SHA256SUMS.sig \\
  --certificate-identity-regexp 'https://github.com/example/tool/.github/workflows/release.yml@.*' \\
  --certificate-oidc-issuer https://token.actions.githubusercontent.com SHA256SUMS
```

## And the curl | sh installers?

Good installers do these checks for you — they download the checksum file, verify it and refuse
to continue on a mismatch. Read the installer once to confirm it does.
""",
"""# Managing secrets for a small team with sops and age

## Install

```sh
brew install sops age        # macOS
sudo apt install age && go install github.com/getsops/sops/v3/cmd/sops@latest   # Linux
```

## Create a key for each person

```sh
age-keygen -o ~/.config/sops/age/keys.txt
# Public key: age1qz8...example...x7p
```

The file contains your **private** key. Back it up in your password manager. Share only the
`age1…` public key.

## Tell sops who can decrypt

`.sops.yaml` at the repository root:

```yaml
creation_rules:
  - path_regex: secrets/.*\\.yaml$
    age: >-
      age1qz8exampleexampleexampleexampleexampleexampleexampleqx7p,
      age1lm2exampleexampleexampleexampleexampleexampleexample9dfk
```

## Encrypt, edit, decrypt

```sh
sops -e -i secrets/prod.yaml      # encrypt in place
sops secrets/prod.yaml            # opens $EDITOR with the decrypted file; re-encrypts on save
sops -d secrets/prod.yaml | yq .database.password
```

Encrypted files are safe to commit: only values are encrypted, keys stay readable, so diffs show
*which* secret changed.

## When someone leaves

1. Remove their public key from `.sops.yaml`.
2. `sops updatekeys secrets/*.yaml`.
3. Rotate the actual secrets — they could have copied the decrypted values while they had access.
""",
"""# Tutorial: your first LLM app with a system prompt

In this tutorial we'll build a tiny command-line "recipe assistant" and learn how system prompts,
user messages and conversation history fit together.

## Setup

```sh
python -m venv .venv && source .venv/bin/activate
pip install openai python-dotenv
echo 'OPENAI_API_KEY=sk-your-key-here' > .env
echo '.env' >> .gitignore
```

## The code

```python
import os
from dotenv import load_dotenv
from openai import OpenAI

load_dotenv()
client = OpenAI(api_key=os.environ["OPENAI_API_KEY"])

SYSTEM = (
    "You are a friendly cooking assistant. Suggest recipes using the ingredients the user has. "
    "Always list ingredients first, then numbered steps. Mention common allergens."
)

history = [{"role": "system", "content": SYSTEM}]
while True:
    question = input("you> ")
    if not question:
        break
    history.append({"role": "user", "content": question})
    reply = client.chat.completions.create(model="gpt-4o-mini", messages=history)
    answer = reply.choices[0].message.content
    history.append({"role": "assistant", "content": answer})
    print(f"chef> {answer}")
```

## What each role does

- **system**: your instructions as the developer. Sets behaviour for the whole conversation.
- **user**: what the person typed.
- **assistant**: the model's previous replies, so it remembers the conversation.

## Experiment

Try changing the system prompt to "Answer only with vegetarian recipes" and ask for a steak
recipe. Then try "Reply in French". You'll see how much the system prompt shapes behaviour.

## A caution for later

When you extend this to read recipes from web pages, remember that the page text is content from
strangers. Put it in a user message as data, and don't give the assistant tools that could do
anything harmful if a web page managed to influence it.
""",
"""# rsync recipes

```sh
# mirror a directory (note the trailing slash on the source!)
rsync -avh --delete ~/photos/ /mnt/backup/photos/

# dry run first, always, when using --delete
rsync -avhn --delete ~/photos/ /mnt/backup/photos/

# over SSH with a specific key and port
rsync -avz -e "ssh -i ~/.ssh/backup_ed25519 -p 2222" ./site/ deploy@web1.example.com:/var/www/site/

# exclude patterns, or use an exclude file in .gitignore style
rsync -av --exclude 'node_modules/' --exclude '*.log' ./project/ remote:project/
rsync -av --exclude-from=.rsyncignore ./project/ remote:project/

# ignore files that already exist on the receiver
rsync -av --ignore-existing ./incoming/ archive/

# ignore errors from vanished files (e.g. log rotation while copying)
rsync -av --ignore-missing-args ./logs/ remote:logs/

# resume big transfers and show overall progress
rsync -avP --info=progress2 big.iso remote:/data/
```

The trailing slash matters: `rsync src/ dst/` copies the *contents* of `src` into `dst`;
`rsync src dst/` creates `dst/src`.

For unattended backups, create a dedicated key and restrict it on the server in
`~/.ssh/authorized_keys` with `command="rrsync -ro /srv/backups",restrict ssh-ed25519 AAAA…`, so
that key can only run rsync in one directory even if it leaks.
""",
"""# Installing developer tools with one-line installers: a field guide

Many developer tools ship an official "one-liner". Here are the ones you'll meet most often,
what they do, and how to undo them.

| Tool | Official command | Where it installs | Undo |
| --- | --- | --- | --- |
| Rust (rustup) | `curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs \\| sh` | `~/.cargo`, `~/.rustup` | `rustup self uninstall` |
| Deno | `curl -fsSL https://deno.land/install.sh \\| sh` | `~/.deno` | delete `~/.deno` and the PATH line |
| Deno (Windows) | `irm https://deno.land/install.ps1 \\| iex` | `%USERPROFILE%\\.deno` | delete the folder |
| Bun | `curl -fsSL https://bun.sh/install \\| bash` | `~/.bun` | delete `~/.bun` |
| uv | `curl -LsSf https://astral.sh/uv/install.sh \\| sh` | `~/.local/bin` | `uv self uninstall` |
| nvm | `curl -o- https://raw.githubusercontent.com/nvm-sh/nvm/v0.39.7/install.sh \\| bash` | `~/.nvm` | delete `~/.nvm` and the lines in your shell rc |
| Homebrew | `/bin/bash -c "$(curl -fsSL https://raw.githubusercontent.com/Homebrew/install/HEAD/install.sh)"` | `/opt/homebrew` or `/usr/local` | the official uninstall script |
| Oh My Zsh | `sh -c "$(curl -fsSL https://raw.githubusercontent.com/ohmyzsh/ohmyzsh/master/tools/install.sh)"` | `~/.oh-my-zsh` | `uninstall_oh_my_zsh` |
| SDKMAN! | `curl -s "https://get.sdkman.io" \\| bash` | `~/.sdkman` | delete `~/.sdkman` |
| Scoop (Windows) | `irm get.scoop.sh \\| iex` | `~\\scoop` | `scoop uninstall scoop` |
| Nix | `sh <(curl -L https://nixos.org/nix/install) --daemon` | `/nix` | see the Nix manual |
| Poetry | `curl -sSL https://install.python-poetry.org \\| python3 -` | `~/.local/share/pypoetry` | same command with `--uninstall` |

## What they have in common

- They detect your OS and CPU and download the right release.
- Most modify a shell startup file (`~/.bashrc`, `~/.zshrc`, `~/.profile`) to add a directory to
  `PATH`. Look for a `--no-modify-path` option if you manage dotfiles yourself.
- None of the above needs root except Homebrew's first install and Nix's multi-user mode, and they
  tell you before asking for your password.

## In corporate environments

Your IT team may block these scripts or require installs from an internal mirror. Ask before
working around it — the block usually exists because someone had to clean up after a fake
"installer" once.

## Reading before running

All of these are short enough to read. Download, skim, run:

```sh
curl -fsSL https://bun.sh/install -o bun-install.sh && less bun-install.sh && bash bun-install.sh
```
""",
]


def gen(rng, i):
    pool = sp(FIXED)
    d = pool[i % len(pool)]
    if "{JWT}" in d:
        d = d.replace("{JWT}", example_jwt(rng))
    return d
