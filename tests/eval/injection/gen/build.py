"""Build dev.json / test.json.  Usage: python3 gen/build.py [dev|test ...] [--stats]"""

import importlib
import json
import os
import statistics
import sys
import types
from collections import Counter

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

OUT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIZES = {"dev": 150, "test": 200}


def load(split):
    P = importlib.import_module(f"{split}_phrases")
    T = importlib.import_module(f"{split}_templates")
    ns = types.SimpleNamespace(**{k: getattr(P, k) for k in dir(P) if k.isupper()})
    ns.draw_targets = P.draw_targets
    ns.REG = T.REG
    return ns


def stats(split, items, meta):
    print(f"== {split}: {len(items)} items")
    for key in ("family", "technique", "carrier"):
        c = Counter(i[key] for i in items)
        print(f"  {key}: " + ", ".join(f"{k}={v}" for k, v in sorted(c.items(), key=lambda kv: -kv[1])))
    lens = [m["text_chars"] for m in meta]
    frac = [m["injection_chars"] / m["text_chars"] for m in meta]
    print(f"  text chars: min={min(lens)} median={int(statistics.median(lens))} max={max(lens)}")
    print(f"  injection share: median={statistics.median(frac):.2f} max={max(frac):.2f} over-half={sum(f > 0.5 for f in frac)}")
    print("  styles: " + ", ".join(f"{k}={v}" for k, v in Counter(m["style"] for m in meta).items()))
    print("  phrase fit: " + ", ".join(f"{k}={v}" for k, v in Counter(m["phrase_fit"] for m in meta).items()))
    print("  templates used: " + str(len(set(m["template"] for m in meta))))


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")] or ["dev", "test"]
    for split in args:
        items, meta = common.build(load(split), split, SIZES[split])
        ids = [i["id"] for i in items]
        assert len(set(ids)) == len(ids)
        path = os.path.join(OUT, f"{split}.json")
        common.dump(items, path)
        with open(path, encoding="utf-8") as f:
            back = json.load(f)
        assert back == items, "round trip mismatch"
        stats(split, items, meta)


if __name__ == "__main__":
    main()
