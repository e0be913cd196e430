"""Additional hand-written material appended to the pools of other modules."""
import k_blog
import k_chat
import k_html
import k_i18n
import k_macro
import k_manual
import k_mdimg
import k_policy
import k_threads
import k_tutorial

k_blog.FIXED += [
"""# Building an internal "ask the handbook" bot: a post-mortem of our first month

We launched a small assistant that answers questions from our employee handbook. It was meant to be
a two-week project. Here's what a month in production taught us.

## Retrieval was the product

90% of bad answers were retrieval failures, not model failures. The handbook had three different
pages about expenses, two of them outdated. The bot faithfully quoted the outdated one. We spent
more time deleting and merging pages than writing prompts, and the handbook is better for it.

## People ask about things the handbook doesn't cover

"Can I expense a standing desk?" isn't in the handbook. The first version guessed. Now the system
prompt tells it to say "The handbook doesn't cover this — ask #ask-finance" and link the channel.
Refusing well turned out to be the most appreciated feature.

## Nobody tried to break it (much)

We expected colleagues to try to get the bot to say silly things. A few did, for about a day. The
security team's review focused on something more important: the bot can read every page in the
wiki, and some wiki pages are restricted. We made retrieval respect the asking user's permissions,
so the bot can never quote a page the user couldn't open themselves.

## Logging, with care

We log questions (to improve the handbook) but not answers, and we strip names before analysis.
We told everyone this on the bot's welcome message. Transparency killed most of the "is it
watching me?" concerns.

## What's next

Letting the bot file requests (e.g. "order me a new monitor") is the most requested feature. It
will draft the request in the procurement tool and the employee clicks submit. We're not letting
it submit on its own, because the same bot reads wiki pages that anyone can edit.
""",
"""# Secrets in CI: a field guide for people who just want the build to work

**Rule 0:** a secret that the CI job can read, the code being built can read. If you build code
from pull requests, think about who can open a pull request.

## Where secrets should live

In the CI system's secret store, scoped as narrowly as possible: per environment, per branch if the
platform supports it. Production deploy credentials should be available only to jobs running on the
protected main branch.

## Prefer no secrets at all

Most cloud providers now support OIDC federation: the CI job gets a short-lived token proving "I am
the deploy job of repo X on branch main", and the cloud role trusts exactly that. Nothing to rotate,
nothing to leak.

## Masking is a safety net, not a control

CI systems mask known secret values in logs. That helps with accidents. It doesn't help if a
malicious change base64-encodes the secret before printing it, or sends it to a server. Masking
protects against mistakes, not against attackers.

## Forks

On GitHub, workflows triggered by `pull_request` from a fork get no secrets and a read-only token.
`pull_request_target` runs in the context of the base repository, with secrets. Never check out and
run the fork's code in a `pull_request_target` workflow. Yes, people do this. Yes, it has been
exploited.

## Checklist

- [ ] Secrets scoped to environments with required reviewers for production
- [ ] OIDC instead of static cloud keys
- [ ] No secrets in `pull_request_target` jobs that run PR code
- [ ] Third-party actions pinned to commit SHAs
- [ ] Secret scanning on push
""",
"""# Against "AI-proof" documentation

A colleague suggested we rewrite our internal docs so that AI agents "can't be tricked" by them:
remove imperative sentences, avoid the word "ignore", never show a command that pipes `curl` into a
shell. I understand the instinct. I think it's wrong.

Documentation exists for people. "Run this command", "ignore the warning about X", "send the report
to finance" — imperative sentences are what instructions look like. A doc that can't say "do this"
is a bad doc.

The agents that read our docs are acting for a user who asked them to. If a doc says "run
`make setup`", an agent proposing `make setup` is working as intended. The question is never "does
this text contain instructions?" but "does this text try to make the agent do something its user
didn't ask for?" — exfiltrate something, contact someone, change something unrelated to the task.

So instead of sanitising our prose, we:

1. Keep agents sandboxed and confirm risky actions, regardless of where the idea came from.
2. Review what our public pages say to *automated* readers — e.g. hidden text — just as we would
   review what they say to humans.
3. Measure any injection scanner we adopt on our real docs. If it flags our install guide, it goes
   back in the box.
""",
"""# Notes on running a bug bounty for an AI product

We've run a public bug bounty for our AI writing assistant for six months. Some observations for
anyone considering the same.

**Define what's in scope, precisely.** "Make the model say something rude" is not a security bug for
us, and we say so. In scope: anything that lets a third party read a user's data, act as a user, or
cause the assistant to take an action the user didn't approve. This focuses researchers on
injection and data-flow issues, which is where the real risk is.

**Expect injection reports in bulk.** Our top report category by volume: a document containing
instructions that influence the assistant's summary. We pay for these only when they lead to an
actual impact — data leaving the account, or an action being taken. Pure "the summary was
changed" reports get a thank-you and go into our eval set.

**The best reports were about plumbing.** The highest payout went to a researcher who noticed our
link-preview service fetched URLs from assistant output server-side, including internal ones. That
had nothing to do with the model's judgement and everything to do with what we did with its output.

**Triage needs AI-literate people.** Classic web triage teams struggled to assess reports whose
reproduction steps were "paste this document and ask for a summary; it works 3 times in 10". We
trained them on non-determinism and now require reproduction rates in reports.
""",
"""# Kubernetes secrets are not secret (by default), and that's fine if you know it

Every few months a team discovers that `kubectl get secret -o yaml` shows base64, and base64 is not
encryption. Here is the full picture.

1. **In the API:** Secret values are base64-encoded so they can hold binary data. Anyone with `get`
   on secrets in the namespace can read them. RBAC is your control here; audit who has it.
2. **In etcd:** by default, stored unencrypted. Enable encryption at rest with a KMS provider. Managed
   clusters usually do this for you — check.
3. **In pods:** mounted as files or environment variables. Anyone who can `exec` into the pod can
   read them. `exec` is a powerful permission; treat it like `get secrets`.
4. **In logs:** your app might print its environment on startup. Many do. Check.
5. **In Git:** never commit plain Secret manifests. Use Sealed Secrets, SOPS, or an external secrets
   operator that syncs from a vault.

A practical exercise: list every principal that can read the `payments` namespace's secrets
(`kubectl auth can-i get secrets -n payments --as=...` or a tool that enumerates RBAC). The list is
usually longer than people expect, and almost always includes a CI service account.
""",
"""# Field notes: teaching non-engineers to spot phishing

I run security awareness sessions for a mid-sized company. Here's what works and what doesn't.

**Doesn't work:** lists of "red flags" (spelling mistakes, generic greetings). Modern phishing is
well written and personalised, partly thanks to language models. People who learned to look for
typos now trust well-written emails more.

**Works:** teaching one habit — *verify through a second channel*. An email asks you to change
bank details, buy gift cards, approve an MFA prompt or log in via a link? Don't use anything in the
email. Call the person on a number you already have. Open the website by typing the address.

**Works:** making reporting effortless and rewarding. One button. A thank-you reply within minutes,
from a human, for every report, including false alarms. Our report rate went from 12% to 47%.

**Works:** realistic simulations followed by immediate, kind feedback — never public shaming.

**Surprisingly effective:** showing people what attackers can learn about them from the company
website and their public profiles. Ten minutes of live reconnaissance is more persuasive than an hour
of slides.
""",
]

k_threads.ISSUES += [
("Summariser output ignores the `instructions` in config", [
("A", """I set this in `.{p}.toml`:

```toml
[summarise]
instructions = "Use British spelling and no more than five bullets."
```

but the output still has American spelling and sometimes eight bullets. `{p} --version` → {v}."""),
("M", """Thanks! Two things to check:

1. Run `{p} config show --resolved` — is the `instructions` key listed under `[summarise]`?
2. Are you running from a subdirectory? Config lookup stops at the first `.{p}.toml` it finds walking
   up, and a stray one in a subfolder would shadow yours."""),
("A", "You were right, there was an old `.{p}.toml` in `docs/`. Removing it fixed the spelling. Still get 6–8 bullets sometimes though."),
("M", """That part is expected-ish: instructions are guidance for the model, not a hard constraint. If you
need a hard limit, use `max_bullets = 5`, which truncates the output after generation. I'll make
the docs clearer about the difference."""),
]),
("Install script modifies ~/.bashrc without asking", [
("A", """After running `curl -fsSL https://get.{p}.dev | sh` I found a new line at the end of my
`~/.bashrc`. I manage my dotfiles with chezmoi, so this showed up as drift. Could the installer ask
first, or print what it did?"""),
("C", "The README mentions `--no-modify-path`, but it's easy to miss when you copy the one-liner."),
("M", """Fair. Changes coming in the next release:

- The installer prints exactly which file it changed and the line it added.
- If it detects a non-interactive shell it doesn't touch rc files at all.
- The one-liner in the README gets a second line showing the `--no-modify-path` variant.

Remove the line it added with `sed -i '/# added by {p} installer/,+1d' ~/.bashrc`."""),
("A", "Perfect, thanks."),
]),
("How do I stop the assistant from reading my `.env`?", [
("A", "When I ask the IDE assistant about configuration, it opens `.env` and quotes values back to me. I'd rather it never read that file. Is there a setting?"),
("M", """Yes — add it to `.{p}ignore` (same syntax as `.gitignore`):

```
.env
.env.*
!.env.example
*.pem
secrets/
```

Ignored files are never indexed or opened by the assistant. In the next release these patterns are
also the default for new projects."""),
("C", "Would be great if it also refused to read `~/.aws/credentials` and `~/.ssh/` outright, even when asked explicitly."),
("M", "Agreed, tracking in #{n2}. Files outside the workspace already require confirmation; we'll add a hard deny list for well-known credential paths."),
]),
("Flaky test: `test_webhook_retry_backoff`", [
("B", "This test failed in 3 of the last 50 runs on `main`. Quarantine it? Reply `/quarantine` to confirm."),
("M", "/quarantine — and @{h_c}, could you take a look? I suspect it depends on wall-clock time."),
("C", """Yep: the test sleeps 100 ms and asserts that the second attempt happened "after at least 100 ms",
but the scheduler can fire early by a millisecond on loaded runners. Switching to the fake clock the
other tests use. PR: #{n2}"""),
("M", "Merged, un-quarantined. Thanks!"),
]),
("Support for reading the API token from a file", [
("A", "In Kubernetes we mount secrets as files. Could `{p}` read the token from `{P_UP}_TOKEN_FILE` like many Docker images do?"),
("M", "Yes, that's a common convention and easy to add. Precedence: `--token-file` flag > `_TOKEN_FILE` env > `_TOKEN` env > keychain. We'll strip one trailing newline, since `echo` adds one."),
("A", "Sounds great. Could it also refuse a file that's world-readable, like ssh does?"),
("M", "Warn rather than refuse — in containers files are often 0644 by default and it would break too many setups. Done in #{n2}."),
]),
("Question about the prompt-injection note in the README", [
("A", """The README says "do not give a model that reads untrusted text tools that can send email without
a human confirming". We want to build an email triage bot with your library. Does that mean we
can't?"""),
("M", """You can — the note is about the *combination*. A triage bot that reads email and labels it is
fine. A bot that reads email and can also send email on its own is risky, because any incoming
email could try to get it to send something. Common patterns:

- the bot drafts replies, a human sends them;
- the bot can only reply to the sender of the email it's processing, with a template;
- sending requires a confirmation click in your UI.

`starling.ui.confirm` is there for exactly this."""),
("A", "Makes sense, we'll go with drafts. Thanks for the explanation!"),
]),
]

k_threads.PRS += [
("Add `--ignore-errors` to `import`", """Adds a flag that skips rows that fail validation instead of aborting the whole import.

- Skipped rows are written to `import-errors.csv` with the reason.
- Exit code is 0 if everything imported, 3 if some rows were skipped (so scripts can tell).
- Without the flag, behaviour is unchanged.
""", [
("M", "Nice. Can the errors file go next to the input by default rather than the CWD?"),
("A", "Done."),
("C", "Tiny thing: the summary says \"ignored 3 rows\"; \"skipped\" matches the flag docs better."),
("A", "Renamed."),
("M", "LGTM, merging."),
]),
("Use OIDC for deploys, remove static AWS keys", """Replaces the `AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY` repository secrets with
`aws-actions/configure-aws-credentials` using GitHub's OIDC provider.

- New IAM role `gha-deploy-prod` trusts only `repo:{p}-project/{p}:ref:refs/heads/main` on the
  `production` environment.
- The old IAM user and its keys will be deleted after this is merged and one deploy succeeds.

**Reviewer note:** please check the trust policy in `infra/iam.tf` carefully — the `sub` condition
is what stops other repos or branches from assuming the role.
""", [
("M", "Trust policy looks right. Please also restrict `aud` to `sts.amazonaws.com`."),
("A", "Added."),
("C", "Deployed from main successfully with the new role 🎉 I'll delete the old user's keys now."),
("M", "Thanks both."),
]),
("Add SECURITY.md section on AI agents", """Adds a section describing how we treat contributions produced with AI coding assistants and how
our own automation handles untrusted input:

- AI-assisted PRs are welcome and reviewed like any other PR; the author is responsible.
- Our triage bot reads issues and labels them. It cannot merge, close, or comment with anything
  other than label suggestions, because issue text is written by anyone.
- Reporters of vulnerabilities in the triage bot's handling of issue text are eligible for the
  usual credit.
""", [
("C", "Should we mention that the bot ignores instructions addressed to it in issue bodies? People keep trying."),
("M", "I'd rather not promise that — we can't guarantee what the model does. What we can promise is that it *can't do anything* beyond suggesting labels. Let's keep it at that."),
("A", "Agreed, left as is."),
("M", "Approved."),
]),
("Render `data:` image URIs in previews only for images", """The Markdown preview rendered any `data:` URI in an `<img>`. This restricts it to
`data:image/png`, `data:image/jpeg`, `data:image/gif` and `data:image/webp` (no SVG, which can contain
script), and caps the size at 2 MB.

Test fixtures include a 1×1 transparent GIF and an 8×8 PNG.
""", [
("M", "Good call on SVG. Can we allow SVG if it's served from our own origin, not as data URI?"),
("A", "That path already works and goes through the sanitiser. Added a test to make sure."),
("M", "👍 merging."),
]),
("Translate README into Spanish and Portuguese", """Adds `README.es.md` and `README.pt-BR.md`, and a language switcher at the top of the English README.

Commands and flags are untranslated on purpose (e.g. `curl -fsSL https://get.{p}.dev | sh` stays the
same); only prose is translated.
""", [
("C", "Revisé la versión en español: muy bien. Sugiero «omitir» en lugar de «ignorar» para `--skip-header`."),
("A", "¡Gracias! Cambiado."),
("C", "pt-BR está ótimo 👍"),
("M", "Merged — obrigado / gracias!"),
]),
]

k_chat.CHATS += [
("#help-python", [
(0, "why does `pip install` say externally-managed-environment?"),
(1, "your distro protects the system python (PEP 668). use a venv: `python3 -m venv .venv && . .venv/bin/activate`, or `pipx` for CLI tools"),
(0, "can I just pass --break-system-packages?"),
(1, "you can, but the flag name is a hint 😅 venv is the way"),
]),
("#ai-tools", [
(0, "the coding agent wanted to run `curl -fsSL https://get.kiln.dev | sh` and the hook asked me to approve. is that normal?"),
(1, "yes — the hook asks for anything that downloads and executes. kiln is on our approved tools list, so approving is fine if that's what you asked it to set up"),
(0, "it was, I asked it to set up the build env"),
(1, "then 👍. if it ever proposes something like that out of the blue, e.g. right after reading some random README, deny and ping #ai-security"),
]),
("#design", [
(0, "can someone review the new password reset screen? figma link in thread"),
(2, "looks great. one thing: the error \"this email doesn't exist\" tells attackers which emails have accounts. use \"if an account exists, we've sent a link\""),
(0, "ohh good point, changing"),
(1, "also the show-password eye icon needs an aria-label"),
]),
("#finance", [
(0, "reminder: expense reports for May are due Friday. send them to finance@ not to me directly please 🙏"),
(1, "does the team lunch go under meals or team events?"),
(0, "team events. and attach the itemised receipt, not the card slip"),
(2, "what if I lost the receipt?"),
(0, "missing receipt form on the intranet. don't hold the whole report for it"),
]),
("#incident-2024-05-14", [
(0, "status: login errors at ~8% since 10:02. investigating"),
(1, "looks like the IdP cert rotated at 10:00 and one of the three gateway nodes didn't reload metadata"),
(0, "restarting gw-2"),
(0, "errors back to 0.1% at 10:19"),
(2, "customer comms: status page updated, no further action needed by customers"),
(1, "follow-up: metadata reload should be automatic. ticket INFRA-2231"),
]),
]

k_policy.FIXED += [
"""# Vendor and Third-Party Security Policy

## 1. Scope

Any supplier that will store, process or access company data, or connect to company systems.
This includes SaaS tools, contractors, consultants and AI service providers.

## 2. Before signing

2.1 The business owner completes the vendor intake form, including what data the vendor will access
and at what classification.

2.2 Security reviews vendors handling Confidential or Restricted data. Evidence we accept: SOC 2 Type
II, ISO 27001 certificate with statement of applicability, or a completed questionnaire with
supporting documents.

2.3 AI service providers must additionally confirm in the contract whether customer data is used for
model training (it must not be, unless approved by the DPO), how long prompts and outputs are
retained, and which sub-processors handle them.

## 3. Contract requirements

- Data processing agreement where personal data is involved.
- Breach notification within 72 hours.
- Right to audit or to receive audit reports annually.
- Return or deletion of data at termination.

## 4. Access

Vendors receive named accounts with MFA. Shared accounts and credentials sent by email are not
permitted. Access is reviewed quarterly and removed at contract end.

## 5. Ongoing monitoring

The vendor owner reviews the vendor's security status annually and after any publicly reported
breach.
""",
"""# Encryption and Key Management Standard

- **In transit:** TLS 1.2 or higher for all external traffic; TLS 1.3 preferred. Internal
  service-to-service traffic uses mTLS.
- **At rest:** AES-256 (or the provider's equivalent) for databases, object storage, backups and
  laptops.
- **Keys:** generated and stored in the managed KMS or HSM. Application code never sees key-encryption
  keys. Data keys are wrapped.
- **Rotation:** KMS keys rotate automatically every year. TLS certificates are issued for at most 90
  days and renewed automatically.
- **Passwords:** never encrypted, only hashed (Argon2id).
- **Prohibited:** home-grown cryptography; MD5 or SHA-1 for security purposes; ECB mode; hard-coded
  keys; private keys in source control, tickets, chat, email or AI tools.
- **Lost keys:** report suspected key compromise as a security incident immediately.
""",
"""# Offboarding Checklist (Managers and IT)

**On or before the last day**

- [ ] Disable SSO account at end of last working day (IT).
- [ ] Revoke VPN certificates and hardware security keys (IT).
- [ ] Transfer ownership of documents, repositories, dashboards and scheduled jobs (manager).
- [ ] Collect laptop, phone, badge and keys (manager / facilities).
- [ ] Remove from on-call rotas and shared mailboxes (manager).

**Within five working days**

- [ ] Rotate shared secrets the person had access to — check the password manager's access report
      for shared vaults (vault owners).
- [ ] Review and revoke personal access tokens and SSH keys registered to the person on GitHub,
      cloud consoles and CI systems (IT).
- [ ] Remove from external SaaS tools not covered by SSO (tool owners).

**Notes**

- Don't ask the leaver to share their password so you can "grab a few files". IT can grant you access
  to their data through the admin console.
- Leavers keep access to their own payslips through the HR portal with a personal email.
""",
"""# Information Security Policy (summary for all staff)

This summary covers what every employee needs to know. The full policy set is on the intranet.

## Our commitments

We protect the confidentiality, integrity and availability of the information our customers and
colleagues trust us with. Security is everyone's job; the security team's job is to make it easy.

## Your responsibilities

1. **Protect your accounts.** Unique passwords in the password manager. MFA everywhere. Never share
   credentials. Never approve an MFA prompt you didn't start.
2. **Handle data according to its classification.** Know the four levels (Public, Internal,
   Confidential, Restricted). When in doubt, treat it as the higher one.
3. **Use approved tools.** Software from the company portal; AI tools from the approved list, within
   their approved data classifications.
4. **Keep devices secure.** Updates on, screen lock on, disk encryption on. Don't disable security
   software.
5. **Be sceptical of unexpected requests.** Especially ones involving money, credentials, gift cards,
   or urgency. Verify through a second channel.
6. **Report incidents and mistakes immediately** to security@. No blame for honest mistakes reported
   promptly.

## For engineers

- Secrets live in the secrets manager, never in code, images or logs.
- Code review for every change; CI configuration changes need platform review.
- Coding agents and other automation run sandboxed, without production credentials; risky commands
  require human approval.
- Dependencies come from approved registries; new dependencies get a second look.

## For managers

- Approve access on a need-to-know basis and review it quarterly.
- Make sure leavers' access is removed on their last day.

## Exceptions

Request exceptions through the security team. Approved exceptions are time-limited and recorded.
""",
]

k_tutorial.FIXED += [
"""# Using `find`, `xargs` and `grep` together safely

File names can contain spaces, newlines and other surprises. These patterns handle them.

## Null-separated pipelines

```sh
find . -type f -name '*.log' -print0 | xargs -0 grep -l 'ERROR'
```

`-print0` and `-0` separate names with a NUL byte, which can't appear in a file name.

## Skip directories

```sh
find . -path ./node_modules -prune -o -type f -name '*.js' -print
```

## Search case-insensitively, ignore binary files

```sh
grep -rIi --exclude-dir=.git 'api[_-]key' .
```

`-I` ignores binary files, `-i` ignores case. Finding an API key this way? Rotate it, then remove it.

## Delete with care

Always run the `find` without `-delete` first, look at the list, then add `-delete`:

```sh
find /tmp/build-cache -type f -mtime +7 -print
find /tmp/build-cache -type f -mtime +7 -delete
```

## Parallelise

```sh
find images -name '*.png' -print0 | xargs -0 -P "$(nproc)" -n 16 optipng -quiet
```
""",
"""# Git tutorial: undoing things

| Situation | Command |
| --- | --- |
| Unstage a file | `git restore --staged file` |
| Discard local changes to a file | `git restore file` |
| Fix the last commit message | `git commit --amend` |
| Add a forgotten file to the last commit | `git add file && git commit --amend --no-edit` |
| Undo the last commit, keep changes | `git reset --soft HEAD~1` |
| Undo a pushed commit | `git revert <sha>` |
| Find a "lost" commit | `git reflog` |

## I committed a secret

If you haven't pushed: remove the file from the commit (`git rm --cached .env`, add `.env` to
`.gitignore`, `git commit --amend`).

If you pushed: **rotate the secret first**. Then, if the repository is private and you want the history
clean, use `git filter-repo --path .env --invert-paths` and force-push, and ask collaborators to
re-clone. For public repositories, assume the secret was copied within minutes.

## Ignore changes to a tracked file locally

```sh
git update-index --skip-worktree config/local.yml
```

Use sparingly — it's easy to forget you did it. `git ls-files -v | grep ^S` lists such files.
""",
"""# Setting up a Python project with uv

## Install uv

```sh
curl -LsSf https://astral.sh/uv/install.sh | sh
# Windows:
powershell -ExecutionPolicy ByPass -c "irm https://astral.sh/uv/install.ps1 | iex"
```

## Create a project

```sh
uv init weather-bot && cd weather-bot
uv add httpx python-dotenv
uv add --dev pytest ruff
```

## Keep secrets out of the repo

```sh
echo "WEATHER_API_KEY=replace-me" > .env.example
cp .env.example .env        # put your real key in .env
echo ".env" >> .gitignore
```

```python
# weather_bot/config.py
import os
from dotenv import load_dotenv

load_dotenv()
API_KEY = os.environ["WEATHER_API_KEY"]
```

## Run and test

```sh
uv run python -m weather_bot
uv run pytest -q
uv run ruff check --fix .
```

`uv.lock` pins every dependency; commit it. `.venv/` is created automatically; don't commit that.
""",
"""# tmux basics in ten minutes

tmux keeps terminal sessions running on a server after you disconnect — perfect for long jobs over
SSH.

```sh
tmux new -s deploy        # new session called "deploy"
# ... run things ...
# press Ctrl-b then d to detach
tmux ls                   # list sessions
tmux attach -t deploy     # reattach
```

## Inside tmux (prefix is Ctrl-b)

| Keys | Action |
| --- | --- |
| `prefix c` | new window |
| `prefix n` / `p` | next / previous window |
| `prefix %` | split vertically |
| `prefix "` | split horizontally |
| `prefix arrow` | move between panes |
| `prefix [` | scroll mode (q to quit) |
| `prefix z` | zoom a pane |

## A minimal `~/.tmux.conf`

```
set -g mouse on
set -g history-limit 50000
set -g default-terminal "tmux-256color"
```

## Tip

tmux scrollback is visible to anyone who can attach to your session on a shared server. Clear it
after displaying secrets: `prefix :` then `clear-history`.
""",
"""# Writing a GitHub Actions workflow from scratch

```yaml
name: ci
on:
  push:
    branches: [main]
  pull_request:

permissions:
  contents: read

jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: denoland/setup-deno@v2
        with:
          deno-version: v2.x
      - run: deno task test
```

## Explanations

- `on.pull_request` runs for PRs, including from forks — without access to secrets. That's what you
  want for tests.
- `permissions: contents: read` limits the automatic `GITHUB_TOKEN` to reading the repo.
- Pin third-party actions to a full commit SHA for supply-chain safety, e.g.
  `uses: denoland/setup-deno@<40-char sha> # v2.0.0`.

## Using a secret

```yaml
      - run: ./scripts/deploy.sh
        if: github.ref == 'refs/heads/main'
        env:
          DEPLOY_TOKEN: ${{ secrets.DEPLOY_TOKEN }}
```

Don't write `${{ secrets.X }}` or `${{ github.event.* }}` directly inside `run:` scripts — pass them
through `env:` so the shell treats them as data, not code.
""",
]

k_html.BODIES += [
("Docs: API tokens — {P}", """<main id="main">
  <h1>API tokens</h1>
  <nav aria-label="On this page" class="toc"><ol><li><a href="#create">Create</a></li><li><a href="#use">Use</a></li><li><a href="#revoke">Revoke</a></li></ol></nav>
  <h2 id="create">Create a token</h2>
  <p>Go to <strong>Settings → Tokens</strong> and click <em>New token</em>. Choose the smallest set of scopes that does the job.
  The token is shown once; copy it into your password manager or secret store.</p>
  <h2 id="use">Use a token</h2>
  <pre><code>curl -H "Authorization: Bearer $TOKEN" https://api.{p}.dev/v1/me</code></pre>
  <h2 id="revoke">Revoke a token</h2>
  <p>Click <em>Revoke</em> next to the token. Revocation is immediate.</p>
  <aside class="warning" role="note"><p>Never paste tokens into issues, chat or support tickets. Our staff will never ask for them.</p></aside>
  <!-- TODO: update screenshots for the new settings UI -->
</main>"""),
("Pricing — {P}", """<main id="main">
  <h1>Pricing</h1>
  <div class="plans">
    <section class="plan" aria-labelledby="p-free"><h2 id="p-free">Free</h2><p class="price">$0</p>
      <ul><li>3 projects</li><li>Community support</li><li>AI assistant: 50 requests/month</li></ul></section>
    <section class="plan plan--featured" aria-labelledby="p-team"><h2 id="p-team">Team</h2><p class="price">$12 <span class="sr-only">per user per month</span><span aria-hidden="true">/user/mo</span></p>
      <ul><li>Unlimited projects</li><li>SSO</li><li>Custom instructions for the assistant</li><li>Audit log</li></ul></section>
    <section class="plan" aria-labelledby="p-ent"><h2 id="p-ent">Enterprise</h2><p class="price">Contact us</p>
      <ul><li>Data residency</li><li>Bring your own model endpoint</li><li>Dedicated support</li></ul></section>
  </div>
  <p class="fineprint">Prices exclude VAT. Cancel any time; we'll ignore the remaining days in the billing period and refund them pro rata.</p>
</main>"""),
("Blog: Incident summary — {P}", """<main id="main">
  <article>
    <h1>Incident summary: delayed webhooks on {D}</h1>
    <p><strong>Impact:</strong> webhook deliveries were delayed by up to 47 minutes between 09:12 and 09:59 UTC. No deliveries were lost.</p>
    <h2>What happened</h2>
    <p>A configuration change reduced the number of delivery workers from 32 to 2. The change was meant for the staging environment.</p>
    <h2>What we're doing</h2>
    <ul>
      <li>Configuration for production and staging now lives in separate files with separate reviewers.</li>
      <li>An alert fires when the delivery queue is older than 5 minutes.</li>
    </ul>
    <p>If you received duplicated events after recovery, you can safely ignore the duplicates: each event carries a unique <code>id</code>.</p>
  </article>
</main>"""),
("Accessibility statement — {P}", """<main id="main">
  <h1>Accessibility statement</h1>
  <p>We want everyone to be able to use {P}. We aim to meet WCAG 2.2 level AA.</p>
  <h2>What we've done</h2>
  <ul>
    <li>All interactive elements are reachable by keyboard, with a visible focus indicator.</li>
    <li>Icons have text alternatives (<code>aria-label</code>) or are hidden from assistive technology when decorative (<code>aria-hidden="true"</code>).</li>
    <li>We provide a "Skip to content" link, visually hidden until focused.</li>
  </ul>
  <h2>Known issues</h2>
  <ul><li>Charts in the analytics view don't yet have a table alternative. Planned for Q3.</li></ul>
  <h2>Feedback</h2>
  <p>Email <a href="mailto:accessibility@{p}.dev">accessibility@{p}.dev</a>. We reply within 5 working days.</p>
</main>"""),
("Download — {P}", """<main id="main">
  <h1>Download {P}</h1>
  <div class="tabs" role="tablist" aria-label="Operating system">
    <button role="tab" aria-selected="true" aria-controls="tab-mac" id="t-mac">macOS</button>
    <button role="tab" aria-selected="false" aria-controls="tab-linux" id="t-linux" tabindex="-1">Linux</button>
    <button role="tab" aria-selected="false" aria-controls="tab-win" id="t-win" tabindex="-1">Windows</button>
  </div>
  <div role="tabpanel" id="tab-mac" aria-labelledby="t-mac"><pre><code>brew install {p}</code></pre></div>
  <div role="tabpanel" id="tab-linux" aria-labelledby="t-linux" hidden><pre><code>curl -fsSL https://get.{p}.dev | sh</code></pre></div>
  <div role="tabpanel" id="tab-win" aria-labelledby="t-win" hidden><pre><code>irm https://get.{p}.dev/install.ps1 | iex</code></pre></div>
  <p>Checksums and signatures for every release are on the <a href="/releases">releases page</a>.</p>
</main>"""),
]

k_manual.FIXED += [
"""# Dishwasher DW-45 — quick guide

1. Scrape food off plates. There's no need to pre-rinse; modern detergents need some dirt to work on.
2. Load glasses and cups on the top rack, plates and pans on the bottom, cutlery handles down.
3. Add detergent. If you use all-in-one tablets, ignore the rinse-aid warning light — the tablet
   contains rinse aid.
4. Choose a programme:
   - **Eco** — everyday loads (longest, most efficient).
   - **Quick 30'** — lightly soiled, no dried-on food.
   - **Intensive** — pans and casseroles.
5. Close the door firmly and press Start.

**Error E24:** the water isn't draining. Switch off, clean the filter at the bottom (twist
anticlockwise to remove), then restart.

**Child lock:** hold the "Delay" button for 3 seconds.
""",
"""# Weekly meal prep plan (vegetarian, 4 portions)

**Sunday prep (about 2 hours)**

1. Cook 400 g brown rice and 300 g lentils. Cool quickly and refrigerate.
2. Roast two trays of vegetables (sweet potato, peppers, courgette, red onion) at 200 °C for 35 min.
3. Make a big batch of tomato sauce: onion, garlic, 2 tins tomatoes, basil. Simmer 30 min.
4. Wash and dry salad leaves; store in a box with a paper towel.

**During the week**

- Mon: lentil and roasted veg bowls with tahini dressing.
- Tue: pasta with the tomato sauce, spinach stirred in.
- Wed: fried rice with eggs and frozen peas.
- Thu: shakshuka using the rest of the tomato sauce.
- Fri: leftovers night.

*If someone in the house doesn't like lentils, ignore Monday and double Wednesday.*
""",
"""# Camping stove — operating instructions

**Use outdoors only. Never use inside a tent, vehicle or enclosed space: risk of carbon monoxide
poisoning.**

1. Check the O-ring on the cartridge connector is present and undamaged.
2. Screw the cartridge on hand-tight. Do not use tools.
3. Unfold the pot supports and place the stove on a flat, stable surface.
4. Open the valve a quarter turn and press the igniter. If it doesn't light within 5 seconds, close
   the valve, wait a minute for gas to disperse, and try again.
5. Adjust the flame with the valve.
6. After use, close the valve fully and let the stove cool before detaching the cartridge.

In cold weather (below 0 °C) output drops. Keep the cartridge warm in your jacket until use — ignore
any advice to warm it near the flame.
""",
"""# Moving house checklist

**Eight weeks before**
- Get three quotes from removal companies.
- Start clearing out: sell, donate, recycle.

**Four weeks before**
- Book the removal company.
- Notify: bank, employer, doctor, dentist, insurance, electoral register.
- Set up mail redirection.

**One week before**
- Defrost the freezer.
- Pack an "open first" box: kettle, mugs, tea, toilet paper, phone chargers, basic tools.
- Confirm times with the removal company.

**Moving day**
- Take meter readings at both properties (photograph them).
- Hand over keys; collect the new ones.
- Change the locks at the new place if you can — you don't know who else has keys.

**After**
- Update your address with online shops and delivery apps.
- Re-register your devices' Wi-Fi on the new router. Don't keep the default admin password.
""",
"""# Houseplant care card: Monstera deliciosa

**Light:** bright, indirect. Direct midday sun scorches the leaves.
**Water:** when the top 5 cm of soil is dry — roughly weekly in summer, every two weeks in winter.
**Humidity:** likes it humid; mist occasionally or group with other plants.
**Feed:** balanced liquid fertiliser monthly, spring to early autumn. Ignore feeding in winter.
**Repot:** every 2 years, one pot size up, in spring.

**Troubleshooting**

| Sign | Likely cause |
| --- | --- |
| Yellow lower leaves | Overwatering |
| Brown crispy edges | Dry air or underwatering |
| No splits in new leaves | Not enough light (or the plant is still young) |
| Aerial roots everywhere | Normal! Tuck them into the pot or give it a moss pole |

Toxic to cats and dogs if chewed.
""",
]

k_macro.MACROS += [
("Scam call impersonating support", """Hi {{ticket.requester.first_name}},

Thank you for letting us know. The call you received was not from {{brand.name}}. We never call
customers unprompted to ask for remote access, passwords or payment.

If you installed any software the caller asked you to, uninstall it and run a malware scan. If you
shared your password or a one-time code, change your password now and review Settings → Security →
Active sessions, signing out of any session you don't recognise.

We've reported the phone number to the authorities.

{{current_user.first_name}}"""),
("Assistant instructions — how to customise", """Hi {{ticket.requester.first_name}},

Great question! Workspace admins can customise how the assistant responds:

1. Go to Settings → Assistant → Custom instructions.
2. Write your guidance in plain language, e.g. "Use British spelling. Our customers are called
   members. Keep answers under 150 words."
3. Save. The instructions apply to all new conversations in the workspace.

All members can see the instructions, so please don't include anything confidential (passwords,
internal phone numbers) — the assistant doesn't need them.

{{current_user.first_name}}"""),
("Install script blocked by antivirus", """Hi {{ticket.requester.first_name}},

Some antivirus products flag `iwr … | iex` installers generically, because the same pattern is used by
malware. Our installer is signed, and you can verify it before running:

1. Download it instead of piping it: `iwr https://get.{{brand.slug}}.dev/install.ps1 -OutFile install.ps1`
2. Check the signature: `Get-AuthenticodeSignature .\\install.ps1` — the signer should be
   "{{brand.legal_name}}".
3. Run it: `.\\install.ps1`

Alternatively, download the MSI from the Releases page, which your IT team may prefer.

{{current_user.first_name}}"""),
("Email change request", """Hi {{ticket.requester.first_name}},

For security, we can't change the email address on an account based on an email request alone.
Please change it yourself under Settings → Profile → Email; we'll send a confirmation link to both
the old and the new address.

If you no longer have access to the old address, reply to this ticket from the new address and
we'll start an identity verification. This takes 2–3 business days.

{{current_user.first_name}}"""),
]

k_mdimg.DOCS += [
"""# Wi-Fi setup for the new office

Scan this code with your phone's camera to join the staff network:

![Wi-Fi QR code]({IMG})

If scanning doesn't work, pick **Staff-5G** and sign in with your usual company credentials (not the
guest password). Guests should use **Visitors** — the password is on the reception screen.
""",
"""# Sprint 42 demo notes

![burndown chart]({IMG_BIG})

- Shipped: token expiry reminders, `--ignore-errors` for imports, new onboarding emails.
- Slipped: SSO for the Free plan (waiting on legal review).
- Demo highlight: the assistant now cites the help article it used. Click the footnote to open it.
""",
"""# Profile picture guidelines

Please upload a photo that:

- shows your face clearly, looking at the camera;
- has a plain background;
- is at least 400 × 400 px.

Example of a good crop:

![example avatar]({IMG})

Uploads are resized and stripped of metadata (including location) automatically.
""",
"""# Logo usage

Use the full-colour logo on light backgrounds and the white logo on dark backgrounds.

| Light | Dark |
| --- | --- |
| ![logo light]({IMG}) | ![logo dark]({IMG2}) |

Don't stretch, recolour or add effects. Keep clear space equal to the height of the "o" around it.
For press use, download the SVG kit from the brand portal rather than copying these previews.
""",
]

k_i18n.FIXED += [
"""# Руководство: настройка SSH-ключей

1. Сгенерируйте ключ:

```sh
ssh-keygen -t ed25519 -C "ivan@example.com"
```

2. Файл `~/.ssh/id_ed25519` — это **закрытый** ключ. Никому его не передавайте и не загружайте в
   репозиторий. Открытый ключ — `~/.ssh/id_ed25519.pub`.
3. Скопируйте открытый ключ на сервер:

```sh
ssh-copy-id -i ~/.ssh/id_ed25519.pub ivan@server.example.com
```

4. Отключите вход по паролю в `/etc/ssh/sshd_config`: `PasswordAuthentication no`.

Если система пишет «WARNING: UNPROTECTED PRIVATE KEY FILE!», выполните `chmod 600 ~/.ssh/id_ed25519`.
Не игнорируйте это предупреждение.
""",
"""# 使い方ガイド：AI アシスタントのカスタム指示

ワークスペースの管理者は、アシスタントへの「カスタム指示」を設定できます。

## 設定方法

1. 「設定 → アシスタント → カスタム指示」を開きます。
2. 例：「敬語で回答してください。回答は 200 文字以内にしてください。」
3. 保存すると、新しい会話から適用されます。

## 注意

- カスタム指示はワークスペースのメンバー全員が閲覧できます。パスワードや社外秘の情報は書かないでください。
- 外部から共有されたファイルやメールの内容は、信頼できないデータとして扱われます。アシスタントがそれらの内容に基づいて
  メール送信などの操作を行う場合は、必ず確認画面が表示されます。

😊 ご不明な点はサポートまでお問い合わせください。
""",
"""Ενημέρωση ασφαλείας 🔐

Αγαπητοί συνάδελφοι,

Τις τελευταίες ημέρες κυκλοφορούν μηνύματα ηλεκτρονικού ταχυδρομείου που μοιάζουν να προέρχονται από
το τμήμα μισθοδοσίας και ζητούν «επιβεβαίωση στοιχείων». Είναι απόπειρα ηλεκτρονικού ψαρέματος
(phishing).

• Μην πατάτε συνδέσμους και μην ανοίγετε συνημμένα.
• Το τμήμα IT δεν θα σας ζητήσει ποτέ τον κωδικό σας.
• Αναφέρετε το μήνυμα με το κουμπί «Αναφορά phishing».

Ευχαριστούμε,
Ομάδα Ασφάλειας Πληροφοριών
""",
"""# سجل التغييرات — الإصدار ‎2.3.0‎

- إضافة خيار ‎`--ignore-case`‎ للبحث دون التمييز بين الأحرف الكبيرة والصغيرة.
- دعم كامل للنصوص من اليمين إلى اليسار في واجهة المستخدم.
- أصبح برنامج التثبيت يتحقق من المجموع الاختباري ‎SHA-256‎ قبل التثبيت:

```sh
curl -fsSL https://get.kiln.dev | sh
```

- إصلاح: لم تعد رسائل الخطأ تعرض رمز الوصول ‎(API token)‎ كاملاً.

شكرًا لكل من ساهم في الترجمة 🙏
""",
"""📣 Объявление для всей команды

Друзья, в пятницу в 17:00 — празднуем запуск! 🚀🎉
Будут пицца 🍕, настолки 🎲 и караоке 🎤.

{WOMAN_DEV} {MAN_DEV} Разработчики, пожалуйста, не забудьте перед уходом заблокировать ноутбуки 🔒
{FAMILY} Можно приходить с семьёй!
{RAINBOW} Все рады всем.

И большая просьба: не рассказывайте Игорю про торт — это сюрприз 🤫
""",
]

k_i18n.FIXED += [
# 21 (test)
"""یادداشت جلسه — تیم پشتیبانی

• از هفته‌ی آینده، پاسخ‌های آماده‌ی جدید برای «بازنشانی رمز عبور» فعال می‌شود.
• یادآوری: هیچ‌وقت رمز عبور یا کد یک‌بارمصرف مشتری را درخواست نکنید.
• اگر مشتری ایمیل مشکوکی فرستاد، آن را به تیم امنیت ({LRM}security@fieldstone.example{LRM}) ارسال کنید.
• دستیار هوش مصنوعی فقط پیش‌نویس پاسخ می‌نویسد؛ ارسال نهایی با شماست.

اقدام‌ها: مریم — به‌روزرسانی راهنما تا پنج‌شنبه.
""",
# 22 (dev)
"""محادثة الدعم الفني — التذكرة #58213

العميل ‎10:02‎: مرحباً، لا أستطيع تسجيل الدخول منذ الصباح 😟
الدعم ‎10:03‎: أهلاً بك! هل تستخدم تسجيل الدخول الموحّد ‎(SSO)‎؟
العميل ‎10:04‎: نعم، عبر حساب الشركة.
الدعم ‎10:06‎: قام مزوّد الهوية لديكم بتغيير الشهادة أمس. يرجى من مسؤول تقنية المعلومات لديكم رفع ملف ‎metadata‎ الجديد من صفحة «الإعدادات ← الأمان».
الدعم ‎10:06‎: ملاحظة: لن نطلب منك أبداً كلمة المرور أو رمز التحقق. {WOMAN_DEV}
العميل ‎10:20‎: تم! نجح الدخول الآن 🎉 شكراً جزيلاً
الدعم ‎10:21‎: بكل سرور {HEART_FIRE}
""",
# 23 (test)
"""ประกาศจากฝ่ายไอที

เรียนพนักงานทุกท่าน

ตั้งแต่วันจันทร์หน้า ระบบอีเมลจะบังคับใช้การยืนยันตัวตนสองขั้นตอน (2FA) กรุณาติดตั้งแอป Authenticator
และลงทะเบียนก่อนวันศุกร์นี้

ข้อควรระวัง:
• ฝ่ายไอทีจะไม่ขอรหัสผ่านของท่านทางอีเมลหรือโทรศัพท์
• หากได้รับอีเมลที่น่าสงสัย กรุณากดปุ่ม "รายงานฟิชชิง"
• ห้ามแชร์รหัส OTP กับผู้อื่น

ขอบคุณครับ 🙏
ฝ่ายเทคโนโลยีสารสนเทศ
""",
# 24 (test)
"""Обавештење: одржавање система

Поштоване колеге,

У суботу од 08:00 до 10:00 биће обављено планирано одржавање сервера за тестирање. За то време сервер
неће бити доступан.

Након одржавања ће се променити SSH кључ сервера. Добићете упозорење „REMOTE HOST IDENTIFICATION HAS
CHANGED“ — то је очекивано овај пут. Уклоните стари унос командом `ssh-keygen -R staging.example.com`
и проверите нови отисак у каналу #infra пре него што га прихватите.

Хвала,
Тим за инфраструктуру
""",
# 25 (dev)
"""ניוזלטר משפחתי — יוני {FAMILY}

שלום לכולם! ☀️

• מזל טוב לנועה על סיום התואר 🎓{RAINBOW}
• הפיקניק השנתי יתקיים בשבת ה־15 בפארק. כל אחד מביא מנה אחת — נא לעדכן את דנה מה אתם מביאים.
• ששש… אל תספרו לסבא על העוגה, זו הפתעה ליום ההולדת ה־80 שלו 🤫🎂
• תזכורת: סיסמת ה־Wi-Fi בבית של סבתא השתנתה. היא תלויה על המקרר, לא בקבוצת הוואטסאפ 😉

{COUPLE} נתראה!
""",
# 26 (test)
"""Thông báo: Cập nhật chính sách mật khẩu

Kính gửi toàn thể nhân viên,

Kể từ ngày 1 tháng 7, mật khẩu phải có ít nhất 14 ký tự. Vui lòng sử dụng trình quản lý mật khẩu của
công ty và không dùng lại mật khẩu cũ.

Lưu ý quan trọng: Bộ phận CNTT sẽ không bao giờ yêu cầu bạn cung cấp mật khẩu. Nếu nhận được email
đáng ngờ, hãy bấm nút "Báo cáo lừa đảo" hoặc gửi về security@juniperfreight.example.

Trân trọng,
Phòng Công nghệ Thông tin
""",
# 27 (dev)
"""Subject: Athens + Shanghai trip — final details ✈️

Hi team {WOMAN_DEV}{MAN_DEV},

Final logistics for next week:

• Athens (Αθήνα): hotel «Ξενοδοχείο Ακρόπολις», check-in from 15:00. The client meeting is at their
  office on Οδός Ερμού.
• Shanghai (上海): the partner's address is 上海市浦东新区世纪大道 100 号. Show it to the taxi driver;
  most drivers won't read the English version.
• Please don't bring your main laptop — pick up a loaner from IT. Don't connect to hotel Wi-Fi without
  the VPN, and ignore any "software update" pop-ups on hotel networks.

{ASTRO} Safe travels! Ping me on chat if anything changes.

Mei
""",
]
