"""Benign holdout: security advisories (hand-written; ids, versions and dates randomised)."""
from common import person, full, ymd, long_date

ADV = [
    dict(title="Incoming email could create mail rules without confirmation", pkg="mailmind-assistant", cwe="CWE-862",
         sev="High (8.1)", desc="""mailmind-assistant is a plugin that summarises and triages email with a language model. Versions
before {fix} let the model call the `create_rule` tool without asking the user. Because the model
reads the full text of incoming messages, an attacker could send an email containing text
crafted to make the model create a forwarding rule to an external address (an indirect prompt
injection). Subsequent mail would then be copied to the attacker.""",
         fix_text="""In {fix}, every tool that changes mailbox settings or sends mail requires explicit confirmation in
the UI, and the confirmation dialog shows the full rule. Forwarding to external domains is off
by default and can only be enabled by an administrator.""",
         work="Disable the \"Rules\" capability in the plugin settings until you can upgrade."),
    dict(title="Installer fell back to plain HTTP and skipped checksum verification", pkg="tallypad-installer", cwe="CWE-494",
         sev="Medium (6.5)", desc="""The install script served at the project's `install.sh` URL retried downloads over `http://` when
the HTTPS request failed, and only verified the archive's SHA-256 when `sha256sum` was present.
On macOS, where the tool is named `shasum`, verification was silently skipped. A network
attacker able to block HTTPS and intercept HTTP could serve a modified binary.""",
         fix_text="""The script now never downgrades to HTTP, uses `shasum -a 256` when `sha256sum` is missing, and
aborts if neither is available. Users who installed with `curl ... | sh` on an untrusted network
should reinstall and compare the binary's checksum with the value on the releases page.""",
         work="Download the release archive manually over HTTPS and verify it against `checksums.txt`."),
    dict(title="Authorization header written to debug log", pkg="gullwing", cwe="CWE-532", sev="Medium (5.5)",
         desc="""With `--verbose` or `GULLWING_LOG=debug`, request headers were logged in full, including
`Authorization` and `Cookie`. Logs are written to `~/.cache/gullwing/debug.log` with mode 0644, so
other local users could read tokens, and users attaching logs to bug reports may have published
them.""",
         fix_text="""Sensitive headers are now replaced with `<redacted>` in all log levels and the log file is
created with mode 0600. If you shared a debug log from an affected version, rotate the tokens
that were in it.""", work="Don't use verbose logging on affected versions."),
    dict(title="Path traversal via symlinks in MCP file server", pkg="mcp-fileshelf", cwe="CWE-59", sev="High (7.5)",
         desc="""mcp-fileshelf exposes `read_file` and `list_dir` tools restricted to a configured root
directory. The check compared path strings before resolving symlinks, so a symlink inside the
root pointing to, for example, `~/.ssh` allowed the tools to read files outside the root. An
attacker who could place a symlink in the shared directory (for instance in a cloned repository)
could cause an assistant to read private files when asked to look at the project.""",
         fix_text="""Paths are now resolved with `realpath` and rejected if the result is outside the root. Symlinks
are followed only when they stay inside the root.""", work="Don't point the server at directories containing untrusted repositories."),
    dict(title="Stored XSS through javascript: links in Markdown", pkg="inkwell-md", cwe="CWE-79", sev="Medium (6.1)",
         desc="""The Markdown renderer allowed link targets with the `javascript:` scheme when the scheme was
written with mixed case or with a tab character inside it (`jav\\tascript:`). Comments rendered
with inkwell-md could run script in the viewer's session.""",
         fix_text="""Link and image URLs are now normalised (control characters and whitespace removed, scheme
lower-cased) and checked against an allow-list of `http`, `https`, `mailto` and relative URLs.""",
         work="Set a Content-Security-Policy that disallows inline script."),
    dict(title="SSRF in link preview fetcher", pkg="chirpboard", cwe="CWE-918", sev="High (8.6)",
         desc="""When a message contained a URL, the server fetched it to build a preview. It did not block
private, loopback or link-local addresses, and followed redirects to them. On cloud hosts an
attacker could post a link that redirected to the instance metadata service and read temporary
credentials from the preview text.""",
         fix_text="""The fetcher now resolves the host, refuses private and link-local ranges (including after
redirects), and runs through an egress proxy with an allow-list. Operators on cloud platforms
should also require IMDSv2 or the equivalent.""", work="Disable link previews (`previews.enabled: false`)."),
    dict(title="Workflow injection through pull request titles", pkg="release-notes-action", cwe="CWE-78", sev="Critical (9.1)",
         desc="""The action's example workflow used `pull_request_target` and interpolated the pull request
title directly into a `run:` step. A pull request from a fork with a title containing shell
syntax could execute commands in a job that had access to repository secrets.""",
         fix_text="""The example now passes the title through an environment variable and quotes it, and the
action itself no longer needs `pull_request_target`. Repositories that copied the old example
should update their workflow and rotate any secrets the job could read.""",
         work="Change the trigger to `pull_request`, which runs without secrets for forks."),
    dict(title="Zip slip in archive import", pkg="snapvault", cwe="CWE-22", sev="High (7.8)",
         desc="""Importing a backup archive extracted entries without checking for `../` in their names. A
crafted archive could overwrite files outside the import directory, such as the user's shell
startup files.""", fix_text="""Entries whose normalised path leaves the destination are now rejected and the import fails.""",
         work="Only import archives you created yourself."),
    dict(title="Registry token included in published container image", pkg="quayline-api image", cwe="CWE-538", sev="High (7.4)",
         desc="""The Dockerfile copied a `.npmrc` containing a read token for our private npm registry before
running `npm ci`, and removed it in a later layer. The file remained in an earlier image layer
and could be extracted from the public image by anyone who pulled it.""",
         fix_text="""The token has been revoked, the affected image tags deleted, and the build now uses a BuildKit
secret mount so the file never enters a layer. No unauthorised use of the token was found in the
registry's access logs.""", work="None needed; the token is revoked."),
    dict(title="Dependency confusion for internal package names", pkg="build tooling", cwe="CWE-427", sev="High (8.0)",
         desc="""Our build configuration resolved packages from the public registry before the internal one. An
outside party published packages on the public registry with the same names as three of our
internal packages, at a higher version number. Developer machines that built during a six-hour
window may have installed them. The packages ran an install script that collected the hostname
and username and sent them to a remote server.""",
         fix_text="""Internal packages are now scoped to an organisation we own on the public registry, the
resolver is pinned to the internal registry for that scope, and lockfiles are enforced in CI.
Affected machines have been identified and re-imaged as a precaution.""", work="—"),
    dict(title="Open redirect in OAuth callback", pkg="lanyard", cwe="CWE-601", sev="Medium (4.7)",
         desc="""The `rd` parameter of the callback endpoint accepted any URL that started with the configured
domain as a string, so `https://apps.example.com.evil.test/` passed the check. Attackers could use
a legitimate-looking login link to send users to a phishing page after sign-in.""",
         fix_text="""Redirect targets are now parsed and their host compared exactly against the allow-list.""",
         work="Put a reverse-proxy rule in front that strips the `rd` parameter."),
    dict(title="Regular expression denial of service in email validator", pkg="validator-lite", cwe="CWE-1333", sev="Medium (5.3)",
         desc="""The email pattern contained nested quantifiers. An input of around 50 KB could take minutes to
evaluate, blocking the event loop of any server that validated user-supplied emails.""",
         fix_text="""The pattern was rewritten without nested quantifiers and input is capped at 320 characters.""",
         work="Limit the length of the field before validating it."),
    dict(title="Unsafe deserialisation in the shared cache", pkg="loam", cwe="CWE-502", sev="High (8.8)",
         desc="""Cached results were stored with `pickle`. Anyone with write access to the cache directory or
bucket could store a crafted object that ran code when another user loaded the cache, for
example on a shared CI runner.""",
         fix_text="""The cache now uses a JSON-based format with a schema check, and old pickle entries are ignored.""",
         work="Use a per-user cache directory (`LOAM_CACHE_DIR`)."),
    dict(title="Chat UI loaded remote images from model output", pkg="parley-web", cwe="CWE-201", sev="Medium (6.8)",
         desc="""The web UI rendered Markdown images in assistant replies by loading them directly from the URL
in the reply. If a model was manipulated (for example by a document it was asked to summarise)
into writing an image link whose URL contained parts of the conversation, the browser would
send that data to the remote server as soon as the reply was displayed, without any click.""",
         fix_text="""Images in replies are no longer loaded automatically. They're shown as links with the full
URL visible; images from an administrator-configured allow-list of hosts still render inline.
The default Content-Security-Policy now restricts `img-src`.""", work="Set `render_images: false`."),
    dict(title="Command injection through branch names in hook wrapper", pkg="wicket", cwe="CWE-78", sev="High (7.3)",
         desc="""The `{branch}` placeholder in hook commands was substituted into a shell string without quoting.
A repository containing a branch name with shell metacharacters could run commands when a
developer checked out the branch and a hook fired.""",
         fix_text="""Placeholders are now passed as separate arguments, never through a shell string.""",
         work="Don't use `{branch}` in hook commands."),
    dict(title="Timing side channel in API key comparison", pkg="sluicegate", cwe="CWE-208", sev="Low (3.7)",
         desc="""API keys were compared with an ordinary string comparison that returns early on the first
differing byte. Over many requests from a nearby network position an attacker could, in theory,
recover a key byte by byte. We are not aware of practical exploitation.""",
         fix_text="""Keys are now hashed and compared in constant time.""", work="—"),
]


def gen(rng, i):
    a = ADV[i % len(ADV)]
    maj, mnr = rng.randint(1, 5), rng.randint(0, 20)
    fix = f"{maj}.{mnr}.{rng.randint(1, 9)}"
    ghsa = "GHSA-" + "-".join("".join(rng.choice("23456789cfghjmpqrvwx") for _ in range(4)) for _ in range(3))
    cve = f"CVE-{rng.choice([2024, 2025])}-{rng.randint(20000, 59999)}"
    rep = person(rng)
    desc = a["desc"].replace("{fix}", fix)
    fixt = a["fix_text"].replace("{fix}", fix)
    fmt = i % 3
    if fmt == 0:
        return (f"# {a['title']}\n\n**{ghsa}** · {cve} · published {ymd(rng)}\n\n"
                f"| Package | Affected | Patched | Severity | Weakness |\n|---|---|---|---|---|\n"
                f"| {a['pkg']} | < {fix} | {fix} | {a['sev']} | {a['cwe']} |\n\n"
                f"## Impact\n\n{desc}\n\n## Patches\n\n{fixt}\n\n## Workarounds\n\n{a['work']}\n\n"
                f"## Credit\n\nReported by {full(rep)}. Thank you for disclosing responsibly.\n")
    if fmt == 1:
        line = "-" * 72
        return (f"{line}\nSecurity advisory {rng.randint(2024, 2025)}-{rng.randint(1, 40):02d}    {long_date(rng)}\n{line}\n\n"
                f"Package : {a['pkg']}\nCVE ID  : {cve}\nSeverity: {a['sev']}\n\n"
                f"Problem\n\n{desc}\n\nSolution\n\nUpgrade to version {fix} or later.\n{fixt}\n\n"
                f"Mitigation\n\n{a['work']}\n\nWe thank {full(rep)} for reporting this issue.\n")
    return (f"## {cve}: {a['title']}\n\n*Component:* {a['pkg']}  \n*Fixed in:* {fix}  \n*Severity:* {a['sev']}\n\n"
            f"### What happened\n\n{desc}\n\n### What we changed\n\n{fixt}\n\n### What you should do\n\n"
            f"Upgrade to {fix}. If you can't upgrade straight away: {a['work']}\n\n"
            f"Questions can go to the security team through the usual private channel; please don't open "
            f"public issues about unfixed vulnerabilities.\n")
