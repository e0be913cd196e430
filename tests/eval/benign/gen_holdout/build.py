#!/usr/bin/env python3
"""Build tests/eval/benign/holdout.json (the held-out benign split).

Usage: python3 tests/eval/benign/gen_holdout/build.py
Deterministic (fixed seeds, standard library only). After writing the file it checks that it
round-trips through json, that ids are unique and fields complete, that no document is identical
to a dev/test document, and it reports lines longer than 40 characters shared with dev/test.
"""
import collections
import hashlib
import json
import os
import random
import re
import statistics
import sys

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import k_advisory, k_blog, k_chat, k_code, k_docs, k_email, k_i18n, k_json, k_logs  # noqa: E402
import k_misc, k_more, k_policy, k_readme, k_terminal, k_threads, k_tutorial  # noqa: E402

SEED = "benign-holdout-2025"

PLAN = {
    "readme": (k_readme.gen, 20),
    "email": (k_email.gen, 20),
    "json-tool-output": (k_json.gen, 18),
    "security-advisory": (k_advisory.gen, 16),
    "i18n": (k_i18n.gen, 16),
    "terminal-output": (k_terminal.gen, 15),
    "code": (k_code.gen, 15),
    "docs-page": (k_docs.gen, 15),
    "log-file": (k_logs.gen, 14),
    "chat-log": (k_chat.gen, 14),
    "changelog": (k_more.gen_changelog, 13),
    "meeting-notes": (k_more.gen_meeting, 13),
    "blog-post": (k_blog.gen, 12),
    "csv": (k_more.gen_csv, 12),
    "policy": (k_policy.gen, 11),
    "legal": (k_more.gen_legal, 11),
    "tutorial": (k_tutorial.gen, 10),
    "issue-comment": (k_threads.gen_issue, 10),
    "pull-request": (k_threads.gen_pr, 10),
    "html-page": (k_misc.gen_html, 9),
    "recipe-or-manual": (k_misc.gen_manual, 9),
    "support-macro": (k_misc.gen_macro, 9),
    "markdown-with-base64-image": (k_misc.gen_mdimg, 8),
}

# Characters benign documents must not contain (the attack set uses them for obfuscation):
# bidi embeddings/overrides, LRI/RLI, zero-width space, word joiner, BOM.
FORBIDDEN = re.compile("[\u202a-\u202e\u2066\u2067\u200b\u2060\ufeff]")


def build():
    items, seen = [], set()
    for kind, (g, n) in PLAN.items():
        rng = random.Random(f"{SEED}-{kind}")
        made = i = 0
        while made < n:
            text = g(rng, i)
            i += 1
            assert i < n * 20, f"{kind}: cannot make {n} distinct documents"
            h = hashlib.sha256(text.encode()).hexdigest()
            if h in seen:
                continue
            seen.add(h)
            items.append({"kind": kind, "text": text})
            made += 1
    random.Random(SEED).shuffle(items)
    return [{"id": f"ben-holdout-{k:03d}", "kind": it["kind"], "text": it["text"]} for k, it in enumerate(items, 1)]


def long_lines(texts, n=40):
    out = set()
    for t in texts:
        for ln in t.split("\n"):
            ln = ln.strip()
            if len(ln) > n:
                out.add(ln)
    return out


def main():
    docs = build()
    dest = os.path.dirname(HERE)
    path = os.path.join(dest, "holdout.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(docs, f, ensure_ascii=False, indent=2)
        f.write("\n")

    with open(path, encoding="utf-8") as f:
        back = json.load(f)
    assert back == docs
    ids = [d["id"] for d in back]
    assert len(set(ids)) == len(ids)
    old_kinds, old_texts = set(), []
    for split in ("dev", "test"):
        p = os.path.join(dest, f"{split}.json")
        if os.path.exists(p):
            with open(p, encoding="utf-8") as f:
                for d in json.load(f):
                    old_kinds.add(d["kind"])
                    old_texts.append(d["text"])
    for d in back:
        assert set(d) == {"id", "kind", "text"} and d["text"].strip(), d["id"]
        assert not old_kinds or d["kind"] in old_kinds, d["kind"]
        m = FORBIDDEN.search(d["text"])
        assert not m, (d["id"], hex(ord(m.group())))
        for m in re.finditer("\u200d", d["text"]):
            assert ord(d["text"][m.start() - 1]) > 0x2000 and ord(d["text"][m.start() + 1]) > 0x2000, (d["id"], "ZWJ outside emoji")
    assert not (set(d["text"] for d in back) & set(old_texts)), "identical document in dev/test"
    shared = long_lines(d["text"] for d in back) & long_lines(old_texts)

    c = collections.Counter(d["kind"] for d in back)
    lens = [len(d["text"]) for d in back]
    print(f"holdout {len(back)} -> {os.path.relpath(path)}")
    print("  " + ", ".join(f"{k}={v}" for k, v in sorted(c.items())))
    print(f"  chars: min={min(lens)} median={int(statistics.median(lens))} max={max(lens)}")
    print(f"  lines >40 chars shared with dev/test: {len(shared)}")
    for ln in sorted(shared):
        print("    ", ln[:110])


if __name__ == "__main__":
    main()
