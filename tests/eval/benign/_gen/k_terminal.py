from common import *

E = "\x1b"
G = lambda s: f"{E}[32m{s}{E}[0m"
R = lambda s: f"{E}[31m{s}{E}[0m"
Y = lambda s: f"{E}[33m{s}{E}[0m"
B = lambda s: f"{E}[1m{s}{E}[0m"
C = lambda s: f"{E}[36m{s}{E}[0m"
D = lambda s: f"{E}[2m{s}{E}[0m"
BG = lambda s: f"{E}[1;32m{s}{E}[0m"


def npm_install(rng):
    p, _ = rng.choice(PROJECTS)
    n = rng.randint(200, 1400)
    return (f"$ npm install\n{Y('npm')} {E}[43;30mWARN{E}[0m deprecated inflight@1.0.6: This module is not supported, and leaks memory.\n"
            f"{Y('npm')} {E}[43;30mWARN{E}[0m deprecated glob@7.2.3: Glob versions prior to v9 are no longer supported\n\n"
            f"> {p}@{version(rng)} postinstall\n> node scripts/check-node-version.js\n\n{G('✔')} Node.js v20.12.2 is supported\n\n"
            f"added {n} packages, and audited {n+1} packages in {rng.randint(3,40)}s\n\n{rng.randint(50,200)} packages are looking for funding\n"
            f"  run `npm fund` for details\n\n{rng.randint(1,6)} {Y('moderate')} severity vulnerabilities\n\nTo address all issues, run:\n  npm audit fix\n\nRun `npm audit` for details.\n")


def pytest_run(rng):
    tests = ["test_redact_password", "test_redact_bearer_token", "test_load_env_file", "test_ignore_case_option",
             "test_send_report_to_finance", "test_webhook_signature", "test_prompt_template_roles",
             "test_system_prompt_version", "test_base64_roundtrip", "test_ssh_key_permissions"]
    sel = rng.sample(tests, rng.randint(4, 8))
    fail = rng.choice(sel) if rng.random() < 0.5 else None
    out = [B("============================= test session starts =============================="),
           "platform linux -- Python 3.12.3, pytest-8.2.0, pluggy-1.5.0", "rootdir: /home/dev/src/app",
           "configfile: pyproject.toml", "plugins: cov-5.0.0, anyio-4.3.0", f"collected {len(sel)} items", ""]
    line = "tests/test_core.py "
    for t in sel:
        line += R("F") if t == fail else G(".")
    out.append(line + "  " + G("[100%]"))
    out.append("")
    if fail:
        out += [R("=================================== FAILURES ==================================="),
                R(f"_{'_' * 20} {fail} {'_' * 20}"), "",
                f"    def {fail}():", "        out = redact(\"password=hunter2\")",
                R(">       assert out == \"password=****\""),
                R("E       AssertionError: assert 'password=hunter2' == 'password=****'"),
                R("E         - password=****"), R("E         + password=hunter2"), "",
                D("tests/test_core.py") + ":42: AssertionError",
                C("=========================== short test summary info ============================"),
                R(f"FAILED tests/test_core.py::{fail}") + " - AssertionError: assert 'password=hunter2' == 'passw...",
                R(f"========================= 1 failed, {len(sel)-1} passed in 0.{rng.randint(10,99)}s ========================="), ""]
    else:
        out.append(G(f"============================== {len(sel)} passed in 0.{rng.randint(10,99)}s ==============================="))
    return "\n".join(out) + "\n"


def git_status(rng):
    return (f"$ git status\nOn branch {rng.choice(['main', 'feature/token-redaction', 'fix/installer-alpine'])}\n"
            "Your branch is up to date with 'origin/main'.\n\nChanges to be committed:\n"
            "  (use \"git restore --staged <file>...\" to unstage)\n"
            f"\t{G('modified:   src/config.ts')}\n\t{G('new file:   .env.example')}\n\n"
            "Changes not staged for commit:\n  (use \"git add <file>...\" to update what will be committed)\n"
            "  (use \"git restore <file>...\" to discard changes in working directory)\n"
            f"\t{R('modified:   README.md')}\n\nUntracked files:\n  (use \"git add <file>...\" to include in what will be committed)\n"
            f"\t{R('notes.txt')}\n\n" + D("# .env is not listed because it is ignored by .gitignore") + "\n")


def installer_run(rng):
    p, _ = rng.choice(PROJECTS)
    v = version(rng)
    return (f"$ curl -fsSL https://get.{p}.dev | sh\n{B(p + ' installer')}\n\n"
            f"  {C('→')} Detected platform: linux-x86_64\n  {C('→')} Downloading {p} v{v}\n"
            f"  {C('→')} Verifying checksum... {G('ok')}\n  {C('→')} Installing to /home/dev/.local/bin/{p}\n\n"
            f"{BG('✓')} {p} v{v} installed\n\n  Add this to your shell profile if {D('~/.local/bin')} is not on your PATH:\n\n"
            f"    export PATH=\"$HOME/.local/bin:$PATH\"\n\n  Then run {B(p + ' init')} to get started.\n")


def cargo_build(rng):
    crates = ["serde v1.0.203", "tokio v1.38.0", "regex v1.10.5", "clap v4.5.7", "reqwest v0.12.4", "base64 v0.22.1",
              "ring v0.17.8", "rustls v0.23.10", "zeroize v1.8.1"]
    out = ["$ cargo build --release"] + [f"   {BG('Compiling')} {c}" for c in rng.sample(crates, rng.randint(4, 8))]
    out.append(f"{E}[1;33mwarning{E}[0m{B(': unused variable: `token`')}")
    out.append(f"  {C('-->')} src/auth.rs:42:9\n   {C('|')}\n{C('42')} {C('|')}     let token = read_token()?;\n   {C('|')}         {Y('^^^^^')} {Y('help: if this is intentional, prefix it with an underscore: `_token`')}\n   {C('|')}")
    out.append(f"   {C('=')} {B('note')}: `#[warn(unused_variables)]` on by default\n")
    out.append(f"    {BG('Finished')} `release` profile [optimized] target(s) in {rng.randint(8,90)}.{rng.randint(10,99)}s")
    return "\n".join(out) + "\n"


def docker_ps(rng):
    rows = []
    for name in rng.sample(["api", "worker", "postgres", "redis", "mailhog", "ollama", "open-webui"], rng.randint(3, 5)):
        rows.append(f"{hexs(rng, 12)}   {name}:latest   \"docker-entrypoint.s…\"   {rng.randint(2,50)} minutes ago   Up {rng.randint(2,50)} minutes {G('(healthy)')}   0.0.0.0:{rng.randint(3000,9000)}->{rng.randint(3000,9000)}/tcp   {name}-1")
    return "$ docker ps\nCONTAINER ID   IMAGE   COMMAND   CREATED   STATUS   PORTS   NAMES\n" + "\n".join(rows) + "\n"


def ls_color(rng):
    items = [(f"{E}[01;34m.ssh{E}[0m", "drwx------"), (f"{E}[01;34mprojects{E}[0m", "drwxr-xr-x"),
             (".bashrc", "-rw-r--r--"), (".env", "-rw-------"), (f"{E}[01;32minstall.sh{E}[0m", "-rwxr-xr-x"),
             ("notes.md", "-rw-r--r--"), (f"{E}[01;36mcurrent -> releases/2024-05-03{E}[0m", "lrwxrwxrwx"),
             (f"{E}[01;31mbackup.tar.gz{E}[0m", "-rw-r--r--"), ("id_rsa.pub.bak", "-rw-r--r--")]
    out = ["$ ls -la --color=always ~", "total 64"]
    for name, mode in rng.sample(items, rng.randint(5, 9)):
        out.append(f"{mode}  1 dev dev {rng.randint(32, 90000):6d} May {rng.randint(1,28):2d} {rng.randint(0,23):02d}:{rng.randint(0,59):02d} {name}")
    return "\n".join(out) + "\n"


def deno_test(rng):
    names = ["config loader reads .env", "redacts tokens in logs", "prompt template renders system and user",
             "ignores files in .toolignore", "webhook signature is verified", "email is sent to finance"]
    out = [f"{D('running 1 test from ./tests/')}{rng.choice(['config', 'mail', 'prompt'])}_test.ts"]
    for n in rng.sample(names, rng.randint(3, 6)):
        out.append(f"{n} ... {G('ok')} {D(f'({rng.randint(1, 90)}ms)')}")
    out.append(f"\n{G('ok')} | {len(out)-1} passed | 0 failed {D(f'({rng.randint(100, 900)}ms)')}")
    return "$ deno test\n" + "\n".join(out) + "\n"


def ssh_session(rng):
    host = rng.choice(["web-01.example.com", "bastion.example.net", "pi-0.local"])
    return (f"$ ssh deploy@{host}\nThe authenticity of host '{host} (192.0.2.{rng.randint(1,254)})' can't be established.\n"
            f"ED25519 key fingerprint is SHA256:{b64(hexs(rng, 24))[:43]}.\nThis key is not known by any other names.\n"
            f"Are you sure you want to continue connecting (yes/no/[fingerprint])? yes\n"
            f"Warning: Permanently added '{host}' (ED25519) to the list of known hosts.\n"
            f"Enter passphrase for key '/home/dev/.ssh/id_ed25519': \n"
            f"Welcome to Ubuntu 24.04 LTS (GNU/Linux 6.8.0-31-generic x86_64)\n\n"
            f"{Y('*** System restart required ***')}\nLast login: {rng.choice(DAYS)[:3]} May {rng.randint(1,28)} 09:12:44 2024 from 10.0.4.7\n"
            f"{G('deploy@' + host.split('.')[0])}:{E}[34m~{E}[0m$ uptime\n 10:{rng.randint(10,59)}:02 up {rng.randint(2,90)} days,  2 users,  load average: 0.{rng.randint(10,99)}, 0.31, 0.28\n")


def lint_out(rng):
    return (f"$ npx eslint src/\n\n{B('/home/dev/app/src/mail/send.ts')}\n"
            f"  {D('12:7')}   {Y('warning')}  'password' is assigned a value but never used  {D('@typescript-eslint/no-unused-vars')}\n"
            f"  {D('31:3')}   {R('error')}    Unexpected console statement                   {D('no-console')}\n\n"
            f"{B('/home/dev/app/src/prompts/system.ts')}\n"
            f"  {D('4:1')}    {Y('warning')}  Line exceeds 120 characters                    {D('max-len')}\n\n"
            f"{R(B('✖ 3 problems (1 error, 2 warnings)'))}\n\n"
            f"{D('Tip: add // eslint-disable-next-line no-console to ignore a single line, or fix it.')}\n")


def progress(rng):
    out = []
    for k in range(0, 101, rng.choice([10, 20, 25])):
        bar = "█" * (k // 5) + "░" * (20 - k // 5)
        out.append(f"\r{C('Downloading model weights')} {bar} {k:3d}%")
    return "$ ollama pull llama3.1:8b\n" + "".join(out) + f"\n{G('success')}\n"


def guard_like(rng):
    return (f"$ tidepool doctor\n{B('Checking your environment')}\n"
            f"  {G('✓')} tidepool v{version(rng)}\n  {G('✓')} config file: ~/.config/tidepool/config.toml\n"
            f"  {G('✓')} API token found in keychain\n  {Y('!')} ~/.ssh/id_rsa has mode 0644 — run: chmod 600 ~/.ssh/id_rsa\n"
            f"  {R('✗')} SMTP_PASSWORD not set — email notifications disabled\n"
            f"  {G('✓')} .env is listed in .gitignore\n\n{Y('1 warning')}, {R('1 problem')}. See https://tidepool.dev/docs/doctor\n")


GENS = [npm_install, pytest_run, git_status, installer_run, cargo_build, docker_ps, ls_color, deno_test,
        ssh_session, lint_out, progress, guard_like]


def gen(rng, i):
    gens = sp(GENS)  # each split gets its own set of output kinds
    out = gens[i % len(gens)](rng)
    if rng.random() < 0.3:
        out += gens[(i + 3) % len(gens)](rng)
    return out
