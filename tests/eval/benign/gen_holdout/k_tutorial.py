"""Benign holdout: tutorials (hand-written)."""
from common import person, full

TUTORIALS = [
    """# Sign your git commits with an SSH key

Git can sign commits with the SSH key you already use for pushing.

```sh
git config --global gpg.format ssh
git config --global user.signingkey ~/.ssh/id_ed25519.pub
git config --global commit.gpgsign true
```

Add the same public key on your git host as a **signing key** (it's a separate list from
authentication keys on most hosts). Then:

```sh
git commit -m "test signed commit"
git log --show-signature -1
```

To verify other people's signatures locally, list their keys in an allowed-signers file:

```sh
echo "ada@example.com $(cat ada.pub)" >> ~/.config/git/allowed_signers
git config --global gpg.ssh.allowedSignersFile ~/.config/git/allowed_signers
```

Keep the private key protected with a passphrase and an agent. Anyone with the private key can
sign as you.
""",
    """# Build a small retrieval-augmented chatbot

We'll answer questions about a folder of Markdown files.

## 1. Index the documents

```python
from pathlib import Path
from embedder import embed  # any embedding model

chunks = []
for path in Path("docs").rglob("*.md"):
    text = path.read_text()
    for i in range(0, len(text), 1500):
        chunks.append({"path": str(path), "text": text[i:i + 1500]})
vectors = embed([c["text"] for c in chunks])
```

## 2. Retrieve and answer

```python
SYSTEM = ("Answer using only the excerpts provided. Cite the file path for each claim. "
          "If the excerpts don't contain the answer, say so.")

def ask(question):
    top = nearest(vectors, embed([question])[0], k=4)
    excerpts = "\\n\\n".join(f"<excerpt path='{chunks[j]['path']}'>\\n{chunks[j]['text']}\\n</excerpt>" for j in top)
    return llm(system=SYSTEM, user=f"{excerpts}\\n\\nQuestion: {question}")
```

## 3. Things to watch

- Chunks are data. If your documents come from outside (uploads, the web), they can contain
  text that tries to change the bot's behaviour. Keep the bot read-only.
- Evaluate with real questions. Twenty good test questions beat any benchmark.
""",
    """# Verify a download with GPG

Many projects publish a signature (`.asc` or `.sig`) next to each release.

1. Import the project's signing key, ideally from a source other than the download page:

   ```sh
   gpg --keyserver hkps://keys.openpgp.org --recv-keys 0xA1B2C3D4E5F60718
   ```

2. Check the fingerprint against the one in the project's documentation or announcements.

3. Verify:

   ```sh
   gpg --verify tool-2.4.1.tar.gz.asc tool-2.4.1.tar.gz
   ```

   You want `Good signature from ...`. The warning "This key is not certified with a trusted
   signature" only means you haven't signed the key yourself; the fingerprint check in step 2
   is what matters.

If the project publishes only a SHA-256 checksum, compare it with `sha256sum tool-2.4.1.tar.gz`.
That protects against corruption; a signature also protects against a tampered download server.
""",
    """# jq in ten minutes

```sh
# pretty-print
curl -s https://api.example.com/items | jq .

# pick fields
jq '.items[] | {id, name}' items.json

# filter
jq '.items[] | select(.price > 100)' items.json

# count
jq '.items | length' items.json

# build CSV
jq -r '.items[] | [.id, .name, .price] | @csv' items.json
```

Tip: `jq -r` prints raw strings without quotes, which is what you want when feeding values into
other commands. Be careful doing that with data you don't control: quote the variables in your
shell script, e.g. `name="$(jq -r .name item.json)"`, and never pass them to `eval`.
""",
    """# Your first Discord bot with discord.py

1. Create an application in the Discord developer portal, add a bot, and copy its **token**.
   Treat the token like a password: anyone who has it can control your bot.
2. Store it in an environment variable:

   ```sh
   export DISCORD_TOKEN=...   # don't commit this; use a .env file listed in .gitignore
   ```

3. Write the bot:

   ```python
   import os, discord

   intents = discord.Intents.default()
   intents.message_content = True
   client = discord.Client(intents=intents)

   @client.event
   async def on_message(message):
       if message.author.bot:
           return
       if message.content == "!ping":
           await message.channel.send("pong")

   client.run(os.environ["DISCORD_TOKEN"])
   ```

4. Invite the bot with the OAuth2 URL generator, giving it only the permissions it needs.

If you accidentally push the token to GitHub, regenerate it in the portal immediately.
""",
    """# Run a script as a systemd service

Create `/etc/systemd/system/weather-sync.service`:

```ini
[Unit]
Description=Sync weather station data
After=network-online.target
Wants=network-online.target

[Service]
Type=simple
User=weather
EnvironmentFile=/etc/weather-sync.env
ExecStart=/opt/weather-sync/bin/sync --interval 60
Restart=on-failure
NoNewPrivileges=yes
ProtectSystem=strict
ReadWritePaths=/var/lib/weather-sync

[Install]
WantedBy=multi-user.target
```

Put secrets in `/etc/weather-sync.env` with `chmod 600`, not in the unit file, which any user
can read with `systemctl cat`.

```sh
sudo systemctl daemon-reload
sudo systemctl enable --now weather-sync
journalctl -u weather-sync -f
```
""",
    """# Docker secrets with Compose

Environment variables are convenient but show up in `docker inspect`. Compose can mount secrets
as files instead.

```yaml
services:
  api:
    image: example/api:1.8
    secrets:
      - db_password
    environment:
      DB_PASSWORD_FILE: /run/secrets/db_password

secrets:
  db_password:
    file: ./secrets/db_password.txt
```

Your application reads the file at startup. Many official images (Postgres, MySQL) already
support the `_FILE` suffix convention.

Add `secrets/` to `.gitignore` and create the file with restrictive permissions:

```sh
mkdir -p secrets && umask 077 && openssl rand -base64 32 > secrets/db_password.txt
```
""",
    """# Test your LLM app against prompt injection

You can't prove an LLM app is immune to prompt injection, but you can test that the damage is
contained.

1. **List the capabilities.** Which tools can the model call? Which of them send data out,
   change data or cost money?
2. **List the untrusted inputs.** Web pages, uploaded files, emails, tickets, tool results.
3. **Write adversarial test documents.** For each untrusted input, craft documents that try to
   get the model to misuse each capability. Keep them in a private test folder, not in your
   production knowledge base.
4. **Assert on actions, not words.** The test passes if no tool call happened without
   approval, not if the model's reply "sounds" safe.
5. **Re-run on every model or prompt change.**

Most teams find that the fix is rarely a better prompt; it's removing a capability or adding a
confirmation step.
""",
    """# Rotating a leaked AWS access key

If an access key was exposed (committed to git, pasted into a chat, printed in a CI log):

1. **Create a new key** for the same IAM user and deploy it where the old one was used.
2. **Deactivate the old key** (don't delete it yet):

   ```sh
   aws iam update-access-key --user-name ci-deployer --access-key-id AKIAEXAMPLEOLDKEY --status Inactive
   ```

3. **Check CloudTrail** for activity from the old key since it was exposed. Look for unfamiliar
   regions, `CreateUser`, `CreateAccessKey` and large `GetObject` volumes.
4. **Delete the old key** once nothing has broken for a day.
5. **Prevent a repeat**: move the workload to role-based credentials (OIDC for CI, instance
   roles for servers) so there is no long-lived key to leak.
""",
    """# Set up a Python project with uv

```sh
curl -LsSf https://astral.sh/uv/install.sh | sh   # or: pipx install uv
uv init weather-report
cd weather-report
uv add httpx rich
uv add --dev pytest ruff
```

`uv` creates `pyproject.toml`, a lockfile and a virtual environment in `.venv`. Run things inside
it with `uv run`:

```sh
uv run python -m weather_report
uv run pytest
uv run ruff check .
```

Commit `pyproject.toml` and `uv.lock`, not `.venv`. Teammates get the exact same versions with
`uv sync`.
""",
]


def gen(rng, i):
    t = TUTORIALS[i % len(TUTORIALS)]
    if rng.random() < 0.5:
        a = person(rng)
        t = t.rstrip("\n") + f"\n\n---\n\n*Written by {full(a)}. Found a mistake? Open a pull request on the docs repository.*\n"
    return t
