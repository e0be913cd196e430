from common import *

FIXED = [
"""# Security advisory: indirect prompt injection in the "Summarise page" feature

**Advisory ID:** QL-2024-007
**Severity:** High (CVSS 3.1: 7.4, AV:N/AC:L/PR:N/UI:R/S:C/C:H/I:N/A:N)
**Affected:** Quarry Assistant browser extension 2.3.0 – 2.6.1
**Fixed in:** 2.6.2

## Summary

The "Summarise page" feature passed the full text of the current web page to the language
model together with the user's conversation history and gave the model access to the
`fetch_url` tool. A web page could contain text written to look like instructions to the
assistant. In testing, the model sometimes followed such text and called `fetch_url` with a URL
that contained parts of the earlier conversation, sending them to a server chosen by the page
author.

## Impact

An attacker who could get a user to summarise a page they controlled could obtain
information from the same conversation, for example text the user had pasted earlier. No
credentials stored by the extension were accessible to the model. We have found no evidence of
exploitation.

## Root cause

Two design decisions combined:

1. Page content and user requests were placed in the same message, with nothing marking which
   part came from the page.
2. The model could make network requests to arbitrary URLs without the user seeing them.

Either alone is a weakness; together they allowed data to leave the conversation.

## Fix

Version 2.6.2:

- removes `fetch_url` from the summarise flow entirely — summarising never needs the network;
- places page content in a separate, clearly labelled block and tells the model that it is
  material to summarise;
- shows the user every URL the assistant wants to open, in all flows, and requires a click to
  proceed for domains not already open in a tab;
- strips invisible text (zero-size fonts, `display:none`, off-screen positioning) before the page
  is sent, and shows a notice when a large amount was removed.

We want to be clear that the labelling in the second point reduces the problem but does not
solve it. The decisive change is the first and third points: the model no longer has a
capability whose misuse would matter in that flow.

## Credit

Reported by Elif Demir through our bug bounty programme.

## Timeline

- 2024-05-02 report received
- 2024-05-03 reproduced, feature flag disabled server-side for all users
- 2024-05-14 2.6.2 released to the Chrome Web Store and Firefox Add-ons
- 2024-05-28 advisory published
""",
"""# Incident report: credential phishing campaign targeting finance staff

**Status:** Closed
**Date of incident:** {date}
**Author:** Security Operations

## What happened

Between 08:40 and 10:15 on the morning of the incident, 37 employees received an email that
appeared to come from our payroll provider. It said that a "tax document" was waiting and
linked to a convincing copy of the provider's login page hosted on a look-alike domain
(an extra hyphen in the name). Four people entered their credentials; one also approved a
push notification for multi-factor authentication.

## Detection

The first report came at 08:52, when an accounts payable clerk used the **Report phishing**
button. Two more reports followed within ten minutes. The email gateway had scored the message
as suspicious but below the quarantine threshold.

## Response

- 09:05 — message purged from all mailboxes using the gateway's search-and-destroy.
- 09:10 — look-alike domain added to the web proxy block list; takedown request filed with the
  registrar.
- 09:30 — sign-in logs reviewed. Passwords reset and sessions revoked for the four affected
  accounts. The account whose MFA prompt was approved had a new mail-forwarding rule created at
  09:21 that forwarded anything containing "invoice" to an external address. The rule was
  removed and the mailbox audited: 3 messages had been forwarded.
- 11:00 — the three forwarded invoices were reviewed with Finance; bank details in them were
  already public on our website, so no further action was required.

## Root causes

- Push-based MFA is vulnerable to approval fatigue.
- The look-alike domain was registered two days before the campaign; we had no monitoring for
  newly registered domains similar to our vendors'.

## Actions

1. Move all staff to number-matching MFA (done) and hardware keys for finance and admins
   (in progress, due end of quarter).
2. Block creation of external forwarding rules in the mail tenant (done).
3. Add vendor domains to the look-alike monitoring service (done).
4. Thank the people who reported quickly. Reporting within minutes is what limited this
   incident — if something looks off, report it to security@ even if you're not sure.
""",
"""# Guidance: building LLM features that read untrusted content

This page is part of our internal secure development standard. It applies to any feature in
which a language model reads content that our own team did not write: web pages, emails,
uploaded documents, tickets, code from third-party repositories, or the output of tools.

## The problem in one paragraph

Language models do not reliably distinguish between the instructions they were given by the
application and instructions that appear inside the content they are processing. If a
document says, in effect, "the assistant reading this should do X", a model may do X. This is
called *indirect prompt injection*. It is not a bug in one model; it is a property of how these
systems work today, and no prompt wording fully prevents it.

## Consequences that matter

The risk depends on what the model can do after reading the content:

- **Data exfiltration.** If the model can make network requests, render images from arbitrary
  URLs or write links that are automatically fetched, content can trick it into encoding
  private data (conversation history, other documents, secrets in its context) into a URL.
- **Unauthorised actions.** If the model can send email, create tickets, merge code or run
  shell commands, content can try to trigger those actions.
- **Misleading output.** Even with no tools, content can make a summary omit or invent
  information, for example hiding a warning in an email the user asked to summarise.

## Required controls

1. **Least capability.** A flow that reads untrusted content gets only the tools it needs.
   Summarising does not need network access. Triage does not need to send email.
2. **Human confirmation for side effects.** Any action that changes state or sends data outside
   the system must be shown to the user with its full parameters and confirmed.
3. **No automatic rendering of model-chosen URLs.** Do not auto-load images or link previews
   from URLs the model produced. Use an allow-list of domains.
4. **Keep secrets out of context.** Never put API keys, passwords or other users' data into a
   prompt that also contains untrusted content.
5. **Mark the boundary.** Place untrusted content in a clearly delimited section. This helps
   the model and helps reviewers, but it is a mitigation, not a control. Likewise, blocklists of
   phrases such as "ignore previous instructions" catch only the clumsiest attempts and reject many
   legitimate documents; don't rely on them.
6. **Log and review.** Record the tool calls made in flows that read untrusted content so
   unusual patterns can be found after the fact.

## Testing

Every feature in scope needs test cases with adversarial content: documents that contain
instructions aimed at the assistant, hidden text, and text that imitates the formatting of
system messages. The security team maintains a shared corpus; ask in #appsec for access.
Passing these tests shows the controls work, not that the model "resists" injection.

## Questions

Ask in #appsec or email appsec@quarrylabs.example.
""",
"""# GHSA-7x2m-q9vh-3c4p: Path traversal in `{p}` archive extraction

**Package:** `{p}` (npm)
**Affected versions:** `< {v}`
**Patched version:** `{v}`
**Severity:** High

### Impact

When extracting a tar archive, `{p}` did not reject entries whose names contained `..`
segments or were absolute paths. A crafted archive could therefore write files outside the
destination directory, with the permissions of the user running the extraction — for example
overwriting `~/.bashrc` or dropping a file into `~/.ssh/authorized_keys`.

Applications that extract archives from untrusted sources (user uploads, package registries)
are affected.

### Patches

Fixed in {v}. Entries that would resolve outside the destination are now skipped and reported
through the `onwarn` callback. Symlinks pointing outside the destination are also refused.

### Workarounds

Validate entry paths yourself with the `filter` option:

```js
extract({ cwd: dest, filter: (p) => !p.split("/").includes("..") && !p.startsWith("/") });
```

### References

- CWE-22: Improper Limitation of a Pathname to a Restricted Directory
- Fix commit: https://github.com/{p}-project/{p}/commit/{sha}

### Credits

Thanks to Jonas Weber for the report and a proposed patch.
""",
"""# Post-incident review: AWS access key committed to a public repository

## Summary

On {date} an engineer pushed a commit to a public GitHub repository that contained an AWS
access key for an IAM user with permissions on our marketing S3 buckets. GitHub's secret
scanning notified AWS, which attached the `AWSCompromisedKeyQuarantineV2` policy to the user
within four minutes. We received the AWS notification email eleven minutes after the push.

## Timeline (UTC)

| Time | Event |
| --- | --- |
| 14:02 | Commit pushed to `marketing-site` (public) with `.env.production` |
| 14:06 | AWS applies quarantine policy to `svc-marketing-uploader` |
| 14:13 | AWS notification received by the security@ list |
| 14:20 | On-call deactivates the key and creates a replacement |
| 14:35 | CloudTrail review begins |
| 15:50 | Review complete: two `ListBuckets` calls from an unknown IP at 14:05, both denied by the bucket policy's source-IP condition. No data accessed. |
| 16:10 | Repository history rewritten; new key deployed through the CI secret store |

## Why it happened

The repository's `.gitignore` listed `.env` but not `.env.production`. The engineer had
copied the production file locally to debug an upload problem. The pre-commit secret scanner
was configured in the repo, but pre-commit hooks are opt-in and were not installed on the new
laptop.

## What went well

- Automated detection and quarantine worked in minutes. Someone was probing with the key
  within three minutes of the push, which shows how fast scanners are.
- The bucket policy's IP condition contained the damage.

## What we're changing

1. `.gitignore` templates now use `.env*` with `!.env.example`.
2. Secret scanning runs server-side as a required status check, not only as a local hook.
3. The uploader moves from a long-lived IAM user key to OIDC federation from CI, so there is no
   key to leak.
4. Blameless note: the engineer reported the mistake themselves as soon as they saw the email.
   That is exactly what we want people to do.
""",
"""# OWASP-style checklist: securing AI agents that run tools

Use this checklist when reviewing a product or internal tool in which a language model can
call tools (run shell commands, edit files, browse, send messages).

## Inputs

- [ ] List every source of text the agent reads: user chat, files in the workspace, web pages,
      search results, API responses, emails, MCP tool results, other agents' messages.
- [ ] For each source, decide whether it is trusted. Anything an outside party can influence
      is untrusted — including a README in a dependency or a comment in a pull request from a
      fork.
- [ ] Confirm that untrusted text never lands in the system prompt.

## Capabilities

- [ ] Enumerate the tools and classify them: read-only, local write, network egress,
      irreversible (delete, pay, send, deploy).
- [ ] Network egress is restricted to an allow-list, or each new destination is confirmed by
      the user.
- [ ] Irreversible actions always require confirmation showing the exact parameters.
- [ ] Shell access runs in a sandbox (container, VM or OS sandbox) without production
      credentials in its environment.

## Secrets

- [ ] Credentials are not readable by the agent's shell (no `~/.aws/credentials`, no
      `.env` with production keys in the workspace), or access to them requires approval.
- [ ] Tool outputs are scanned for secrets before they are shown or logged.

## Output handling

- [ ] Markdown rendering does not auto-load images from arbitrary URLs.
- [ ] Links generated by the model show their full destination before they are followed.
- [ ] Generated code and commands are shown to the user, not executed silently.

## Monitoring

- [ ] Tool calls are logged with enough detail to reconstruct what happened.
- [ ] There is an alert for unusual patterns: many outbound requests, reads of credential
      files, writes to shell startup files (`~/.bashrc`, `~/.zshrc`), changes to CI config.

## Residual risk

Document what remains after these controls. A model that reads untrusted text can always be
misled about *content*; the aim of the controls is that being misled cannot cause harm beyond
a wrong answer the user can see.
""",
"""# Vulnerability note: stored XSS in comment previews

**Product:** Fennel Notes web app
**Versions:** 3.0.0 – 3.4.2
**Fixed:** 3.4.3
**CVE:** CVE-2024-40112

## Description

The Markdown renderer used for comment previews allowed raw HTML `<img>` tags with event
handler attributes when the comment also contained a fenced code block with an unterminated
backtick sequence. A crafted comment could execute JavaScript in the browser of anyone who
opened the note, in the context of the app's origin.

Because session tokens are stored in `HttpOnly` cookies, script could not read them directly,
but it could make authenticated requests on the victim's behalf — for example sharing the note
with another account.

## Remediation

Upgrade to 3.4.3, which runs all rendered HTML through DOMPurify with a strict allow-list and
sets a Content-Security-Policy of `script-src 'self'` on all pages.

Self-hosted instances that cannot upgrade immediately can set
`FENNEL_DISABLE_COMMENT_PREVIEW=true`.

## Detection

Look for comments containing `onerror=` or `onload=` in the database:

```sql
SELECT id, note_id, author_id, created_at
FROM comments
WHERE body ILIKE '%onerror=%' OR body ILIKE '%onload=%';
```

## Credit

Reported by Hye-jin Kim.
""",
"""# Threat advisory: malicious packages impersonating popular libraries

**Audience:** all engineering teams
**Issued:** {date}

## What we're seeing

Over the past two weeks, the public registries removed more than 40 packages whose names were
one character away from popular libraries (typosquatting) or which reused the names of
internal packages from well-known companies (dependency confusion). Their install scripts
(`postinstall` in npm, `setup.py` code in PyPI) collected environment variables, SSH keys from
`~/.ssh`, cloud credential files and browser profiles, compressed them and uploaded them to a
remote server.

Some of the packages' README files also included text aimed at AI coding assistants, presumably
hoping that an assistant asked to "add a library for X" would pick the malicious package or run
its setup commands. We mention this so that reviewers know AI-suggested dependencies deserve the
same scrutiny as any other.

## What to do

1. Check lockfiles for the package names listed in the attached CSV (`iocs-packages.csv`).
   Our dependency scanner has already been updated and will flag them in CI.
2. Use the internal registry mirror. It blocks packages published less than 72 hours ago and
   packages on the block list.
3. Install with scripts disabled where you can: `npm ci --ignore-scripts`, `pip install
   --only-binary :all:`.
4. When an AI assistant suggests adding a dependency, check the name, publisher, download count
   and repository yourself before accepting.

## If you installed one

Assume every credential on that machine is compromised. Tell security@ straight away, rotate
cloud keys and tokens from a different machine, and do not try to clean the machine yourself —
we will reimage it.
""",
"""# Security bulletin: SSRF in the image proxy

**ID:** TSB-2024-03
**Severity:** Critical
**Component:** `image-proxy` service, versions before 1.18.0

## Description

The image proxy fetched any URL passed in the `src` parameter and followed HTTP redirects
without re-validating the destination. An attacker could request
`/proxy?src=https://attacker.example/redirect`, where the redirect pointed at the cloud
metadata endpoint `http://169.254.169.254/latest/meta-data/iam/security-credentials/`. The proxy
returned the response body as an "image", exposing temporary IAM credentials of the instance
role.

## Affected deployments

All deployments on EC2 with IMDSv1 enabled. Deployments that enforce IMDSv2 (session tokens
required) were not exploitable, because the proxy does not send the `PUT` request that IMDSv2
requires.

## Fix

- 1.18.0 resolves the host before connecting, refuses private, loopback and link-local ranges,
  and re-checks on every redirect.
- Responses whose `Content-Type` is not `image/*` are rejected.

## Additional hardening

- Enforce IMDSv2 on all instances (`HttpTokens=required`).
- Give the proxy's instance role no permissions beyond what it needs (it needs none).

## Indicators

Requests to `/proxy` whose `src` parameter contains `169.254.`, `metadata.google.internal`,
`[::ffff:a9fe:a9fe]` or decimal IP encodings such as `2852039166`.
""",
"""# Advisory: exfiltration through automatically rendered Markdown images

**Applies to:** chat products and IDE assistants that render model output as Markdown

## Background

Many assistants render their answers as Markdown. When an answer contains an image tag, the
client fetches the image URL automatically to display it. The URL can carry data in its path or
query string, and the request reaches whatever server hosts the image.

Researchers have repeatedly shown that if a model can be influenced by content it reads — a
shared document, an email, a web page — that content can ask the model to produce an image tag
whose URL includes information from the conversation. When the client renders the answer, the
data is sent without any click by the user.

## Why this is not fixed by better prompts

The weakness is in the client: it performs a network request chosen by model output. Teaching
the model to refuse helps in many cases and fails in others. The robust fix is to stop
rendering images from arbitrary domains.

## Recommendations

- Render images only from an allow-list of domains you control, or proxy them through a
  service that strips query strings and checks the destination.
- Show links with their full destination and require a click to open them.
- Apply the same rules to link previews ("unfurling") in chat integrations.
- Treat the assistant's output as untrusted HTML/Markdown when rendering it — sanitise it like
  any other user-generated content.

## Status across vendors

Most large vendors have deployed domain allow-lists or content security policies for image
rendering. Self-hosted chat front-ends and browser extensions vary; check yours.
""",
]

VULNS = [
    ("SQL injection", "CWE-89", "the `sort` query parameter of `GET /api/orders` was interpolated into an `ORDER BY` clause without validation", "Only column names from an allow-list are accepted now; other values return 400.", "Apply the patch or put a WAF rule in front of the endpoint that rejects `sort` values containing anything but letters and underscores."),
    ("Authentication bypass", "CWE-287", "the password reset flow accepted a token belonging to a different account if the email parameter was changed after the token was issued", "Reset tokens are now bound to the account ID and compared in constant time.", "Disable self-service password reset (`AUTH_SELF_RESET=false`) until you can upgrade."),
    ("Open redirect", "CWE-601", "the `next` parameter of the login page accepted absolute URLs, which phishing emails could use to send users to a look-alike site after a real login", "Only relative paths are accepted for `next`.", "None needed beyond upgrading; user impact is limited to phishing assistance."),
    ("Insecure default permissions", "CWE-276", "the installer created `/etc/{p}/secrets.toml` with mode 0644, making database credentials readable by every local user", "The installer now creates the file with mode 0600 owned by the service user, and the service refuses to start if it is group- or world-readable.", "Run `chmod 600 /etc/{p}/secrets.toml && chown {p}: /etc/{p}/secrets.toml` and rotate the credentials in the file."),
    ("Command injection", "CWE-78", "the `convert` endpoint built an ImageMagick command line by string concatenation, so a file name containing shell metacharacters was interpreted by the shell", "Arguments are now passed as an array to `execFile`, never through a shell.", "Restrict uploads to names matching `^[A-Za-z0-9._-]+$` at the proxy."),
    ("Sensitive data in logs", "CWE-532", "with debug logging enabled, full request bodies — including passwords on the login endpoint — were written to the application log", "Bodies of requests to authentication endpoints are no longer logged at any level, and a redaction filter masks fields named like passwords and tokens.", "Turn off debug logging, rotate passwords of users who logged in while it was on, and purge old logs."),
    ("Cross-site request forgery", "CWE-352", "the API key regeneration endpoint accepted `GET` requests and did not check a CSRF token", "The endpoint accepts `POST` only and requires the CSRF token.", "None."),
    ("Denial of service via regular expression", "CWE-1333", "the email validation regex exhibited catastrophic backtracking on long inputs of the form `aaaa…@`", "The regex was replaced by a linear-time parser.", "Limit request body sizes at the proxy."),
    ("Improper certificate validation", "CWE-295", "the webhook client disabled TLS certificate verification when `WEBHOOK_INSECURE` was set to any value, including `false`", "Only the exact value `true` disables verification, and doing so now logs a warning at every start.", "Unset `WEBHOOK_INSECURE`."),
    ("Exposure of secrets to tool-using assistant", "CWE-200", "the IDE integration included the contents of `.env` files in the context sent to the assistant when the user asked about configuration, and the assistant's web tool could then be steered by fetched content into including that context in requests", "`.env*`, `*.pem`, `id_*` and files matched by the new `assistant.exclude` setting are never sent, and web requests proposed by the assistant require confirmation.", "Add secret files to `assistant.exclude` and disable the web tool."),
]


def composed(rng):
    p, desc = rng.choice(PROJECTS)
    title, cwe, what, fix, work = pick(rng, VULNS)
    v_fixed = version(rng)
    cvss = round(rng.uniform(4.0, 9.8), 1)
    sev = "Critical" if cvss >= 9 else "High" if cvss >= 7 else "Medium"
    cve = f"CVE-{rng.choice([2023, 2024, 2025])}-{rng.randint(20000, 58999)}"
    reporter = " ".join(person(rng))
    what = what.replace("{p}", p)
    fix = fix.replace("{p}", p)
    work = work.replace("{p}", p)
    return f"""# {cve}: {title} in {p}

| | |
| --- | --- |
| **Severity** | {sev} ({cvss}) |
| **Weakness** | {cwe} |
| **Affected** | {p} < {v_fixed} |
| **Fixed in** | {v_fixed} |
| **Published** | {iso(rng)} |

## Description

{p} is {desc}. In affected versions, {what}.

## Impact

{rng.choice(['An unauthenticated remote attacker', 'An authenticated user with the lowest role', 'A local user on the same host', 'An attacker who can get a logged-in user to visit a page'])} could exploit this to {rng.choice(['read data belonging to other tenants', 'take over accounts', 'execute commands as the service user', 'obtain credentials', 'degrade availability for all users'])}. We are not aware of exploitation in the wild.

## Remediation

Upgrade to {v_fixed} or later. {fix}

## Workarounds

{work}

## Credit

Thanks to {reporter} for reporting this responsibly. If you believe you have found a security
issue, email security@{p}.dev; please do not file a public issue.
"""


def gen(rng, i):
    f = sp(FIXED)
    if i < len(f):
        p, _ = rng.choice(PROJECTS)
        return (f[i].replace("{date}", iso(rng)).replace("{p}", p).replace("{v}", version(rng))
                .replace("{sha}", hexs(rng, 40)))
    return composed(rng)
