from common import *

HANDLES = ["mkr", "ana-souza", "yuki-t", "jweber", "priya-r", "kmensah", "lindqvist", "dvolkov",
           "chloe-m", "rahulm", "grace-p", "omarf", "bia-costa", "tobias-s", "hyejin", "eamonb",
           "nadiap", "arjun-i", "freya-o", "connorw", "zdlamini", "lucia-mo", "kenjiw", "leila-n"]

# Issue threads: list of (role, text). role "A" = reporter, "M" = maintainer, "C" = other contributor, "B" = bot
ISSUES = [
("`{p} sync` hangs forever on large directories", [
("A", """**Describe the bug**
`{p} sync ~/Photos remote:photos` hangs after printing "Scanning…" when the directory has more
than ~200k files. CPU goes to 0%, nothing in the log.

**To reproduce**
```sh
mkdir /tmp/many && cd /tmp/many && seq 1 250000 | xargs touch
{p} sync /tmp/many remote:test --verbose
```

**Environment**
- {p} {v}
- Ubuntu 22.04, ext4
"""),
("M", """Thanks for the clear repro! Could you run it again with `RUST_LOG=debug` and attach the log?
Please scrub the remote's hostname and your access key from the log before posting — the debug
output includes the request URLs."""),
("A", """Here you go (hostname replaced with `remote.example`): [debug.log](https://github.com/user-attachments/files/123/debug.log)

Sorry, disregard the earlier comment where I said it happens on 100k files too; I retested and
100k works, it's somewhere between 200k and 250k."""),
("M", """Found it: we hit the inotify watch limit and the error was swallowed. Workaround until the fix
is released:

```sh
echo fs.inotify.max_user_watches=524288 | sudo tee /etc/sysctl.d/60-inotify.conf
sudo sysctl --system
```

The fix is in #{n2}: we now report the error and fall back to polling."""),
("B", """This issue has been fixed in {v2}. If the problem persists after upgrading, please open a new
issue and reference this one."""),
]),
("Docs: install script fails on Alpine", [
("A", """Running the documented installer

```sh
curl -fsSL https://get.{p}.dev | sh
```

on `alpine:3.19` fails with `sh: bad substitution`. Looks like the script uses bash syntax but is
piped into `sh` (busybox ash)."""),
("C", "Same here on a minimal Debian container where `sh` is dash."),
("M", """Good catch, thank you both. The script has a `${var,,}` lowercase expansion which is bash-only.
Until the fix lands, use:

```sh
curl -fsSL https://get.{p}.dev | bash
```

or install `bash` first on Alpine (`apk add bash`). I'll make the script POSIX-clean and add an
Alpine job to CI so this doesn't regress."""),
("A", "Thanks, `| bash` works. Happy to test the fix when it's up."),
("M", "Fixed in the script served at get.{p}.dev (no version bump needed, it's not part of the release). Could you give it another try?"),
("A", "Works on Alpine and Debian slim now. Closing 👍"),
]),
("Feature request: support for a custom system prompt", [
("A", """We use the `summarise` command in our release pipeline and would like to change the style of the
output (bullet points, no headings, British spelling). Could you add a `--system-prompt` option,
or read it from a file?"""),
("M", """Reasonable request. We'd rather not replace the built-in system prompt entirely, because it
contains the formatting rules the parser downstream depends on. How about an `--instructions`
option whose text is appended to the built-in prompt under a "User preferences" heading?"""),
("C", """+1 for appending rather than replacing. One thought: since this runs in CI on PRs from forks,
make sure the instructions can only come from the config file in the default branch, not from the
PR itself. Otherwise anyone opening a PR can change how the release notes get written."""),
("M", """Agreed, that's a good point. Plan:

- `instructions` key in `.{p}.toml`, read from the base branch in CI mode
- `--instructions-file` flag for local use
- documented clearly as "style preferences", not as a way to change what the tool does

@{h_a}, would you like to take a stab at the PR? I'm happy to review."""),
("A", "Sure, I'll have something by next week."),
]),
("Token shows up in error message", [
("A", """When the API returns 401, the error message includes the full token:

```
Error: request failed: 401 Unauthorized (Authorization: Bearer tp_live_…)
```

(I truncated it here.) That ends up in CI logs, which are visible to the whole org."""),
("M", """Thank you — this is a security problem and should have gone to security@{p}.dev rather than a
public issue, but since the token is truncated here no harm done. Please rotate the token anyway,
since it was in CI logs.

I'm marking this as high priority. We'll redact the header in all error paths and add a test
that fails if any error message contains the configured token."""),
("M", "Fixed in {v2}, released just now. Advisory GHSA-xxxx will follow. Thanks again for the report."),
]),
("Windows: `--ignore-case` has no effect with non-ASCII filenames", [
("A", """On Windows 11, `{p} find --ignore-case ÄRGER` does not match `ärger.txt`. It works for ASCII.
Same build on macOS works."""),
("M", """Windows' case folding differs a bit. We use `to_lowercase()` on both sides; on Windows the file
names come back from the API in a different normalisation form (NFD), so `Ä` becomes `A` + U+0308.
We need to normalise before comparing. Can you run `{p} debug-name ärger.txt` and paste the output?"""),
("A", """```
name: "a\\u0308rger.txt"
bytes: 61 cc 88 72 67 65 72 2e 74 78 74
```"""),
("M", "Confirmed, it's NFD. Fix incoming."),
]),
("Question: how do I run this behind a corporate proxy?", [
("A", "Our network requires an HTTP proxy and does TLS inspection. The CLI fails with `certificate verify failed`. Is there an `--insecure` flag?"),
("M", """There isn't, on purpose. Please don't disable verification — with TLS inspection your company
already has a root certificate you can trust instead:

```sh
export HTTPS_PROXY=http://proxy.corp.example:3128
export SSL_CERT_FILE=/path/to/corp-root-ca.pem
```

Your IT department can give you the CA file; on many machines it's already in the OS store and
`{p}` will pick it up with `--use-system-certs`."""),
("A", "That did it. Thanks! Maybe worth adding to the FAQ?"),
("M", "Done in #{n2}."),
]),
("CI is red on main after dependency bump", [
("B", "The scheduled `nightly` workflow failed on `main`. [View run](https://github.com/{p}-project/{p}/actions/runs/{run})"),
("M", """Failure is in `test_render_unicode` — the new version of the terminal-width library treats
ZWJ emoji sequences (👨‍👩‍👧) as width 2 instead of 6, which is actually correct. We need to update the
snapshot, not the code. @{h_c}, can you regenerate the snapshots with `UPDATE_SNAPSHOTS=1 cargo test`
and double-check the diff only touches emoji rows?"""),
("C", "On it. Diff only touches the emoji fixtures, 4 rows. PR incoming."),
("M", "Merged, nightly is green again. Closing."),
]),
("Security: installer runs `sudo` without asking", [
("A", """The install script calls `sudo mv {p} /usr/local/bin` without telling the user. For a script that
people pipe into `sh`, that's surprising. Could it install to `~/.local/bin` by default?"""),
("M", """Fair criticism. We'll change the default to `~/.local/bin`, print a message if that's not on
`PATH`, and only use `/usr/local/bin` with an explicit `--system` flag (which will say that it's
about to use sudo and why)."""),
("C", "Could the script also print the checksum it verified? Makes it easier to compare with the release page."),
("M", "Yes, good idea. Both changes are in #{n2}."),
]),
("Add Japanese translation", [
("A", """I'd like to contribute a Japanese translation. Is there a guide?

日本語の翻訳を担当したいです。よろしくお願いします。"""),
("M", """Welcome, and thank you! 🙏 Translations live in `locales/`. Copy `en.json` to `ja.json` and
translate the values, not the keys. Please leave placeholders like `{count}` and `{path}` as they
are. Run `npm run i18n:check` before opening the PR — it catches missing keys and broken
placeholders."""),
("A", "PR opened: #{n2}. 確認お願いします。"),
("C", "I'm a native speaker and reviewed it — looks natural. One suggestion left inline about the word for \"ignore\" (無視する vs 除外する) in the `.gitignore` context."),
("M", "Merged. Thank you both!"),
]),
("Crash when config contains emoji", [
("A", "Setting `name = \"Team 🚀\"` in the config crashes on startup with `byte index 6 is not a char boundary`."),
("M", "Thanks, that's a classic: we truncated the string by bytes instead of characters. Fix in #{n2}."),
("C", "FWIW flags like 🏳️‍🌈 (which use ZWJ) also broke the width calculation in the status bar. Might be worth a test."),
("M", "Added both to the test suite. Thanks!"),
]),
]

PRS = [
("Add `--dry-run` to `migrate`", """## What

Adds `--dry-run` to `{p} migrate`. With the flag, migrations are run inside a transaction that is
rolled back at the end, and the SQL is printed.

## Why

Ops asked for a way to review migrations against a production-sized copy before the real run
(#{n1}).

## How to test

```sh
make dev-db
{p} migrate --dry-run
{p} migrate status   # should still show pending migrations
```

## Checklist

- [x] Tests added
- [x] Docs updated
- [ ] Changelog entry
""", [
("M", "Nice, thanks! Could you add the changelog entry? Also please rebase on main — #{n2} touched the same file."),
("A", "Done, rebased and added the entry."),
("C", "One question: migrations with `CREATE INDEX CONCURRENTLY` can't run inside a transaction. What happens with `--dry-run`?"),
("A", "Good catch. They'd fail. I've made dry-run skip those with a warning and print the statement instead. Added a test."),
("M", "LGTM. Please ignore the failing `macos-arm` job, it's a known runner problem (#{n3}). Merging."),
]),
("Redact secrets in debug logs", """Fixes #{n1}.

The debug logger printed full request headers. This PR:

- adds a `redact()` helper that masks values of headers named `authorization`, `cookie`,
  `x-api-key` and any header ending in `-token`;
- applies it to all log sites that print headers;
- adds a test that sets a recognisable fake token and asserts it never appears in captured log
  output.

I grepped for other places where secrets could leak (`grep -rn "password\\|token\\|secret" src/`)
and found one more in the retry path, fixed too.
""", [
("M", "Thank you, this is exactly what we needed. Tiny nit: use a constant for the mask (`****`) so the test and the code share it."),
("A", "Done."),
("M", "Approved. I'll cut a patch release today."),
]),
("docs: recommend reading the install script before piping to sh", """Small docs change. The README's install section now shows both the one-liner and the
download-inspect-run variant:

```sh
curl -fsSL https://get.{p}.dev | sh
# or
curl -fsSL https://get.{p}.dev -o install.sh && less install.sh && sh install.sh
```

Also documents `--prefix` and `--no-modify-path`.
""", [
("C", "Could we also link to the checksums for people installing manually?"),
("A", "Added a sentence linking to the Releases page."),
("M", "Thanks! Merging."),
]),
("Prompt: make the summariser cite sources", """Changes the system prompt of the `summarise` command so that every bullet ends with a
reference to the paragraph it came from (`[¶3]`).

Before/after on the eval set (`make eval`):

| | before | after |
| --- | --- | --- |
| factual consistency | 0.91 | 0.94 |
| avg. length (words) | 112 | 131 |
| format errors | 0 | 2 |

The two format errors are cases where the model put the citation before the full stop. I've
relaxed the parser to accept both.
""", [
("M", "Nice improvement. Length going up 17% is a bit much for the Slack use case though. Can you try adding \"keep each bullet under 25 words\"?"),
("A", "Tried it: length back to 114, consistency 0.93. Pushed."),
("C", "Please also bump the prompt version in `prompts/summarise.toml` so traces can tell the versions apart."),
("A", "Bumped to v7."),
("M", "LGTM 🚀"),
]),
("Replace `os.system` with `subprocess.run` in the backup script", """`scripts/backup.py` built a shell command with string formatting:

```python
os.system(f"pg_dump {db} | gzip > {out}")
```

A database name with a space or a `;` would break it (or worse). This PR uses `subprocess.run`
with a list of arguments and a pipe between the two processes, no shell involved.
""", [
("M", "Good change. Can you keep the exit code check? The old code ignored pg_dump failures, which is how we ended up with empty backups in March."),
("A", "Added `check=True` on both processes and a test with a fake failing `pg_dump`."),
("M", "Approved. Please squash when merging."),
]),
("Bump lodash from 4.17.20 to 4.17.21", """Bumps [lodash](https://github.com/lodash/lodash) from 4.17.20 to 4.17.21.

<details>
<summary>Commits</summary>
<ul>
<li>f299b52 Bump to v4.17.21</li>
<li>c4847eb Improve performance of <code>toNumber</code>, <code>trim</code> and <code>trimEnd</code> on large input strings</li>
<li>3469357 Prevent command injection through <code>_.template</code>'s <code>variable</code> option</li>
</ul>
</details>

Dependabot will resolve any conflicts with this PR as long as you don't alter it yourself. You can
also trigger a rebase manually by commenting `@dependabot rebase`.

Dependabot commands and options:
- `@dependabot rebase` will rebase this PR
- `@dependabot recreate` will recreate this PR, overwriting any edits that have been made to it
- `@dependabot merge` will merge this PR after your CI passes on it
- `@dependabot ignore this major version` will close this PR and stop Dependabot creating any more for this major version
- `@dependabot ignore this dependency` will close this PR and stop Dependabot creating any more for this dependency
""", [
("M", "@dependabot merge"),
]),
("Add `.env.example` and stop committing `.env`", """We had a `.env` checked in with development defaults. That's fine for dev, but it trained
people to edit it with real values, and it was one `git add .` away from leaking a production
key.

- removes `.env` from the repo (it stays on your machine — `git rm --cached .env`)
- adds `.env.example` with placeholder values
- adds `.env` and `.env.*` (except `.env.example`) to `.gitignore`
- `make setup` copies the example if `.env` doesn't exist

**After pulling this**, your local `.env` is untouched. New clones need `make setup`.
""", [
("C", "Should we also rotate anything that was in the old `.env`? It's in history."),
("A", "The values were all local-dev ones (postgres on localhost, test Stripe key). I checked each. The Stripe test key I've rotated anyway."),
("M", "Thanks for checking. Approved."),
]),
("Harden GitHub Actions workflows", """- pins third-party actions to full commit SHAs instead of tags
- sets `permissions: contents: read` at the workflow level and grants more per job only where needed
- moves the PR title check from `pull_request_target` to `pull_request` so it never runs with
  secrets on fork code
- stops interpolating `${{ github.event.pull_request.title }}` directly into a `run:` script (it was
  a script injection vector — a PR title containing `"; curl … ;"` would have been executed). It's
  passed through an environment variable now.
""", [
("M", "Great, the title interpolation one was a real bug. Thank you."),
("C", "Can we add zizmor or actionlint to CI so this doesn't creep back?"),
("A", "Added actionlint as a job; zizmor in a follow-up."),
("M", "Approved and merged."),
]),
("i18n: add Arabic locale and RTL layout", """Adds `ar` locale and fixes layout issues in RTL:

- `dir="rtl"` on `<html>` when the locale is RTL
- logical CSS properties (`margin-inline-start` instead of `margin-left`) in the sidebar
- icons that imply direction (back/forward arrows) are mirrored
- user-generated strings are wrapped in `<bdi>` so names like "محمد (admin)" render correctly
  inside English sentences

Screenshots in the thread below.
""", [
("C", "مرحبا! The translation reads well. One thing: «إلغاء» for \"Cancel\" is better than «تجاهل» (which is closer to \"ignore\")."),
("A", "Fixed, thanks!"),
("M", "Looks great. Merging 🎉"),
]),
("fix: don't follow symlinks outside the workspace", """The file indexer followed symlinks, so a symlink like `docs/notes -> /home/user/.ssh` inside
a repository would have been indexed (and its contents shown in search results).

Now:
- symlinks are resolved and skipped if the target is outside the workspace root
- a warning is logged once per skipped link
- `index.follow_external_symlinks = true` restores the old behaviour for people who rely on it
""", [
("M", "Thank you! Should the default for the option be documented in the security section too?"),
("A", "Added."),
("C", "Tested on Windows with junctions, behaves the same."),
("M", "Merged, will go out in the next patch release."),
]),
]


def _thread(rng, title, items, opener_body=None, kind="issue"):
    p, _ = rng.choice(PROJECTS)
    hs = rng.sample(HANDLES, 3)
    roles = {"A": hs[0], "M": hs[1], "C": hs[2], "B": "github-actions[bot]" if kind == "issue" else "dependabot[bot]"}
    n = rng.randint(100, 4000)
    fill = {"{p}": p, "{v}": version(rng), "{v2}": version(rng), "{n1}": str(n - rng.randint(1, 90)),
            "{n2}": str(n + rng.randint(1, 30)), "{n3}": str(n - rng.randint(50, 99)),
            "{run}": str(rng.randint(10 ** 9, 10 ** 10)), "{h_a}": hs[0], "{h_c}": hs[2],
            "{P_UP}": p.upper().replace("-", "_")}

    def f(s):
        for k, v in fill.items():
            s = s.replace(k, v)
        return s

    y, m, d = date(rng)
    out = []
    if kind == "issue":
        out.append(f"{f(title)} #{n}\n\nOpen · {roles['A']} opened this issue on {MONTHS[m-1][:3]} {d}, {y} · {len(items)-1} comments\n")
        seq = items
    else:
        out.append(f"{f(title)} #{n}\n\n{roles['A']} wants to merge {rng.randint(1,9)} commits into main from {roles['A']}:{f(title).lower().split(':')[0].replace(' ', '-')[:24]}\n")
        out.append(f"**{roles['A']}** commented\n\n{f(opener_body)}")
        seq = items
    for role, text in seq:
        who = roles[role]
        d += rng.randint(0, 2)
        tag = " (Maintainer)" if role == "M" else " (Contributor)" if role == "C" else ""
        out.append(f"---\n\n**{who}**{tag} commented on {MONTHS[m-1][:3]} {min(d,28)}, {y}\n\n{f(text)}")
    if kind == "pr":
        out.append(f"---\n\n{roles['M']} merged commit {hexs(rng, 7)} into main")
    return "\n\n".join(out) + "\n"


def gen_issue(rng, i):
    pool = sp(ISSUES)
    t, items = pool[i % len(pool)]
    return _thread(rng, t, items)


def gen_pr(rng, i):
    pool = sp(PRS)
    t, body, items = pool[i % len(pool)]
    return _thread(rng, t, items, opener_body=body, kind="pr")
