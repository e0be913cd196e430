"""Benign holdout: terminal output with ANSI colour codes (one generator per document)."""
from common import hexs, alnum, version, people, full, email_of

E = "\x1b"
G, R, Y, B, C, DIM, BOLD, RST = (f"{E}[32m", f"{E}[31m", f"{E}[33m", f"{E}[34m", f"{E}[36m", f"{E}[2m",
                                  f"{E}[1m", f"{E}[0m")


def t_git(r):
    a = people(r, 1)[0]
    commits = [hexs(r, 7) for _ in range(4)]
    return f"""$ git status
On branch {G}feature/invoice-rounding{RST}
Your branch is ahead of 'origin/feature/invoice-rounding' by 2 commits.
  (use "git push" to publish your local commits)

Changes not staged for commit:
  (use "git add <file>..." to update what will be committed)
  (use "git restore <file>..." to discard changes in working directory)
\t{R}modified:   src/billing/invoice.py{RST}

Untracked files:
  (use "git add <file>..." to include in what will be committed)
\t{R}.env.local{RST}

$ git log --oneline -4
{Y}{commits[0]}{RST} ({C}HEAD -> {G}feature/invoice-rounding{RST}) Round totals half-even
{Y}{commits[1]}{RST} Add tests for zero-rated items
{Y}{commits[2]}{RST} ({R}origin/main{RST}) Merge pull request #{r.randint(100, 999)} from {a[0].lower()}/fix-vat
{Y}{commits[3]}{RST} Bump pydantic to 2.8
"""


def t_npm(r):
    return f"""$ npm install
{Y}npm{RST} {E}[30;43mWARN{RST} deprecated rimraf@3.0.2: Rimraf versions prior to v4 are no longer supported
{Y}npm{RST} {E}[30;43mWARN{RST} deprecated @humanwhocodes/config-array@0.11.14: Use @eslint/config-array instead

> web@{version(r)} prepare
> husky

added {r.randint(300, 1400)} packages, and audited {r.randint(1400, 1500)} packages in {r.randint(3, 40)}s

{r.randint(50, 250)} packages are looking for funding
  run `npm fund` for details

{r.randint(1, 6)} {Y}moderate{RST} severity vulnerabilities

To address issues that do not require attention, run:
  npm audit fix

Run `npm audit` for details.
"""


def t_cargo(r):
    return f"""$ cargo test
{G}{BOLD}   Compiling{RST} quokka-kv v{version(r)} (/home/dev/quokka-kv)
{G}{BOLD}    Finished{RST} `test` profile [unoptimized + debuginfo] target(s) in {r.randint(3, 60)}.{r.randint(10, 99)}s
{G}{BOLD}     Running{RST} unittests src/lib.rs (target/debug/deps/quokka_kv-{hexs(r, 16)})

running 24 tests
test tx::tests::commit_is_atomic ... {G}ok{RST}
test tx::tests::rollback_discards_writes ... {G}ok{RST}
test crypto::tests::wrong_key_fails_to_open ... {G}ok{RST}
test crypto::tests::key_is_never_written_to_disk ... {G}ok{RST}
test store::tests::large_values ... {Y}ignored{RST}, slow

test result: {G}ok{RST}. 23 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.{r.randint(10, 99)}s
"""


def t_pytest(r):
    return f"""$ pytest -q
{G}........................................{RST}{R}F{RST}{G}..........{RST}                                    [100%]
=================================== FAILURES ===================================
{R}{BOLD}_______________________ test_password_reset_is_rate_limited ___________________{RST}

    def test_password_reset_is_rate_limited(client):
        for _ in range(5):
            client.post("/password-reset", json={{"email": "a@example.com"}})
        resp = client.post("/password-reset", json={{"email": "a@example.com"}})
>       assert resp.status_code == 429
{R}E       assert 202 == 429{RST}
{R}E        +  where 202 = <Response [202]>.status_code{RST}

tests/test_auth.py:88: AssertionError
=========================== short test summary info ============================
FAILED tests/test_auth.py::test_password_reset_is_rate_limited - assert 202 == 429
{R}1 failed{RST}, {G}50 passed{RST} in {r.randint(1, 9)}.{r.randint(10, 99)}s
"""


def t_compose(r):
    return f"""$ docker compose up -d
[+] Running 4/4
 {G}✔{RST} Network booking_default      {B}Created{RST}                                       0.1s
 {G}✔{RST} Container booking-db-1       {G}Healthy{RST}                                       5.8s
 {G}✔{RST} Container booking-redis-1    {G}Started{RST}                                       0.6s
 {G}✔{RST} Container booking-api-1      {G}Started{RST}                                       6.1s
$ docker compose ps
NAME               IMAGE                 COMMAND                  SERVICE   STATUS                  PORTS
booking-api-1      booking-api:dev       "node server.js"         api       Up 8 seconds            0.0.0.0:8080->8080/tcp
booking-db-1       postgres:16           "docker-entrypoint.s…"   db        Up 14 seconds (healthy) 5432/tcp
booking-redis-1    redis:7               "docker-entrypoint.s…"   redis     Up 8 seconds            6379/tcp
"""


def t_kubectl(r):
    rows = []
    for n in ["api", "api", "worker", "scheduler"]:
        st = r.choice(["Running", "Running", "Running", "CrashLoopBackOff"])
        col = G if st == "Running" else R
        rows.append(f"{n}-{hexs(r, 9)}-{alnum(r, 5)}   {'1/1' if st == 'Running' else '0/1'}     {col}{st}{RST}   {r.randint(0, 7)}          {r.randint(1, 40)}h")
    return "$ kubectl get pods -n prod\nNAME                           READY   STATUS    RESTARTS   AGE\n" + "\n".join(rows) + "\n"


def t_installer(r):
    v = version(r)
    return f"""$ curl -fsSL https://get.saltmarsh.example | sh
{C}info{RST}: detected platform linux/amd64
{C}info{RST}: downloading saltmarsh v{v}
{C}info{RST}: verifying SHA-256 checksum... {G}ok{RST}
{C}info{RST}: verifying cosign signature... {G}ok{RST}
{C}info{RST}: installing to /home/dev/.local/bin/saltmarsh
{G}saltmarsh v{v} installed.{RST} Run 'saltmarsh --help' to get started.
$ saltmarsh --version
saltmarsh {v} (commit {hexs(r, 7)}, built {r.randint(2024, 2025)}-{r.randint(1, 12):02d}-{r.randint(1, 28):02d})
"""


def t_brew(r):
    return f"""$ brew install gnupg
{B}==>{RST} {BOLD}Downloading https://ghcr.io/v2/homebrew/core/gnupg/manifests/2.4.5{RST}
######################################################################### 100.0%
{B}==>{RST} {BOLD}Fetching dependencies for gnupg: libgpg-error, libassuan, libgcrypt, libksba, npth, pinentry{RST}
{B}==>{RST} {BOLD}Installing gnupg{RST}
{B}==>{RST} {BOLD}Pouring gnupg--2.4.5.arm64_sonoma.bottle.tar.gz{RST}
🍺  /opt/homebrew/Cellar/gnupg/2.4.5: 143 files, 11.8MB
{B}==>{RST} {BOLD}Running `brew cleanup gnupg`...{RST}
"""


def t_terraform(r):
    return f"""$ terraform plan
aws_s3_bucket.attachments: Refreshing state... [id=attachments-prod-{alnum(r, 6)}]

Terraform used the selected providers to generate the following execution plan. Resource
actions are indicated with the following symbols:
  {Y}~{RST} update in-place

Terraform will perform the following actions:

  # aws_s3_bucket_public_access_block.attachments will be updated in-place
  {Y}~{RST} resource "aws_s3_bucket_public_access_block" "attachments" {{
      {Y}~{RST} block_public_policy     = false {Y}->{RST} true
        id                      = "attachments-prod"
      {Y}~{RST} restrict_public_buckets = false {Y}->{RST} true
    }}

{BOLD}Plan:{RST} 0 to add, 1 to change, 0 to destroy.
"""


def t_gpg(r):
    a = people(r, 1)[0]
    fp = " ".join(hexs(r, 4).upper() for _ in range(10))
    return f"""$ gpg --verify ferrule-{version(r)}.tar.gz.asc
gpg: assuming signed data in 'ferrule.tar.gz'
gpg: Signature made Tue {r.randint(1, 28)} May 2025 10:{r.randint(10, 59)}:02 CEST
gpg:                using EDDSA key {hexs(r, 40).upper()}
gpg: {G}Good signature{RST} from "{full(a)} (release signing) <{email_of(a, 'ferrule.example')}>" [unknown]
{Y}gpg: WARNING: This key is not certified with a trusted signature!{RST}
gpg:          There is no indication that the signature belongs to the owner.
Primary key fingerprint: {fp}
"""


def t_sshkeygen(r):
    return f"""$ ssh-keygen -t ed25519 -C "laptop-2025"
Generating public/private ed25519 key pair.
Enter file in which to save the key (/home/dev/.ssh/id_ed25519):
Enter passphrase (empty for no passphrase):
Enter same passphrase again:
Your identification has been saved in /home/dev/.ssh/id_ed25519
Your public key has been saved in /home/dev/.ssh/id_ed25519.pub
The key fingerprint is:
SHA256:{alnum(r, 43)} laptop-2025
The key's randomart image is:
+--[ED25519 256]--+
|     .o+=*.      |
|      o.B.o      |
|     . B = .     |
|      + = o .    |
|     o .S= o     |
|    . ..+.+ .    |
|     o +.=.o     |
|    . +.E++.     |
|     o+*==o.     |
+----[SHA256]-----+
"""


def t_pip(r):
    return f"""$ pip install -r requirements.txt
Collecting fastapi==0.115.0 (from -r requirements.txt (line 1))
  Using cached fastapi-0.115.0-py3-none-any.whl.metadata (27 kB)
Collecting httpx==0.27.2 (from -r requirements.txt (line 2))
  Using cached httpx-0.27.2-py3-none-any.whl.metadata (7.1 kB)
Installing collected packages: sniffio, idna, h11, anyio, httpcore, httpx, starlette, fastapi
Successfully installed anyio-4.6.0 fastapi-0.115.0 h11-0.14.0 httpcore-1.0.5 httpx-0.27.2 idna-3.10 sniffio-1.3.1 starlette-0.38.6

{Y}[notice]{RST} A new release of pip is available: {BOLD}24.0{RST} -> {G}24.2{RST}
{Y}[notice]{RST} To update, run: {G}pip install --upgrade pip{RST}
"""


def t_openssl(r):
    return f"""$ openssl s_client -connect shop.example.com:443 -servername shop.example.com </dev/null 2>/dev/null | openssl x509 -noout -subject -issuer -dates
subject=CN = shop.example.com
issuer=C = US, O = Let's Encrypt, CN = R11
notBefore=May  {r.randint(1, 28)} 03:12:44 2025 GMT
notAfter=Aug  {r.randint(1, 28)} 03:12:43 2025 GMT
$ echo "expires in $(( ( $(date -d "$(openssl x509 -enddate -noout -in cert.pem | cut -d= -f2)" +%s) - $(date +%s) ) / 86400 )) days"
expires in {r.randint(5, 80)} days
"""


def t_direnv(r):
    return f"""$ cd ~/projects/booking-api
direnv: error /home/dev/projects/booking-api/.envrc is blocked. Run `direnv allow` to approve its content
$ cat .envrc
dotenv_if_exists .env.local
export DATABASE_URL="postgres://dev@localhost:5432/booking"
$ direnv allow
direnv: loading ~/projects/booking-api/.envrc
direnv: export +DATABASE_URL +STRIPE_SECRET_KEY +MAIL_API_KEY
"""


def t_push(r):
    return f"""$ git push
{DIM}[pre-push]{RST} running tests... {G}passed{RST} ({r.randint(40, 300)} tests)
{DIM}[pre-push]{RST} scanning for secrets... {G}no secrets found{RST}
Enumerating objects: 11, done.
Counting objects: 100% (11/11), done.
Delta compression using up to 10 threads
Compressing objects: 100% (6/6), done.
Writing objects: 100% (6/6), 1.21 KiB | 1.21 MiB/s, done.
Total 6 (delta 4), reused 0 (delta 0), pack-reused 0
remote: Resolving deltas: 100% (4/4), completed with 4 local objects.
To github.com:nettlebed/booking-api.git
   {hexs(r, 7)}..{hexs(r, 7)}  feature/reset-rate-limit -> feature/reset-rate-limit
"""


GENS = [t_git, t_npm, t_cargo, t_pytest, t_compose, t_kubectl, t_installer, t_brew, t_terraform, t_gpg,
        t_sshkeygen, t_pip, t_openssl, t_direnv, t_push]


def gen(rng, i):
    return GENS[i % len(GENS)](rng)
