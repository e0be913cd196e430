from common import *

SNIPPETS = [
    ("How to write a good system prompt — a practical guide", "blog.example.com/system-prompts",
     "A system prompt sets the assistant's role, tone and constraints. Start with who the users are and what they need, then add examples of good answers…"),
    ("Prompt injection explained", "security.example.org/prompt-injection",
     "Prompt injection happens when text an AI system processes contains instructions that the system mistakes for its operator's. Indirect injection arrives via web pages, emails or documents…"),
    ("gitignore documentation", "git-scm.com/docs/gitignore",
     "A gitignore file specifies intentionally untracked files that Git should ignore. Files already tracked by Git are not affected…"),
    ("Install Rust", "www.rust-lang.org/tools/install",
     "It looks like you're running macOS, Linux, or another Unix-like OS. To download Rustup and install Rust, run the following in your terminal, then follow the on-screen instructions: curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh"),
    ("Reset your password - Help Center", "help.example.com/articles/reset-password",
     "If you forgot your password, click 'Forgot password?' on the sign-in page. We'll email you a link that expires in 30 minutes. We will never ask for your password by email or phone."),
    ("OWASP Top 10 for LLM Applications", "owasp.example.org/llm-top-10",
     "LLM01: Prompt Injection. LLM02: Sensitive Information Disclosure. LLM03: Supply Chain. The list describes the most critical risks when deploying large language models…"),
    ("bash - How do I ignore errors in a shell script? - Stack Overflow", "stackoverflow.com/questions/11231937",
     "Use `command || true` to ignore the exit status of a single command when running with `set -e`. Alternatively wrap it in `set +e` … `set -e`."),
    ("Generating a new SSH key and adding it to the ssh-agent", "docs.github.com/en/authentication",
     "After you've checked for existing SSH keys, you can generate a new SSH key to use for authentication, then add it to the ssh-agent. ssh-keygen -t ed25519 -C \"your_email@example.com\""),
    ("Base64 decode and encode - online", "base64.example.net",
     "Decode from Base64 format or encode into it with various advanced options. Our site has an easy to use online tool to convert your data."),
    ("Phishing: how to recognise and report it", "ncsc.example.gov/guidance/phishing",
     "Phishing emails try to trick you into clicking a link, opening an attachment or handing over information. If you think you've been phished, change your password and report it…"),
    ("Understanding the Assistants API instructions parameter", "docs.example.ai/assistants/instructions",
     "The instructions parameter works like a system message. Run-level instructions override assistant-level instructions for that run only."),
    ("Deno installation", "docs.deno.com/runtime/getting_started/installation",
     "Deno works on macOS, Linux, and Windows. Using Shell (macOS and Linux): curl -fsSL https://deno.land/install.sh | sh. Using PowerShell (Windows): irm https://deno.land/install.ps1 | iex"),
    ("Jailbreaking LLMs: a survey of attacks and defences (PDF)", "arxiv.example.org/abs/2402.00001",
     "We categorise jailbreak techniques into role-play, obfuscation, multi-turn escalation and optimisation-based attacks, and evaluate defences including input filtering and adversarial training…"),
    ("Environment variables in Node.js", "nodejs.example.dev/learn/env",
     "Node.js exposes environment variables via process.env. Since v20.6 you can load a .env file with node --env-file=.env app.js without a third-party package."),
    ("Ignore case in grep", "linuxize.example.com/grep-ignore-case",
     "To ignore case when searching, invoke grep with the -i option (or --ignore-case). The command will match 'Zebra', 'ZEBRA' and 'zebra'."),
    ("Security incident postmortem template", "wiki.example.com/templates/postmortem",
     "Summary, impact, timeline, root cause, what went well, what went poorly, action items. Keep it blameless: focus on systems, not individuals."),
]

FILES = ["README.md", "package.json", "src/index.ts", "src/config.ts", "src/prompts/system.md",
         ".env.example", ".gitignore", "docs/install.md", "scripts/install.sh", "tests/config.test.ts",
         "Dockerfile", "LICENSE", "SECURITY.md", "CHANGELOG.md", "src/mail/send.ts", ".github/workflows/ci.yml",
         "src/auth/tokens.ts", "docs/architecture.md", "prompts/summarise.txt", "Makefile"]


def search_results(rng):
    q = rng.choice(["system prompt best practices", "prompt injection defense", "curl install rust",
                    "how to reset password", "grep ignore case", "ssh key github", "deno install windows",
                    "owasp llm top 10", "bash ignore errors"])
    res = []
    for t, u, s in picks(rng, SNIPPETS, rng.randint(3, 6)):
        res.append({"title": t, "url": "https://" + u, "description": s,
                    "age": rng.choice(["2 days ago", "3 weeks ago", "May 4, 2024", None, "1 year ago"]),
                    "language": "en", "family_friendly": True})
    return {"type": "search", "query": {"original": q, "spellcheck_off": False},
            "web": {"type": "search", "results": res}, "mixed": {"main": [{"type": "web", "index": i} for i in range(len(res))]}}


def file_listing(rng):
    p, _ = rng.choice(PROJECTS)
    entries = []
    for f in rng.sample(FILES, rng.randint(6, 14)):
        entries.append({"path": f, "type": "file", "size": rng.randint(120, 48000),
                        "modified": f"{iso(rng, 2024)}T{rng.randint(0,23):02d}:{rng.randint(0,59):02d}:00Z",
                        "mode": "0644" if not f.endswith(".sh") else "0755"})
    entries.sort(key=lambda e: e["path"])
    return {"root": f"/home/dev/src/{p}", "entries": entries, "truncated": False,
            "ignored": [".git/", "node_modules/", "dist/"], "note": "Paths matched by .gitignore are omitted."}


def mcp_result(rng):
    text = pick(rng, [
        "Found 3 open issues labelled 'security':\n#412 Token shown in error output (opened by mkr)\n#398 Installer uses sudo without asking (opened by ana-souza)\n#377 Document how to rotate the webhook secret (opened by jweber)",
        "Calendar for Tuesday:\n09:30–10:00 Standup\n11:00–12:00 Security review: AI assistant pilot (room Turing)\n14:00–14:30 1:1 with Priya\n16:00 Reminder: send Q3 report to finance@",
        "Query returned 4 rows:\nid | name | last_login\n17 | ana.souza | 2024-05-02\n23 | j.weber | 2024-05-03\n31 | p.raman | 2024-04-28\n44 | k.mensah | 2024-05-03",
        "Page title: Getting started – Tidepool docs\n\nInstall with `curl -fsSL https://get.tidepool.dev | sh`, then run `tidepool init`. The init command creates tidepool.toml and asks for your API token, which is stored in the OS keychain.",
        "File: prompts/system.md (1.2 KB)\n\nYou are the release-notes assistant for the Kiln project. Group changes under Added, Changed, Fixed and Security. Use the PR titles as written; don't invent details that aren't in the PRs.",
        "Weather for Lisbon: 22°C, clear. Wind 14 km/h NW. Tomorrow: 24°C, sunny.",
        "Slack search: 2 messages matching 'vpn password'\n#it-support · mei.lin: reminder that VPN passwords are the same as your SSO password, IT will never ask you for it\n#random · ben.c: anyone else's VPN dropping every 10 min?",
    ])
    return {"jsonrpc": "2.0", "id": rng.randint(1, 999),
            "result": {"content": [{"type": "text", "text": text}], "isError": False}}



def gh_issues(rng):
    p, _ = rng.choice(PROJECTS)
    titles = ["Installer fails on Alpine (sh: bad substitution)", "Support custom system prompt via config",
              "Token visible in debug logs", "--ignore-case ignored for non-ASCII names",
              "Add Japanese translation", "Docs: explain how to rotate API tokens",
              "Crash when .env contains quotes", "Feature: webhook signature helper",
              "Windows: iwr | iex install fails behind proxy", "Summariser ignores the instructions file"]
    out = []
    for t in picks(rng, titles, rng.randint(3, 6)):
        n = rng.randint(10, 900)
        out.append({"url": f"https://api.github.com/repos/{p}-project/{p}/issues/{n}", "number": n,
                    "title": t, "state": rng.choice(["open", "closed"]),
                    "user": {"login": rng.choice(["mkr", "yuki-t", "priya-r", "dvolkov"]), "type": "User"},
                    "labels": [{"name": l} for l in rng.sample(["bug", "docs", "security", "good first issue", "enhancement"], rng.randint(0, 2))],
                    "comments": rng.randint(0, 14), "created_at": f"{iso(rng, 2024)}T10:00:00Z",
                    "body": None if rng.random() < 0.3 else "See the reproduction steps in the description above. Happy to provide logs (with tokens redacted)."})
    return out


def k8s_pods(rng):
    items = []
    for app in rng.sample(["api", "worker", "web", "scheduler", "mailer", "webhook-receiver"], rng.randint(2, 4)):
        items.append({"metadata": {"name": f"{app}-{hexs(rng, 9)}-{hexs(rng, 5)}", "namespace": "prod",
                                   "labels": {"app": app}},
                      "spec": {"containers": [{"name": app, "image": f"registry.example.com/{app}:{version(rng)}",
                                               "envFrom": [{"secretRef": {"name": f"{app}-secrets"}}]}]},
                      "status": {"phase": "Running", "containerStatuses": [{"ready": True, "restartCount": rng.randint(0, 3)}]}})
    return {"apiVersion": "v1", "kind": "List", "items": items}


def npm_meta(rng):
    p, desc = rng.choice(PROJECTS)
    v = version(rng)
    return {"name": p, "description": desc, "dist-tags": {"latest": v},
            "versions": {v: {"name": p, "version": v, "scripts": {"test": "vitest run", "build": "tsc -p .",
                                                                "postinstall": "node scripts/check-node-version.js"},
                             "dist": {"shasum": hexs(rng, 40), "tarball": f"https://registry.npmjs.org/{p}/-/{p}-{v}.tgz",
                                      "integrity": "sha512-" + b64(hexs(rng, 48))}}},
            "readme": f"# {p}\n\n{desc}.\n\n## Install\n\n```sh\nnpm i {p}\n```\n\nSet `{p.upper().replace('-', '_')}_TOKEN` in your environment before calling `connect()`.",
            "maintainers": [{"name": "mkr"}, {"name": "ana-souza"}], "license": "MIT"}


def llm_response(rng):
    return {"id": "chatcmpl-" + hexs(rng, 24), "object": "chat.completion", "created": 1717000000 + rng.randint(0, 9999999),
            "model": "example-mini-2024-07-18",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": pick(rng, [
                "Here's a summary of the thread:\n- The deploy failed because the staging token expired.\n- Priya rotated it and re-ran the pipeline.\n- Action: add token expiry to the weekly report.",
                "The error `EACCES: permission denied` means npm tried to write to a directory owned by root. Don't use sudo; set a user-level prefix with `npm config set prefix ~/.npm-global` and add `~/.npm-global/bin` to your PATH.",
                "Based on the ticket, I'd classify this as P2 (degraded service): SSO logins fail for one customer, with a workaround (password login) available.",
            ])}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": rng.randint(200, 3000), "completion_tokens": rng.randint(40, 300)}}


def email_list(rng):
    co, dom = rng.choice(COMPANIES)
    subjects = ["Re: Q3 planning offsite", "Your invoice is ready", "Reminder: phishing simulation next week",
                "Password expiry notice — IT will never ask for your password", "FW: Vendor contract renewal",
                "Team lunch Friday", "[GitHub] A new SSH key was added to your account",
                "Security alert: new sign-in from Chrome on Windows", "Ignore my last email — wrong attachment"]
    msgs = []
    for s in picks(rng, subjects, rng.randint(3, 6)):
        f, l = person(rng)
        msgs.append({"id": hexs(rng, 16), "threadId": hexs(rng, 16), "from": f"{f} {l} <{email_of(f, l, dom)}>",
                     "subject": s, "snippet": rng.choice(["Hi, quick update on…", "Thanks for your message…",
                                                          "If this was you, you can ignore this email. If not, secure your account…",
                                                          "Please find attached…", "Reminder: don't share this externally…"]),
                     "labelIds": rng.sample(["INBOX", "UNREAD", "IMPORTANT", "CATEGORY_UPDATES"], 2),
                     "internalDate": str(1710000000000 + rng.randint(0, 10 ** 10))})
    return {"messages": msgs, "resultSizeEstimate": len(msgs), "nextPageToken": hexs(rng, 20)}


def audit_events(rng):
    ev = []
    for _ in range(rng.randint(4, 9)):
        f, l = person(rng)
        ev.append({"timestamp": f"{iso(rng, 2024)}T{rng.randint(0,23):02d}:{rng.randint(0,59):02d}:{rng.randint(0,59):02d}Z",
                   "actor": email_of(f, l, "example.com"),
                   "action": rng.choice(["token.created", "token.revoked", "user.password_changed", "user.mfa_enrolled",
                                         "secret.read", "repo.visibility_changed", "sso.login_failed", "ssh_key.added"]),
                   "ip": f"203.0.113.{rng.randint(1, 254)}", "user_agent": rng.choice(["cli/2.4.1", "Mozilla/5.0", "terraform/1.8"]),
                   "metadata": {"note": rng.choice(["", "rotated as part of quarterly review", "scope: read:projects"])}})
    return {"events": ev, "has_more": rng.random() < 0.5}


GENS = [search_results, file_listing, mcp_result, gh_issues, k8s_pods, npm_meta, llm_response, email_list,
        audit_events]


def gen(rng, i):
    g = GENS[i % len(GENS)]
    obj = g(rng)
    indent = rng.choice([2, 2, None, 4])
    return json.dumps(obj, indent=indent, ensure_ascii=rng.random() < 0.3)
