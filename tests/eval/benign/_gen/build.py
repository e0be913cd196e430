#!/usr/bin/env python3
"""Build tests/eval/benign/dev.json and test.json.

Usage: python3 tests/eval/benign/_gen/build.py
Deterministic: the same inputs always produce the same files.
"""
import collections
import hashlib
import json
import os
import random
import sys

sys.dont_write_bytecode = True

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import common  # noqa: E402
import k_advisory, k_blog, k_changelog, k_chat, k_code, k_csv, k_docs, k_email, k_html, k_i18n  # noqa
import k_json, k_legal, k_logs, k_macro, k_manual, k_mdimg, k_meeting, k_policy, k_readme  # noqa
import k_terminal, k_threads, k_tutorial  # noqa
import k_extra  # noqa
import k_long  # noqa

# kind -> (generator, dev count, test count)
PLAN = {
    "readme": (k_readme.gen, 11, 18),
    "docs-page": (k_docs.gen, 11, 15),
    "changelog": (k_changelog.gen, 8, 13),
    "code": (k_code.gen, 10, 15),
    "security-advisory": (k_advisory.gen, 10, 15),
    "blog-post": (k_blog.gen, None, None),
    "email": (k_email.gen, 10, 17),
    "issue-comment": (k_threads.gen_issue, None, None),
    "pull-request": (k_threads.gen_pr, None, None),
    "chat-log": (k_chat.gen, None, None),
    "meeting-notes": (k_meeting.gen, 8, 13),
    "policy": (k_policy.gen, None, None),
    "tutorial": (k_tutorial.gen, None, None),
    "json-tool-output": (k_json.gen, 11, 18),
    "log-file": (k_logs.gen, 9, 16),
    "html-page": (k_html.gen, None, None),
    "recipe-or-manual": (k_manual.gen, None, None),
    "legal": (k_legal.gen, 7, 11),
    "support-macro": (k_macro.gen, None, None),
    "terminal-output": (k_terminal.gen, 10, 15),
    "markdown-with-base64-image": (k_mdimg.gen, None, None),
    "i18n": (k_i18n.gen, None, None),
    "csv": (k_csv.gen, 8, 12),
}

# Extra long documents, filed under existing kinds: (kind, generator, dev, test)
LONG = [
    ("policy", k_long.handbook, 1, 2),
    ("security-advisory", k_long.bulletin, 1, 2),
    ("email", k_long.email_thread, 2, 3),
    ("chat-log", k_long.chat_day, 1, 2),
    ("readme", k_long.long_readme, 1, 2),
]

# Kinds whose documents are whole hand-written texts: use each one exactly once per split.
FIXED_POOLS = {
    "blog-post": lambda: k_blog.FIXED,
    "issue-comment": lambda: k_threads.ISSUES,
    "pull-request": lambda: k_threads.PRS,
    "chat-log": lambda: k_chat.CHATS,
    "policy": lambda: k_policy.FIXED,
    "tutorial": lambda: k_tutorial.FIXED,
    "html-page": lambda: k_html.BODIES,
    "recipe-or-manual": lambda: k_manual.FIXED,
    "support-macro": lambda: k_macro.MACROS,
    "markdown-with-base64-image": lambda: k_mdimg.DOCS,
    "i18n": lambda: k_i18n.FIXED,
}


def build(split):
    common.SPLIT["name"] = split
    seed = int(hashlib.sha256(f"benign-{split}".encode()).hexdigest()[:8], 16)
    items = []
    seen = set()
    for kind, (g, ndev, ntest) in PLAN.items():
        rng = random.Random(f"{seed}-{kind}")
        if kind in FIXED_POOLS:
            n = len(common.sp(FIXED_POOLS[kind]()))
        else:
            n = ndev if split == "dev" else ntest
        made = 0
        i = 0
        tries = 0
        while made < n:
            tries += 1
            if tries > n * 50:
                raise SystemExit(f"{split}/{kind}: could not make {n} distinct documents")
            text = g(rng, i)
            i += 1
            key = hashlib.sha256(text.encode()).hexdigest()
            if key in seen:
                continue
            seen.add(key)
            items.append({"kind": kind, "text": text})
            made += 1
    for kind, g, ndev, ntest in LONG:
        rng = random.Random(f"{seed}-{kind}-long")
        n = ndev if split == "dev" else ntest
        made = 0
        while made < n:
            text = g(rng, made)
            key = hashlib.sha256(text.encode()).hexdigest()
            if key in seen:
                continue
            seen.add(key)
            items.append({"kind": kind, "text": text})
            made += 1
    # Interleave kinds deterministically so ids don't reveal the kind.
    random.Random(seed).shuffle(items)
    out = []
    for n, it in enumerate(items, 1):
        out.append({"id": f"ben-{split}-{n:03d}", "kind": it["kind"], "text": it["text"]})
    return out


def main():
    dest = os.path.dirname(HERE)
    result = {}
    for split in ("dev", "test"):
        docs = build(split)
        result[split] = docs
        with open(os.path.join(dest, f"{split}.json"), "w", encoding="utf-8") as f:
            json.dump(docs, f, ensure_ascii=False, indent=2)
            f.write("\n")
    # Cross-split checks: no identical documents, no long shared passages.
    dev_texts = {d["text"] for d in result["dev"]}
    assert not any(d["text"] in dev_texts for d in result["test"]), "identical document in both splits"
    for split, docs in result.items():
        c = collections.Counter(d["kind"] for d in docs)
        print(split, len(docs), dict(sorted(c.items())))


if __name__ == "__main__":
    main()
