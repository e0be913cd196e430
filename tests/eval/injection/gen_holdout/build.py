"""Build tests/eval/injection/holdout.json.

Usage: python3 tests/eval/injection/gen_holdout/build.py [--stats]

Deterministic (fixed seed, standard library only). After writing the file it checks that it
round-trips through json, that ids are unique and fields complete, and that no line longer than
30 characters is shared with dev.json or test.json.
"""

import json
import os
import re
import statistics
import sys
from collections import Counter

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import common  # noqa: E402
import phrases  # noqa: E402
import templates_a  # noqa: E402
import templates_b  # noqa: E402
import templates_c  # noqa: E402

OUT = os.path.dirname(HERE)
N = 200


def lines_of(texts):
    out = set()
    for t in texts:
        for ln in t.split("\n"):
            ln = ln.strip()
            if len(ln) > 30:
                out.add(ln)
    return out


def trigrams(s):
    w = re.findall(r"[a-z0-9]+", s.lower())
    return {tuple(w[i:i + 3]) for i in range(len(w) - 2)}


def main():
    templates = templates_a.REG.templates + templates_b.REG.templates + templates_c.REG.templates
    names = [t.name for t in templates]
    assert len(set(names)) == len(names), "duplicate template name"
    for f in common.FAMILIES:
        assert len(phrases.PHRASES[f]) >= N // len(common.FAMILIES) + 1, f
    items, meta = common.build(phrases, templates, "holdout", N)
    path = os.path.join(OUT, "holdout.json")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(common.dumps(items))

    # ---- checks
    with open(path, encoding="utf-8") as fh:
        back = json.load(fh)
    assert back == items, "round trip mismatch"
    ids = [i["id"] for i in back]
    assert len(set(ids)) == len(ids), "duplicate id"
    for it in back:
        assert set(it) == {"id", "family", "carrier", "technique", "text"}, it["id"]
        assert it["family"] in common.FAMILIES and it["carrier"] in common.CARRIERS
        assert it["technique"] in common.TECHNIQUES and it["text"].strip(), it["id"]
    old = []
    for split in ("dev", "test"):
        p = os.path.join(OUT, f"{split}.json")
        if os.path.exists(p):
            with open(p, encoding="utf-8") as fh:
                old += [x["text"] for x in json.load(fh)]
    shared = lines_of(i["text"] for i in back) & lines_of(old)
    if shared:
        for ln in sorted(shared)[:40]:
            print("SHARED:", ln[:120])
        raise SystemExit(f"{len(shared)} lines longer than 30 characters shared with dev/test")

    # phrasing similarity against the earlier splits' phrase pools (word trigram Jaccard)
    old_phrases = []
    sys.path.insert(0, os.path.join(OUT, "gen"))
    for mod in ("dev_phrases", "test_phrases"):
        try:
            m = __import__(mod)
            for f in common.FAMILIES:
                old_phrases += [p.split(" ", 1)[1] if p.startswith("@") else p for p in m.PHRASES[f]]
        except ImportError:
            pass
    best = (0.0, "", "")
    for f in common.FAMILIES:
        for p in phrases.PHRASES[f]:
            p = p.split(" ", 1)[1] if p.startswith("@") else p
            a = trigrams(p)
            for q in old_phrases:
                b = trigrams(q)
                if a and b:
                    j = len(a & b) / len(a | b)
                    if j > best[0]:
                        best = (j, p, q)

    print(f"== holdout: {len(items)} items -> {os.path.relpath(path)}")
    for key in ("family", "technique", "carrier"):
        c = Counter(i[key] for i in items)
        print(f"  {key}: " + ", ".join(f"{k}={v}" for k, v in sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))))
    lens = [m["text_chars"] for m in meta]
    frac = [m["injection_chars"] / m["text_chars"] for m in meta]
    print(f"  text chars: min={min(lens)} median={int(statistics.median(lens))} max={max(lens)}")
    print(f"  injection share: median={statistics.median(frac):.2f} max={max(frac):.2f} "
          f"over-half={sum(f > 0.5 for f in frac)}")
    print("  styles: " + ", ".join(f"{k}={v}" for k, v in Counter(m["style"] for m in meta).items()))
    print("  phrase fit: " + ", ".join(f"{k}={v}" for k, v in Counter(m["fit"] for m in meta).items()))
    print(f"  templates: {len(templates)} defined, {len(set(m['template'] for m in meta))} used")
    print(f"  shared >30-char lines with dev/test: 0")
    print(f"  max word-trigram Jaccard vs dev/test phrasings: {best[0]:.2f}")
    if "--stats" in sys.argv:
        print("    holdout:", best[1][:100])
        print("    earlier:", best[2][:100])
        for m in meta:
            print(f"  {m['id']} {m['template']:<22} {m['injection_chars'] / m['text_chars']:.2f} {m['style']}")


if __name__ == "__main__":
    main()
