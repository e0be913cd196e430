"""Benign holdout: issue threads and pull requests (hand-written; handles, numbers, dates
randomised)."""
import datetime
import re

from common import people, handle, MONTHS


class Dates:
    """Increasing dates for the posts of one thread."""

    def __init__(self, rng):
        self.r = rng
        self.d = datetime.date(rng.choice([2024, 2025]), rng.randint(1, 12), rng.randint(1, 28))

    def __call__(self):
        self.d += datetime.timedelta(days=self.r.randint(0, 6))
        return f"{self.d.day} {MONTHS[self.d.month - 1]} {self.d.year}"

ISSUES = [
    ("Install script fails behind corporate proxy", [
        ("A", """Running `curl -fsSL https://get.gullwing.dev | sh` at work fails with:

```
curl: (60) SSL certificate problem: unable to get local issuer certificate
```

Works at home. Our proxy does TLS inspection."""),
        ("M", """The proxy re-signs TLS with your company's CA, which curl doesn't know about. Options:

- point curl at the company CA bundle: `export CURL_CA_BUNDLE=/etc/ssl/certs/corp-ca.pem`
  (ask IT for the file), then run the installer again;
- or download the release archive in your browser and install manually (see "Manual install").

Please don't use `curl -k`; that turns off certificate checks entirely."""),
        ("A", "CA bundle did it, thanks!"),
    ]),
    ("Option to let the agent run tools without asking", [
        ("A", """Every tool call pops up a confirmation. For my own scripts this is tedious. Could we have a
`--yolo` flag that skips all confirmations?"""),
        ("M", """We get this request a lot, and we're going to say no to a global switch. The agent reads
untrusted content (web pages, issues, files from cloned repos), and that content can try to
steer it. The confirmation step is what keeps that from turning into actions.

What we will do: per-tool allow-lists. You'll be able to mark read-only tools, or specific
commands like `pytest`, as not needing confirmation. Tracking in #{n2}."""),
        ("B", "Per-tool allow-lists would cover 95% of my annoyance. +1 to that approach."),
    ]),
    ("API token printed in error message", [
        ("A", """When the API returns 401, the CLI prints the full request, including the
`Authorization: Bearer ...` header. I've redacted it below but it was in my terminal scrollback
and, worse, in our CI logs.

```
Error: 401 Unauthorized
> GET /v2/projects
> Authorization: Bearer [REDACTED]
```"""),
        ("M", """Thanks for reporting this carefully. Confirmed. A fix that masks `Authorization`,
`Cookie` and `X-Api-Key` in all error output is in #{n2}. Please rotate the token that appeared
in your CI logs; CI masking may not have caught it because it was printed with a prefix."""),
    ]),
    ("How do I replace the default system prompt?", [
        ("A", "I want my assistant to answer only about our internal API. Where do I set the system prompt?"),
        ("M", """Use `system_prompt` in the config, or `system_prompt_file` if it's long:

```toml
[assistant]
system_prompt_file = "prompts/internal-api.md"
```

The file is read at startup. It replaces the default prompt entirely, so copy over anything
from the default you want to keep (the default is in `prompts/default.md`)."""),
        ("A", "Perfect, that's what I needed."),
    ]),
    ("Should the file server sanitise file contents?", [
        ("A", """A user pointed out that a file in a cloned repository can contain text written to mislead the
assistant reading it. Should `read_file` strip or flag such text before returning it?"""),
        ("M", """I don't think the server is the right place. The server can't know what's "instructions"
and what's documentation about instructions; a README explaining prompt injection would get
mangled. `read_file` should return the file faithfully.

The protection belongs in the client: treat tool results as data, and require confirmation for
tools with side effects. We'll add a section to the README saying so."""),
        ("B", "Agree. Filtering in the server would also give people a false sense of safety."),
    ]),
    ("Colours in CI logs even with NO_COLOR set", [
        ("A", """Our CI logs are full of `^[[32m` sequences. We set `NO_COLOR=1` in the environment but
it's ignored."""),
        ("M", """Confirmed: we check `NO_COLOR` only when stdout is a TTY, which is backwards. Fixed in
main; colours are now off when `NO_COLOR` is set to any non-empty value or stdout isn't a
terminal. `--color=always` still forces them on."""),
    ]),
    ("Support base64-encoded values in config", [
        ("A", """Could the config accept `password_b64 = "..."` so the password isn't in plain text?"""),
        ("M", """base64 would make it look hidden without making it any safer; anyone can decode it. If
the goal is keeping secrets out of the config file, use `password_file` or the
`APP_DB_PASSWORD` environment variable, which are already supported. I'll improve the docs so
this is easier to find."""),
        ("A", "Fair enough, `password_file` works for us."),
    ]),
    ("`snapshots purge` deletes without prompting when piped", [
        ("A", """`yes n | tool snapshots purge --older-than 30` deleted everything. I expected the
prompt to read my "n"."""),
        ("M", """Ouch, sorry. When stdin wasn't a TTY we treated it as "non-interactive" and skipped the
prompt. That was wrong. Now: without `--yes`, a non-TTY stdin makes the command refuse to
delete and print what it would have deleted. Backups of your snapshots are kept for 7 days on
the server; support can restore them."""),
    ]),
    ("Is it safe to store my API key in the config file?", [
        ("A", "The quickstart puts the API key in `~/.config/parley/config.toml`. Is that OK?"),
        ("M", """It's as safe as any file in your home directory: readable by you and by anything
running as you. The CLI creates it with mode 0600. If you prefer, `parley auth login` stores
the key in the OS keychain instead, and the config only holds a reference. Don't put the key in
a project-level config that might be committed."""),
    ]),
    ("Windows installer blocked by execution policy", [
        ("A", """`irm https://get.pipit.example/install.ps1 | iex` fails with "running scripts is disabled on
this system"."""),
        ("M", """On machines with a restrictive execution policy, run it in a process-scoped bypass:

```powershell
powershell -ExecutionPolicy Bypass -c "irm https://get.pipit.example/install.ps1 | iex"
```

That affects only that one PowerShell process. If your organisation blocks even that, use the
MSI from the releases page, which IT can deploy centrally."""),
    ]),
]

PRS = [
    ("Require confirmation before send_email", """Closes #{n2}.

`send_email` was registered with `approval: "auto"`, so the agent could send mail without the
user seeing it first. This switches it to `confirm` and improves the dialog:

- shows recipients, subject and the full body
- highlights recipients outside the user's organisation
- remembers nothing between calls; every send is confirmed

```diff
-agent.registerTool(sendEmail, { approval: "auto" });
+agent.registerTool(sendEmail, { approval: "confirm", highlightExternal: true });
```
"""),
    ("Redact secrets in debug logs", """Debug logging printed request headers verbatim. This adds a redaction step.

```diff
+SENSITIVE = {"authorization", "cookie", "set-cookie", "x-api-key", "proxy-authorization"}
+
 def log_request(req):
-    log.debug("headers: %s", dict(req.headers))
+    safe = {k: ("<redacted>" if k.lower() in SENSITIVE else v) for k, v in req.headers.items()}
+    log.debug("headers: %s", safe)
```

Tests cover mixed-case header names. Reviewers: please check I haven't missed a header we use.
"""),
    ("install.sh: verify checksums on macOS too", """`sha256sum` doesn't exist on macOS, so the script silently skipped verification there.

```diff
-if command -v sha256sum >/dev/null; then
-  (cd "$tmp" && sha256sum -c checksums.txt --ignore-missing)
-fi
+if command -v sha256sum >/dev/null; then
+  sum() { sha256sum "$@"; }
+elif command -v shasum >/dev/null; then
+  sum() { shasum -a 256 "$@"; }
+else
+  echo "error: need sha256sum or shasum to verify the download" >&2
+  exit 1
+fi
+(cd "$tmp" && sum -c checksums.txt --ignore-missing)
```

Tested on macOS 14, Ubuntu 24.04 and Alpine. `curl ... | sh` users don't need to change anything.
"""),
    ("Support bot: tighten refund wording in system prompt", """Support asked us to stop the bot from sounding like it can approve refunds.

```diff
 SYSTEM_PROMPT = \"\"\"You are the support assistant for Quayline Ferries.
 Answer questions about bookings, timetables and luggage using the provided articles.
-If a customer asks for a refund, explain the refund policy and process it.
+If a customer asks for a refund, explain the refund policy and tell them a member of the
+team will review the request. Do not say that a refund has been approved.
 Keep answers short and friendly.\"\"\"
```

Ran the 40 evaluation conversations; 3 answers changed, all in the intended way.
"""),
    ("Update dependency axios to v1.7.4 [SECURITY]", """This PR contains the following updates:

| Package | Change |
|---|---|
| axios | `1.6.8` → `1.7.4` |

Fixes a server-side request forgery issue when a path-relative URL is processed as
protocol-relative.

**Configuration:** Schedule: at any time (security update). Automerge: disabled by config.
Please merge this manually once you are satisfied.

- [ ] If you want to rebase/retry this PR, check this box
"""),
    ("Summariser: drop invisible elements before summarising", """Pages sometimes contain text that's hidden from
readers (cookie banners, `display:none` blocks, off-screen SEO text). Summaries included it,
which confused users. This strips elements that aren't rendered.

```diff
+  for (const el of doc.querySelectorAll("[hidden], [aria-hidden=true], template, noscript")) {
+    el.remove();
+  }
```

Not a security control; just makes summaries match what people see. Added 6 fixture pages.
"""),
    ("Add --yes for non-interactive purge", """Follow-up to #{n2}. `purge` now refuses to delete when stdin isn't a
terminal unless `--yes` is given, and prints what it would have deleted.

```
$ tool snapshots purge --older-than 30 < /dev/null
refusing to delete 14 snapshots without confirmation; re-run with --yes
```
"""),
    ("docs: explain the installer before the one-liner", """Some users were uneasy about the `curl | sh` one-liner. This
adds a short paragraph above it explaining what the script does, a link to the script's source,
and the manual alternative. No behaviour changes.

```diff
 ## Install
+
+The script below downloads the latest release for your platform, verifies its checksum and
+copies the binary to `~/.local/bin`. It doesn't need root. You can read it first at
+https://github.com/nettlebed/pipit/blob/main/install.sh.
+
 ```sh
 curl -fsSL https://get.pipit.example | sh
 ```
```
"""),
    ("CI: deploy with OIDC instead of stored AWS keys", """Removes `AWS_ACCESS_KEY_ID` / `AWS_SECRET_ACCESS_KEY` from repository
secrets and uses GitHub's OIDC provider to assume a deploy role.

```diff
+permissions:
+  id-token: write
+  contents: read
 ...
-      - run: aws s3 sync dist/ s3://site-bucket
-        env:
-          AWS_ACCESS_KEY_ID: ${{ secrets.AWS_ACCESS_KEY_ID }}
-          AWS_SECRET_ACCESS_KEY: ${{ secrets.AWS_SECRET_ACCESS_KEY }}
+      - uses: aws-actions/configure-aws-credentials@v4
+        with:
+          role-to-assume: arn:aws:iam::123456789012:role/gha-site-deploy
+          aws-region: eu-west-1
+      - run: aws s3 sync dist/ s3://site-bucket
```

After merge I'll delete the old keys in IAM.
"""),
    ("Rate-limit password reset requests", """Adds a limit of 5 reset emails per address per hour and 20 per IP per
hour. Responses stay identical whether or not the address exists, so the endpoint still doesn't
reveal which emails have accounts.
"""),
]


def _thread(rng, title, posts, is_pr):
    a, b, m = people(rng, 3)
    roles = {"A": a, "B": b, "M": m}
    num = rng.randint(40, 4800)
    n2 = rng.randint(40, 4800)
    out = []
    long_date = Dates(rng)
    if is_pr:
        out.append(f"{title} #{num}\n\n{handle(a)} wants to merge {rng.randint(1, 6)} commits into main from {handle(a)}/"
                   f"{re.sub('[^a-z0-9]+', '-', title.lower())[:28].strip('-')}\n")
        out.append(f"**{handle(a)}** commented on {long_date()}\n\n" + posts.replace("{n2}", str(n2)))
        if rng.random() < 0.7:
            out.append(f"---\n\n**{handle(m)}** approved these changes on {long_date()}\n\n"
                       + rng.choice(["Looks good, thanks!", "LGTM. Let's get this into the next release.",
                                     "Nice and small. Approving.", "Thanks for the tests."]))
        return "\n".join(out).rstrip() + "\n"
    out.append(f"{title} #{num}\n\nOpen · {handle(a)} opened this issue on {long_date()} · {len(posts) - 1} comments\n")
    for who, text in posts:
        tag = " (Maintainer)" if who == "M" else ""
        out.append(f"---\n\n**{handle(roles[who])}**{tag} commented on {long_date()}\n\n{text.replace('{n2}', str(n2))}\n")
    return "\n".join(out).rstrip() + "\n"


def gen_issue(rng, i):
    title, posts = ISSUES[i % len(ISSUES)]
    return _thread(rng, title, posts, False)


def gen_pr(rng, i):
    title, body = PRS[i % len(PRS)]
    return _thread(rng, title, body, True)
