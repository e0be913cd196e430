#!/usr/bin/env python3
"""Build tests/eval/secrets/{dev,test}.json.

Usage: python3 tests/eval/secrets/gen/build.py
Deterministic (seeded); writes only next to this directory.
"""
import base64
import json
import os
import re
import shutil
import subprocess
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from entries import FAMILIES, decoy, filler, make_cmd, make_entry  # noqa: E402
from negatives import NEGATIVES  # noqa: E402
from render import RENDERERS, Doc  # noqa: E402
from values import G, USED  # noqa: E402

OUT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CTXS = list(RENDERERS)
MULTI = {"private-key", "gcp-service-account-private-key"}
NO_FILLER = {"curl-command"}

B64_QUOTA = {"dev": 2, "test": 3}  # k8s Secrets with base64 `data:` values (labelled generic-assignment)
SPLITS = [("dev", 150, 60, 1001), ("test", 250, 100, 2002)]


def compat(fam, ctx):
    if fam == "password-flag":
        return ctx not in (".env", "kubernetes-secret")
    if fam in MULTI:
        return ctx != "curl-command"
    if ctx == "curl-command":
        return fam not in ("aws-secret-access-key", "azure-storage-key", "db-url-password")
    return True


def least(g, cands, counts):
    return min(cands, key=lambda f: (counts[f], g.r.random()))


def k8s_b64_doc(g, entries):
    """Kubernetes Secret with base64 `data:`: the encoded value is what leaks."""
    doc = Doc()
    app = g.app()
    out = ["apiVersion: v1", "kind: Secret", "metadata:", f"  name: {app}", f"  namespace: {g.word()}", "type: Opaque", "data:"]
    for e in entries:
        enc = base64.b64encode(e["disp"].encode()).decode()
        if e["secrets"]:
            doc.secrets.append(("generic-assignment", enc))
        out.append(f"  {e['env']}: {enc}")
    return "\n".join(out) + "\n", doc


def build_positive(g, fam, ctx, counts, quota):
    entries = []
    first = make_cmd(g, curl=True) if (fam == "password-flag" and ctx == "curl-command") else make_entry(g, fam)
    entries.append(first)
    have = {fam}
    b64 = ctx == "kubernetes-secret" and quota[0] > 0
    k = g.c([0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 3])
    if ctx == "curl-command":
        k = min(k, 1)
    if b64:
        quota[0] -= 1
        k = 0
    elif fam == "aws-access-key-id" and ctx != "curl-command" and g.p(0.6):
        entries.append(make_entry(g, "aws-secret-access-key"))
        have.add("aws-secret-access-key")
    if fam == "aws-secret-access-key" and not b64 and g.p(0.85):
        entries.append(make_entry(g, "aws-access-key-id"))
        have.add("aws-access-key-id")
    for _ in range(k):
        cands = [f for f in FAMILIES if f not in have and compat(f, ctx) and not (f in MULTI and have & MULTI)]
        f = least(g, cands, counts)
        have.add(f)
        entries.append(make_cmd(g, curl=True) if (f == "password-flag" and ctx == "curl-command") else make_entry(g, f))
        if f == "aws-access-key-id" and "aws-secret-access-key" not in have and ctx != "curl-command" and g.p(0.5):
            entries.append(make_entry(g, "aws-secret-access-key"))
            have.add("aws-secret-access-key")
    extra = []
    if ctx not in NO_FILLER:
        nf = {"chat-message": g.n(0, 1), "email": g.n(0, 2), "stack-trace": g.n(0, 2)}.get(ctx, g.n(1, 4))
        seen = set()
        for _ in range(nf):
            f = filler(g)
            if f["env"] not in seen:
                seen.add(f["env"])
                extra.append(f)
        if g.p(0.4):
            for _ in range(g.n(1, 2)):
                extra.append(decoy(g))
    allents = entries + extra
    g.shuffle(allents)
    if b64:
        text, doc = k8s_b64_doc(g, allents)
    else:
        doc = Doc()
        text = RENDERERS[ctx](g, doc, allents)
    # dedupe secrets, keep order
    seen, secrets = set(), []
    for fam_, val in doc.secrets:
        if (fam_, val) not in seen:
            seen.add((fam_, val))
            secrets.append({"family": fam_, "value": val})
    return text, secrets, entries


def coverage_check(text, secrets, entries, doc_id):
    """Every secret entry that was placed must be represented in `secrets`."""
    for e in entries:
        for fam, raw in e["secrets"]:
            probe = raw
            if "-----BEGIN" in raw:
                probe = raw.split("\\n" if "\\n" in raw else "\n")[1][:24]
            else:
                mid = len(raw) // 2
                probe = raw[max(0, mid - 6): mid + 6]
            in_text = probe in text or base64.b64encode(e["disp"].encode()).decode() in text
            listed = any(probe in s["value"] for s in secrets) or any(s["value"] == base64.b64encode(e["disp"].encode()).decode() for s in secrets)
            if in_text and not listed:
                raise AssertionError(f"{doc_id}: secret of {fam} in text but not listed: {raw[:40]}")


# my own, deliberately simple sanity patterns (NOT the detector's rules): used to make sure
# negatives do not accidentally contain something credential-shaped
SANITY = [
    re.compile(r"A(KIA|SIA)[A-Z2-7]{16}"), re.compile(r"gh[pousr]_[A-Za-z0-9]{36}"), re.compile(r"github_pat_\w{82}"),
    re.compile(r"glpat-[\w-]{20}"), re.compile(r"xox[bpa]-\d"), re.compile(r"hooks\.slack\.com/services/T"),
    re.compile(r"/api/webhooks/\d+/"), re.compile(r"\d{8,10}:AA[\w-]{33}"), re.compile(r"[sr]k_(live|test)_[A-Za-z0-9]{20,}"),
    re.compile(r"sk-(proj-|ant-)?[\w-]{20,}"), re.compile(r"hf_[A-Za-z]{34}"), re.compile(r"npm_[A-Za-z0-9]{36}"),
    re.compile(r"pypi-AgEI"), re.compile(r"BEGIN (RSA |EC |OPENSSH |ENCRYPTED )?PRIVATE KEY"), re.compile(r"eyJ[\w-]+\.eyJ"),
    re.compile(r"AIza[\w-]{35}"), re.compile(r"AccountKey="), re.compile(r"://[^/\s:@]+:[^@\s/$<{]{6,}@"),
]
SANITY_ALLOW = ["AKIAIOSFODNN7EXAMPLE", "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "sk_test_XXXXXXXXXXXXXXXXXXXXXXXX", "sk-ant-...",
                "postgres://postgres:postgres@localhost", "postgres://app:${POSTGRES_PASSWORD}@"]


def sanity_negative(text, doc_id):
    for rx in SANITY:
        for m in rx.finditer(text):
            ctx = text[max(0, m.start() - 10): m.end() + 30]
            if any(a in ctx for a in SANITY_ALLOW):
                continue
            raise AssertionError(f"{doc_id}: negative contains credential-shaped {m.group(0)!r}")


def build_split(name, total, n_neg, seed):
    g = G(seed)
    n_pos = total - n_neg
    counts = Counter()
    ctx_counts = Counter()
    pair = Counter()
    items = []
    quota = [B64_QUOTA[name]]
    for i in range(n_pos):
        fam = least(g, FAMILIES, counts)
        cands = [c for c in CTXS if compat(fam, c)]
        ctx = min(cands, key=lambda c: (pair[(fam, c)], ctx_counts[c], g.r.random()))
        text, secrets, entries = build_positive(g, fam, ctx, counts, quota)
        for f in {s["family"] for s in secrets}:
            counts[f] += 1
        ctx_counts[ctx] += 1
        pair[(fam, ctx)] += 1
        items.append({"context": ctx, "text": text, "secrets": secrets, "_entries": entries})
    negs = []
    pool = []
    while len(negs) < n_neg:
        if not pool:
            pool = list(NEGATIVES)
            g.shuffle(pool)
        fn = pool.pop()
        ctx, text = fn(g)
        negs.append({"context": ctx, "text": text, "secrets": []})
    items += negs
    g.shuffle(items)
    out = []
    for i, it in enumerate(items, 1):
        doc_id = f"sec-{name}-{i:03d}"
        for s in it["secrets"]:
            assert s["value"] in it["text"], (doc_id, s)
            assert s["family"] in FAMILIES, s
        if it["secrets"]:
            coverage_check(it["text"], it["secrets"], it["_entries"], doc_id)
        else:
            sanity_negative(it["text"], doc_id)
        out.append({"id": doc_id, "context": it["context"], "text": it["text"], "secrets": it["secrets"]})
    return out


def report(name, items):
    fam = Counter()
    fam_docs = Counter()
    ctx_pos = Counter()
    ctx_neg = Counter()
    multi = 0
    for it in items:
        if it["secrets"]:
            ctx_pos[it["context"]] += 1
            for s in it["secrets"]:
                fam[s["family"]] += 1
            for f in {s["family"] for s in it["secrets"]}:
                fam_docs[f] += 1
            if len({s["family"] for s in it["secrets"]}) > 1:
                multi += 1
        else:
            ctx_neg[it["context"]] += 1
    npos = sum(ctx_pos.values())
    print(f"== {name}: {len(items)} items, {npos} positive, {len(items) - npos} negative, "
          f"{sum(fam.values())} secrets, {multi} docs with >1 family")
    print("  family                            secrets  docs")
    for f in FAMILIES:
        print(f"  {f:34s} {fam[f]:5d} {fam_docs[f]:5d}")
    print("  context              pos  neg")
    for c in CTXS:
        print(f"  {c:20s} {ctx_pos[c]:4d} {ctx_neg[c]:4d}")
    return fam, fam_docs, ctx_pos, ctx_neg


def main():
    results = {}
    for name, total, n_neg, seed in SPLITS:
        results[name] = build_split(name, total, n_neg, seed)
    # cross-split checks: no shared text, no shared secret value
    texts = {}
    vals = {}
    for name, items in results.items():
        for it in items:
            assert it["text"] not in texts, ("duplicate text", it["id"], texts.get(it["text"]))
            texts[it["text"]] = it["id"]
            for s in it["secrets"]:
                if s["value"] in vals and vals[s["value"]][0] != it["id"]:
                    raise AssertionError(("secret value reused", it["id"], vals[s["value"]]))
                vals[s["value"]] = (it["id"], name)
    dev_vals = {v for v, (_, n) in vals.items() if n == "dev"}
    for it in results["test"]:
        for v in dev_vals:
            assert v not in it["text"], ("dev secret inside test text", it["id"])
    stats = {}
    for name, items in results.items():
        with open(os.path.join(OUT, f"{name}.json"), "w") as fh:
            json.dump(items, fh, indent=2, ensure_ascii=False)
            fh.write("\n")
        stats[name] = report(name, items)
        for f in FAMILIES:
            assert stats[name][1][f] >= 6, (name, f, stats[name][1][f])
    write_provenance(results)
    return stats


def md_table(header, rows):
    cols = list(zip(*([header] + rows)))
    w = [max(3, max(len(str(x)) for x in c)) for c in cols]
    line = lambda r: "| " + " | ".join(str(x).ljust(w[i]) for i, x in enumerate(r)) + " |"
    return "\n".join([line(header), "| " + " | ".join("-" * w[i] for i in range(len(w))) + " |"] + [line(r) for r in rows])


PROVENANCE_HEAD = """# Secret-detection evaluation set: provenance

Two files, `dev.json` and `test.json`, each a JSON array of documents with the credentials they
contain. They are used to measure how well `guard` finds and redacts secrets in text (tool output,
logs, config files, command lines).

## How the data was made

- Fully synthetic. Written for this project by a script (`gen/build.py` with `gen/values.py`,
  `gen/entries.py`, `gen/render.py`, `gen/negatives.py`) **without looking at the detector's source
  (`src/`) or its rules**. Token shapes come from each provider's publicly documented format
  (prefix, alphabet, length), not from the detector.
- Every credential value is drawn from a seeded PRNG (`random.Random`, dev seed 1001, test seed
  2002) in the provider's format. None of them is a real credential. Every value is unique across
  both splits; no secret of one split occurs anywhere in the other, and no document text repeats.
- Realism details: GitHub classic tokens (`ghp_`/`gho_`/`ghu_`/`ghs_`/`ghr_`) and `npm_` tokens end
  in a 6-character base62 CRC32 checksum of the 30-character body (the scheme GitHub described
  publicly in 2021), so checksum-validating detectors accept them. JWTs have real base64url JSON
  header/payload and a random signature. Private keys are random bytes inside a correct DER
  (RSA/EC/PKCS#8) or `openssh-key-v1` framing, so they look real (e.g. `MIIEpAIBAAKCAQEA`,
  `MHcCAQEEI`, `b3BlbnNzaC1rZXktdjE`) but are not mathematically valid keys. `pypi-` tokens are
  base64url macaroon-like blobs starting with `pypi-AgEIcHlwaS5vcmc`. No other checksums or
  signatures are valid.
- Documents are built by 17 context renderers (one per `context` value). Each positive document
  gets one primary secret plus 0-3 companion secrets of other families (families are balanced
  greedily), non-secret filler settings, and in ~40% of positives one or two *decoys* (hard
  negatives next to the real secrets: placeholders, commit SHAs, UUIDs, image digests, Stripe
  publishable keys, AWS documented example keys, low-entropy passwords, KMS ARNs...).
- Negative documents come from 48 templates of hard negatives: lockfile hashes (package-lock
  `integrity`, yarn.lock, pnpm-lock, Cargo.lock, go.sum, `.terraform.lock.hcl`), git SHAs and short
  SHAs, Docker/OCI digests, UUIDs, request/trace ids, DKIM/ARC signatures, base64 MIME bodies,
  `data:image/png;base64` images (real PNGs), SSH public keys, PEM certificates and public keys, PGP
  public key blocks, SealedSecret `encryptedData`, AWS documented example keys
  (`AKIAIOSFODNN7EXAMPLE`, `wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`), placeholders
  (`sk_test_XXXXXXXX`, `your-api-key-here`, `<TOKEN>`, `${GITHUB_TOKEN}`, `$API_KEY`, `changeme`,
  `********`, `ghp_xxxx...`), variable references and prose about tokens, low-entropy passwords
  (`postgres`, `password`, `test`, `dummy`, `minioadmin`), URLs without credentials, AWS unique
  ids (`AIDA...`/`AROA...`), Google OAuth client ids, Stripe publishable keys, minified JS, CSS /
  chunk hashes, Kubernetes manifests whose secrets are `secretKeyRef`s.
- Checks run by the script: every `secrets[].value` is an exact substring of its `text`; every
  secret placed in a text is listed; negatives pass a sanity scan for credential shapes (a few
  simple patterns written for the generator, allow-listing the documented examples); each family
  occurs in at least 6 documents per split.

## Labelling conventions

- `value` is the exact substring that must be masked, *as it appears in the text* (with whatever
  quoting/escaping/indentation the context applies):
  - assignments (`KEY=...`, `key: ...`, `"key": "..."`, `key = "..."`): only the value;
  - database URLs (`postgres://user:PASS@host`, mysql, mongodb+srv, redis, amqp): only `PASS`;
  - Azure connection strings: only the `AccountKey` value (88 chars ending `==`);
  - Slack and Discord webhooks: the whole URL;
  - command lines (`--password=...`, `-pXXX`, `-p XXX`, `--token ...`, `-u user:pass`,
    `Authorization: Bearer ...`, `pass:...`): only the password/token;
  - PEM / OpenSSH private keys: the whole block from `-----BEGIN` to the closing `-----END ...-----`.
    When the key sits inside a JSON string, a `.env` double-quoted value or a Python repr, the block
    contains literal `\\n` escapes; in YAML block scalars it contains the indentation; in a git diff
    each line after the first starts with `+`;
  - GCP service-account JSON: the `private_key` string from `-----BEGIN PRIVATE KEY-----` to
    `-----END PRIVATE KEY-----` (JSON-escaped, i.e. with literal `\\n`; doubly escaped inside a
    notebook). The `private_key_id` (40 hex), `client_id` and `client_email` are identifiers and are
    **not** labelled: flagging them counts as a false positive.
- Family = the token type. A provider-format token passed on a command line (`twine upload -p
  pypi-...`, `huggingface-cli login --token hf_...`, `curl -H "Authorization: Bearer sk-..."`) is
  labelled with the provider family; `password-flag` is used for opaque passwords/tokens passed as
  flags, and `generic-assignment` for opaque high-entropy values assigned to a secret-sounding name.
- Kubernetes `Secret` manifests with base64 `data:` values (2 dev documents, 3 test): each encoded
  value whose plain text is a credential is labelled `generic-assignment` with the base64 string as
  value, whatever the underlying token type. Encoded non-secrets (`aW5mbw==` = `info`, ...) are not
  labelled.
- `ASIA...` access key ids appear without a session token; `AWS_SECRET_ACCESS_KEY` values always sit
  next to `aws_secret_access_key` / `AWS_SECRET_ACCESS_KEY` / `SecretAccessKey` / `secretAccessKey`.
- Documents with `"secrets": []` are negatives.

## Split rule

- `dev.json` may be inspected freely while tuning the detector (read documents, look at misses and
  false positives).
- `test.json` is held out: do not read individual documents or tune against them; run the detector
  on it and report only aggregate rates (overall and per family / per context). If test documents
  are ever used for tuning, the split must be regenerated with a new seed.

## Scoring

Run the detector on each `text`. A finding is a span (or the substring it masked).

- A finding is a **true positive** when it overlaps an expected secret (character spans intersect);
  otherwise it is a **false positive**. Every finding in a negative document is a false positive.
- **Recall** = expected secrets overlapped by at least one finding / all expected secrets.
- **Precision** = findings that overlap an expected secret / all findings.
- Also useful: document-level false-positive rate on negatives (negatives with any finding /
  negatives), and recall per `family` and per `context`. Exact-match or coverage rates (share of
  the expected characters masked) can be reported in addition, but the headline numbers use
  overlap.
- To locate an expected secret, search `value` in `text` (values are unique within a document; take
  every occurrence).

## Fields

- `id`: `sec-dev-NNN` / `sec-test-NNN`.
- `context`: kind of document: `.env`, `yaml-config`, `json-config`, `python`, `javascript`,
  `shell-history` (bash/zsh history or a terminal transcript), `ci-log` (GitHub Actions, GitLab,
  Jenkins), `docker-compose`, `kubernetes-secret` (Kubernetes manifests), `terraform` (HCL,
  tfvars, state, lock file), `stack-trace`, `chat-message`, `email`, `curl-command`, `git-diff`,
  `jupyter-notebook` (`.ipynb` JSON), `markdown`.
- `text`: the full document.
- `secrets`: list of `{"family", "value"}`; empty for negatives.

## Regenerating

`python3 tests/eval/secrets/gen/build.py` rewrites `dev.json`, `test.json` and this file
deterministically.
"""


def write_provenance(results):
    parts = [PROVENANCE_HEAD, "## Counts\n"]
    rows = []
    for name, items in results.items():
        pos = [i for i in items if i["secrets"]]
        rows.append([name, len(items), len(pos), len(items) - len(pos), sum(len(i["secrets"]) for i in items),
                     sum(1 for i in pos if len({s["family"] for s in i["secrets"]}) > 1)])
    parts.append(md_table(["split", "documents", "positive", "negative", "secrets", "multi-family docs"], rows) + "\n")
    fam = {n: Counter(s["family"] for i in items for s in i["secrets"]) for n, items in results.items()}
    fdocs = {n: Counter(f for i in items for f in {s["family"] for s in i["secrets"]}) for n, items in results.items()}
    parts.append("Secrets per family (documents containing the family in parentheses):\n")
    parts.append(md_table(["family", "dev", "test"],
                          [[f"`{f}`", f"{fam['dev'][f]} ({fdocs['dev'][f]})", f"{fam['test'][f]} ({fdocs['test'][f]})"] for f in FAMILIES]) + "\n")
    cp = {n: Counter(i["context"] for i in items if i["secrets"]) for n, items in results.items()}
    cn = {n: Counter(i["context"] for i in items if not i["secrets"]) for n, items in results.items()}
    parts.append("Documents per context:\n")
    parts.append(md_table(["context", "dev positive", "dev negative", "test positive", "test negative"],
                          [[f"`{c}`", cp["dev"][c], cn["dev"][c], cp["test"][c], cn["test"][c]] for c in CTXS]) + "\n")
    path = os.path.join(OUT, "PROVENANCE.md")
    with open(path, "w") as fh:
        fh.write("\n".join(parts))
    # the repo's `deno fmt --check` covers markdown/json under tests/: format in place if deno is present
    if shutil.which("deno"):
        subprocess.run(["deno", "fmt", "-q", path], check=False)


if __name__ == "__main__":
    main()
