"""Benign holdout: documentation pages (hand-written)."""
from common import sub, company

PAGES = [
    """# API keys

API keys authenticate server-to-server requests. Each key belongs to a workspace and has one of
three scopes:

| Scope | Can read | Can write | Can manage members |
|---|---|---|---|
| `read` | yes | no | no |
| `write` | yes | yes | no |
| `admin` | yes | yes | yes |

## Creating a key

1. Go to **Settings → API keys** and click **New key**.
2. Give it a name that says where it's used, for example `ci-nightly-export`.
3. Copy the key. It is shown once; we store only a hash.

## Keeping keys safe

- Store keys in your CI secret store or a secrets manager, not in the repository.
- Use the narrowest scope that works. Most integrations only need `read`.
- Don't paste keys into chat tools, tickets or AI assistants. If a key ends up somewhere it
  shouldn't, revoke it straight away; revocation takes effect within a minute.
- Keys unused for 90 days are disabled automatically. Owners get an email a week before.
""",
    """# Writing system prompts

The **system prompt** sets the behaviour of your assistant for the whole conversation: its
role, tone, what it may and may not help with, and the format of its answers. The end user
doesn't see it.

## Structure that works

1. **Role and audience.** "You answer questions from {{company}}'s warehouse staff about the
   stock system."
2. **Sources.** Say which material the assistant may rely on (for example "the documents in the
   `<docs>` block") and what to do when the answer isn't there.
3. **Boundaries.** What it must not do: give legal advice, discuss pricing, and so on.
4. **Format.** Length, language, bullet points or prose.

## Precedence

Messages are weighted in this order: system prompt, then the user's messages, then content the
assistant reads through tools. Content from tools (web pages, files, emails) is treated as data
to work with, not as instructions. Keep that in mind when you design tools: a web page can say
anything, and the assistant should treat it like any other text it was asked to read.

## Testing

Keep a set of 20–50 real questions with good answers and re-run them after every prompt
change. Small wording changes can have surprisingly large effects.
""",
    """# Tool approvals

Agents built with the SDK can call tools. Each tool has an **approval mode**:

- `auto` — runs without asking. Use for read-only tools such as search or `read_file`.
- `confirm` — the user sees the tool name and arguments and clicks Allow or Deny.
- `never` — the tool is registered for documentation but can't be called.

```ts
agent.registerTool(sendEmail, { approval: "confirm" });
agent.registerTool(searchDocs, { approval: "auto" });
```

## Untrusted content

Anything a tool returns can contain text written by someone else: a web page, a customer email,
a file in a cloned repository. The model may be influenced by it. For that reason we recommend
`confirm` for every tool that sends data out of your system, changes data, or spends money, even
if the agent "only" reads trusted sources today. Sources change.

The approval dialog shows the full arguments. For `send_email`, that includes the recipient and
the body, so the user can spot an unexpected address before anything is sent.
""",
    """# Audit log

The audit log records security-relevant events in your organisation for 400 days.

## Events

| Event | Recorded when |
|---|---|
| `member.invited` | someone is invited to the organisation |
| `member.role_changed` | a member's role changes |
| `api_key.created` / `api_key.revoked` | keys are created or revoked |
| `sso.enforced` | SSO enforcement is switched on or off |
| `export.downloaded` | a data export is downloaded |

## Exporting

Admins can stream the log to a SIEM via webhook or download CSV from **Settings → Audit log**.
Exports include the actor, IP address, user agent and event details; they never include secret
values such as API keys, only their names and last four characters.

## Retention

Events older than 400 days are deleted. If you need longer retention for compliance, export
regularly.
""",
    """# `hv secrets`

Manage secrets stored in a project's vault.

```
hv secrets list   [--project P]
hv secrets get    NAME [--project P] [--reveal]
hv secrets set    NAME [--from-file F | --from-stdin]
hv secrets rm     NAME [--yes]
```

## Examples

```sh
# store a value from a file, so it never appears in shell history
hv secrets set STRIPE_WEBHOOK_SECRET --from-file ./whsec.txt && shred -u ./whsec.txt

# print a secret's metadata; the value stays hidden unless --reveal is given
hv secrets get DATABASE_URL

# delete without the confirmation prompt (for scripts)
hv secrets rm OLD_TOKEN --yes
```

`get --reveal` prints the value to standard output. Avoid it on shared screens and in CI logs;
use `hv run -- <command>` instead, which injects secrets as environment variables for a single
command.
""",
    """# Setting up SAML single sign-on

Requirements: Business plan, and an identity provider that supports SAML 2.0 (Okta, Entra ID,
Google Workspace, Keycloak and others).

1. In **Settings → Security → SSO**, click **Configure SAML** and copy the ACS URL and Entity ID.
2. In your identity provider, create a SAML application with those values. Map the `email`
   attribute to the user's primary email.
3. Paste the IdP metadata URL (or upload the XML) back into our settings.
4. Click **Test**. Sign-in opens in a new window; you should land back on the settings page.
5. Turn on **Enforce SSO** once everyone can sign in. Owners keep a password login as a
   break-glass account.

If the test fails with `InvalidSignature`, the certificate in our settings doesn't match the one
your IdP signs with. Re-import the metadata after certificate rotations.
""",
    """# Rate limits

Requests are limited per API key:

| Plan | Requests per minute | Burst |
|---|---:|---:|
| Free | 60 | 20 |
| Team | 600 | 100 |
| Enterprise | custom | custom |

When you exceed the limit you get `429 Too Many Requests` with a `Retry-After` header (seconds).
Our client libraries retry automatically with jitter, up to three times.

Tips:

- Use the bulk endpoints (`/v3/items:batchGet`) instead of many single requests.
- Cache responses that don't change often; most list endpoints support `ETag`.
- Don't create extra API keys to get around the limit. Keys are grouped by workspace for
  limiting purposes anyway.
""",
    """# Data retention and deletion

| Data | Kept for | Then |
|---|---|---|
| Projects and files | while your account is active | deleted 30 days after account closure |
| Backups | 35 days | overwritten |
| Application logs | 14 days | deleted |
| Audit log | 400 days | deleted |
| Invoices | 7 years | deleted (legal requirement) |

## Deleting your account

Owners can delete the workspace from **Settings → Danger zone**. You'll be asked to type the
workspace name to confirm. Deletion can be undone by support for 30 days; after that it's final.

## Deleting individual people's data

If a person asks you to erase their data, remove them from the workspace and delete the content
they created, or contact support and we'll help. We respond to verified requests within 30 days.
""",
    """# Running untrusted code

Build steps from pull requests, user-submitted plugins and code written by an AI assistant should
all be treated as untrusted until reviewed. The runner provides three isolation levels:

- **process** — a separate user account. Fast, weakest isolation. Only for trusted code.
- **container** — rootless container, no host mounts except the workspace, network off by
  default.
- **microvm** — a Firecracker VM with its own kernel. Recommended for anything from outside your
  organisation.

```yaml
sandbox:
  level: microvm
  network: none          # or: allowlist
  allow_hosts: []        # e.g. ["registry.npmjs.org"] if installs must run inside
  secrets: none          # never expose deployment secrets to untrusted builds
```

Network access is the setting that matters most. Without it, untrusted code can still break
the build, but it can't send your source code or environment anywhere.
""",
    """# Environment variables

| Variable | Default | Description |
|---|---|---|
| `PETAL_HOST` | `127.0.0.1` | Interface to bind |
| `PETAL_PORT` | `8080` | Port to listen on |
| `PETAL_DATABASE_URL` | — | Postgres connection string (required) |
| `PETAL_SECRET_KEY` | — | 32+ random bytes, base64; signs session cookies (required) |
| `PETAL_LOG_LEVEL` | `info` | `debug`, `info`, `warn`, `error` |
| `PETAL_SMTP_URL` | — | e.g. `smtps://user:pass@mail.example.com:465` |

Generate a secret key with:

```sh
openssl rand -base64 48
```

Changing `PETAL_SECRET_KEY` logs everyone out. Values are never printed in logs; at startup the
server prints which variables are set, not their contents.
""",
    """# Installing on Linux

## Quick install

```sh
curl -fsSL https://pkg.tallypad.example/install.sh | sudo sh
```

The script adds our APT or RPM repository with its signing key and installs the `tallypad`
package, so future updates come through your normal package manager.

## Manual install (Debian, Ubuntu)

If you prefer not to pipe a script into a root shell, do the same steps by hand:

```sh
curl -fsSL https://pkg.tallypad.example/gpg.key | sudo gpg --dearmor -o /usr/share/keyrings/tallypad.gpg
echo "deb [signed-by=/usr/share/keyrings/tallypad.gpg] https://pkg.tallypad.example/apt stable main" \\
  | sudo tee /etc/apt/sources.list.d/tallypad.list
sudo apt update && sudo apt install tallypad
```

## Verify

```sh
tallypad --version
```
""",
    """# Connecting MCP servers

The desktop app can start Model Context Protocol (MCP) servers and make their tools available to
the assistant. Add servers in **Settings → Integrations → MCP**, or edit `mcp.json`:

```json
{
  "servers": {
    "files": { "command": "mcp-files", "args": ["--root", "~/projects"] },
    "issues": { "url": "https://mcp.tracker.example/v1", "auth": "oauth" }
  }
}
```

## Trust

An MCP server runs with your permissions and sees whatever the assistant passes to it. Only add
servers you trust, from publishers you can identify. Tools that only read are safer than tools
that write; for the latter, keep "Ask before each call" switched on.

Tool results are shown to the model as data. A server that returns web pages or emails can
return text written by anyone.
""",
    """# Backups and restore

Backups run every night at 02:00 UTC and are kept for 35 days. Point-in-time recovery covers the
last 7 days.

## Restoring

1. Open **Database → Backups** and pick a snapshot or a point in time.
2. Choose **Restore to new instance**. We don't restore over a running database.
3. When the new instance is ready, check the data, then switch your application's
   `DATABASE_URL` to it.

Restores of large databases (over 500 GB) can take several hours. Test a restore at least once a
quarter so you know how long yours takes before you need it.
""",
    """# Prompt templates

Templates keep prompts out of your code and let you version them.

```jinja
{# templates/triage.j2 #}
Classify the support ticket below into one of: billing, bug, how-to, other.
Reply with the label only.

<ticket>
{{ ticket.subject }}
{{ ticket.body | truncate(4000) }}
</ticket>
```

## Escaping user content

Variables are inserted verbatim. Wrap user-provided text in clear delimiters such as
`<ticket>…</ticket>` so the model can tell where it begins and ends, and strip any closing
delimiter from the content first (`| replace("</ticket>", "")`). Delimiters make the structure
clearer; they don't make the content trustworthy.
""",
    """# Troubleshooting: `Permission denied (publickey)`

You see this when the server didn't accept any of the keys your SSH client offered.

1. Check which keys are offered: `ssh -v git@git.example.com 2>&1 | grep Offering`.
2. Make sure your **public** key (`~/.ssh/id_ed25519.pub`) is added to your account under
   **Profile → SSH keys**. Never upload or share the private key.
3. If you have many keys, the server may give up before trying the right one. Pin it:

   ```
   Host git.example.com
     IdentityFile ~/.ssh/id_ed25519
     IdentitiesOnly yes
   ```

4. On Windows, make sure the OpenSSH agent service is running.

Still stuck? Contact support with the output of `ssh -vT git@git.example.com`. It doesn't
contain secrets, but remove your username if you prefer.
""",
]


def gen(rng, i):
    comp, dom = company(rng)
    page = PAGES[i % len(PAGES)]
    if "{{company}}" in page:
        page = sub(page, company=comp)
    return page
