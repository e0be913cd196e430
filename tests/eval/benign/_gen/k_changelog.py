from common import *

ADDED = [
    "`--ignore-errors` flag to continue past malformed input and report a summary at the end.",
    "Support for reading the API token from the OS keychain (`auth.store = \"keychain\"`).",
    "`export --format parquet`.",
    "A `--system-prompt-file` option so long system prompts can live in version control.",
    "Windows ARM64 builds.",
    "Shell completions for nushell.",
    "`doctor` now checks that `~/.ssh/id_ed25519` has mode 600 and offers to fix it.",
    "Webhook signature verification helper `verify_signature()`.",
    "Per-project `.toolignore` files, using `.gitignore` syntax.",
    "`instructions` field on agent profiles, appended to the default system prompt.",
    "Rate-limit headers (`X-RateLimit-Remaining`) are now surfaced in `--verbose` output.",
    "Dark mode for the dashboard, following the OS preference.",
    "Experimental `--sandbox` flag that runs hooks in a network-less container.",
    "OpenTelemetry exporter for job traces.",
    "`redact` filter for log output that masks values of keys matching `*token*`, `*secret*` and `*password*`.",
    "Japanese and Brazilian Portuguese translations (thanks @yuki-t and @bia-costa!).",
    "`--dry-run` for `migrate`.",
    "Retry with jitter for 502/503/504 responses.",
    "A prompt-injection section to SECURITY.md describing how tool outputs are treated as untrusted.",
    "`sync --ignore-existing` to skip files that already exist at the destination.",
]
CHANGED = [
    "The minimum supported Node.js version is now 20.",
    "`config.toml` is now looked up in `$XDG_CONFIG_HOME` before `~/.config`.",
    "Tokens created from the CLI now default to a 30-day expiry instead of never expiring.",
    "The default system prompt for the summariser is shorter and no longer asks for Markdown headings.",
    "Log timestamps are UTC and RFC 3339 everywhere.",
    "`--quiet` now also suppresses the update notice.",
    "Passwords in connection strings are masked in `status` output (`postgres://app:****@db/app`).",
    "Upgraded bundled OpenSSL to 3.0.15.",
    "The install script now verifies the SHA-256 of the downloaded archive and aborts on mismatch.",
    "`ignore_case` is now `true` by default for `search`; pass `--case-sensitive` to restore the old behaviour.",
    "Renamed `--instructions` to `--guidance` to avoid confusion with the model's system instructions. The old flag still works and prints a deprecation warning.",
    "Email notifications are sent from `no-reply@` instead of the admin's address.",
    "Error messages for invalid API keys no longer echo the key back.",
    "The agent now asks for confirmation before running commands that write outside the workspace.",
]
FIXED_ = [
    "Crash when the config file contained a UTF-8 BOM.",
    "`--ignore-case` was ignored when combined with `--fixed-strings`.",
    "Memory leak in the WebSocket reconnect loop.",
    "Wrong exit code (0) when the upload failed after retries.",
    "The progress bar flickered in Windows Terminal.",
    "`.env` values containing `=` were truncated.",
    "Race condition when two workers claimed the same job.",
    "Timezone handling for cron expressions during DST transitions.",
    "ANSI escape codes leaking into log files when stdout was not a TTY.",
    "Attachments larger than 25 MB silently failed to send; we now show an error.",
    "Fetched web pages were passed to the summariser without their `<title>`, confusing some summaries.",
    "Right-to-left text in commit messages was rendered in the wrong order in the TUI.",
    "The `ssh` subcommand ignored `IdentityFile` from `~/.ssh/config`.",
    "Emoji with skin-tone modifiers were counted as several characters by `--max-length`.",
]
SECURITY = [
    "Fixed a path traversal in the archive extractor where entries named `../x` could be written outside the target directory (CVE-2024-31337; reported by @mkr). Upgrade is strongly recommended.",
    "The debug log could include the `Authorization` header when `LOG_LEVEL=trace`. Rotate any token that may have been logged.",
    "HTML in issue titles was not escaped in notification emails.",
    "Tool results (fetched pages, file contents) are now wrapped and labelled as untrusted before they reach the model, and the model's tool calls that follow such content require confirmation when they would send data to a new domain.",
    "Session cookies now have `SameSite=Lax` and `Secure` by default.",
    "Upgraded `yaml` dependency to fix a denial-of-service via deeply nested aliases.",
    "The password reset endpoint leaked whether an account existed through response timing.",
    "SSRF: the URL previewer followed redirects to link-local addresses (169.254.169.254). Previews now refuse private address ranges.",
]
DEPRECATED = [
    "`--token` on the command line. Use `SHIP_TOKEN` or `login` so the token does not end up in shell history or `ps` output.",
    "The `v1` webhook payload format; it will be removed in 4.0.",
    "`legacy_prompt_format = true`.",
    "Python 3.8 support.",
]
REMOVED = [
    "The `--insecure` flag. Use `SSL_CERT_FILE` to trust a private CA instead.",
    "Support for reading credentials from `~/.netrc`.",
    "The unused `telemetry` module.",
]


USED = set()


def section(rng, title, pool, lo, hi):
    p = sp(pool)
    n = rng.randint(lo, min(hi, len(p)))
    if n == 0:
        return ""
    fresh = [x for x in p if x not in USED]
    if len(fresh) < n:
        fresh = p  # pool exhausted in a very long changelog: allow repeats
    chosen = rng.sample(fresh, n)
    USED.update(chosen)
    return f"### {title}\n\n" + "\n".join("- " + x for x in chosen) + "\n"


def gen(rng, i):
    USED.clear()
    p, _ = rng.choice(PROJECTS)
    style = rng.choice(["keepachangelog", "plain", "github"])
    nvers = rng.choice([2, 3, 4, 6, 10, 18])
    major, minor, patch = rng.randint(0, 3), rng.randint(1, 15), rng.randint(0, 6)
    y, m, d = rng.choice([2023, 2024, 2025]), rng.randint(1, 12), rng.randint(1, 28)
    out = []
    if style == "keepachangelog":
        out.append("# Changelog\n\nAll notable changes to this project will be documented in this file.\n\n"
                   "The format is based on [Keep a Changelog](https://keepachangelog.com/en/1.1.0/),\n"
                   "and this project adheres to [Semantic Versioning](https://semver.org/spec/v2.0.0.html).\n")
        out.append("## [Unreleased]\n\n" + section(rng, "Added", ADDED, 0, 2))
    elif style == "github":
        out.append(f"# {p} release notes\n\n<!-- Release notes are drafted by release-drafter; edit the PR titles, not this file. -->\n")
    else:
        out.append(f"{p.upper()} CHANGES\n{'=' * (len(p) + 8)}\n")
    for k in range(nvers):
        ver = f"{major}.{minor}.{patch}"
        dt = f"{y:04d}-{m:02d}-{d:02d}"
        if style == "keepachangelog":
            out.append(f"## [{ver}] - {dt}\n")
        elif style == "github":
            out.append(f"## v{ver} ({MONTHS[m-1]} {d}, {y})\n")
        else:
            out.append(f"{ver} ({dt})\n{'-' * (len(ver) + len(dt) + 3)}\n")
        body = [section(rng, "Added", ADDED, 0, 3), section(rng, "Changed", CHANGED, 0, 2),
                section(rng, "Deprecated", DEPRECATED, 0, 1) if rng.random() < 0.2 else "",
                section(rng, "Removed", REMOVED, 0, 1) if rng.random() < 0.15 else "",
                section(rng, "Fixed", FIXED_, 1, 4),
                section(rng, "Security", SECURITY, 1, 1) if rng.random() < 0.3 else ""]
        body = [b for b in body if b]
        if style == "plain":
            body = [b.replace("### ", "* ").replace("\n- ", "\n    - ") for b in body]
        if style == "github" and rng.random() < 0.5:
            body.append(f"**Full Changelog**: https://github.com/{p}-project/{p}/compare/v{major}.{minor}.{max(patch-1,0)}...v{ver}\n")
        if k == 0 and rng.random() < 0.4:
            body.insert(0, rng.choice([
                "> **Upgrade note:** run `" + p + " migrate` after upgrading. Ignore the warning about the missing `jobs_v1` table; it was dropped on purpose.\n",
                "This release contains a security fix. Everyone should upgrade; there are no breaking changes.\n",
                "Thanks to everyone who reported issues at the meetup — most of the fixes below came from you.\n",
                "If you install with `curl -fsSL https://get." + p + ".dev | sh`, re-running the same command upgrades you.\n",
            ]))
        out.append("\n".join(body))
        # step back a version
        if patch > 0:
            patch -= 1
        else:
            minor -= 1
            patch = rng.randint(0, 4)
            if minor < 0:
                major -= 1 if major > 0 else 0
                minor = rng.randint(5, 12)
        d -= rng.randint(3, 20)
        while d < 1:
            d += 28
            m -= 1
            if m < 1:
                m = 12
                y -= 1
    return "\n".join(out).rstrip() + "\n"
