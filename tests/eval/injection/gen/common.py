"""Shared machinery for the synthetic prompt-injection evaluation set.

Split-specific wording (injection phrasings, surrounding documents, targets,
lead-in lines) lives in dev_content.py and test_content.py; this module only
holds the mechanical parts: obfuscation transforms, escaping helpers, a small
fake-data helper and the allocator that spreads families, techniques and
carriers evenly.
"""

import base64
import json
import random
import re

FAMILIES = ["override", "impersonation", "hidden", "tool-coercion", "exfiltration", "pipe-to-shell"]
CARRIERS = [
    "email", "webpage-html", "issue-comment", "pull-request", "readme", "code-comment",
    "json-tool-output", "chat-log", "pdf-text", "calendar-invite", "product-review",
    "docs-page", "log-file", "csv",
]
TECHNIQUES = [
    "plain", "zero-width", "bidi", "homoglyph", "fullwidth", "html-comment", "html-hidden",
    "ansi", "base64", "spacing", "markdown-hidden", "split",
]
UNIVERSAL = {"plain", "zero-width", "bidi", "homoglyph", "fullwidth", "spacing", "base64", "split"}

ESC = "\x1b"

# --------------------------------------------------------------------------------------------
# Template registry


class Template:
    def __init__(self, carrier, name, extra, noun, fn):
        assert carrier in CARRIERS, carrier
        self.carrier = carrier
        self.name = name
        self.supports = set(UNIVERSAL) | set(extra)
        self.noun = noun
        self.fn = fn


class Registry:
    def __init__(self):
        self.templates = []

    def template(self, carrier, name, extra=(), noun="this document"):
        def deco(fn):
            self.templates.append(Template(carrier, name, extra, noun, fn))
            return fn
        return deco


# --------------------------------------------------------------------------------------------
# Escaping / embedding helpers used by templates


def jstr(s):
    """A JSON (and JS/Python-compatible) string literal, non-ASCII kept as is."""
    return json.dumps(s, ensure_ascii=False)


def comment_lines(s, prefix="# "):
    if not s:
        return ""
    return "\n".join((prefix + line).rstrip() for line in s.split("\n"))


def one_line(s):
    return re.sub(r"\s*\n\s*", " ", s).strip()


def html_attr(s):
    return one_line(s).replace("&", "&amp;").replace('"', "&quot;")


def csv_cell(s):
    if any(ch in s for ch in ',"\n\r'):
        return '"' + s.replace('"', '""') + '"'
    return s


def csv_row(cells):
    return ",".join(csv_cell(str(c)) for c in cells)


def ics_text(s):
    return s.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def ics_fold(line, width=75):
    if len(line) <= width:
        return line
    out = [line[:width]]
    rest = line[width:]
    while rest:
        out.append(" " + rest[: width - 1])
        rest = rest[width - 1:]
    return "\r\n".join(out)


def ics(lines):
    return "\r\n".join(ics_fold(l) for l in lines if l is not None) + "\r\n"


def sub(tmpl, **kw):
    """Replace [[key]] markers (avoids brace escaping in HTML/CSS/JSON-looking templates)."""
    for k, v in kw.items():
        tmpl = tmpl.replace("[[" + k + "]]", str(v))
    left = re.findall(r"\[\[\w+\]\]", tmpl)
    assert not left, left
    return tmpl


def para(*parts):
    """Join non-empty parts with blank lines."""
    return "\n\n".join(p for p in parts if p)


def lines(*parts):
    return "\n".join(p for p in parts if p is not None and p != "")


# --------------------------------------------------------------------------------------------
# Fake data


FIRST = ["Maya", "Jonas", "Priya", "Tomasz", "Aiko", "Daniel", "Fatima", "Lucas", "Ingrid", "Kwame",
         "Sofia", "Mateo", "Hannah", "Ravi", "Chloe", "Omar", "Elena", "Wei", "Grace", "Nikolai",
         "Amara", "Felix", "Leila", "Bruno", "Sanna", "Diego", "Yuki", "Marcus", "Noor", "Pavel",
         "Ines", "Theo", "Zara", "Henrik", "Lucia", "Kofi", "Mei", "Arjun", "Clara", "Emeka"]
LAST = ["Okafor", "Lindqvist", "Raman", "Nowak", "Tanaka", "Brennan", "Haddad", "Moreau", "Berg",
        "Mensah", "Rossi", "Alvarez", "Fischer", "Iyer", "Dubois", "Farouk", "Petrova", "Zhang",
        "Whitfield", "Sokolov", "Eze", "Hartmann", "Karimi", "Costa", "Virtanen", "Ortega", "Sato",
        "Holloway", "Siddiqui", "Novak", "Ferreira", "Clarke", "Malik", "Johansson", "Bianchi",
        "Asante", "Lin", "Kapoor", "Weber", "Nwosu"]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


class Fake:
    def __init__(self, rng):
        self.r = rng

    def pick(self, seq):
        return self.r.choice(seq)

    def n(self, a, b):
        return self.r.randint(a, b)

    def first(self):
        return self.r.choice(FIRST)

    def last(self):
        return self.r.choice(LAST)

    def name(self):
        return f"{self.first()} {self.last()}"

    def handle(self, name=None):
        name = name or self.name()
        f, l = name.split(" ", 1)
        style = self.r.randint(0, 3)
        if style == 0:
            return (f[0] + l).lower()
        if style == 1:
            return (f + "-" + l).lower()
        if style == 2:
            return (f + l[:3]).lower() + str(self.r.randint(1, 99))
        return (f + "." + l).lower()

    def email(self, name, domain):
        f, l = name.split(" ", 1)
        return f"{f.lower()}.{l.lower()}@{domain}"

    def hexs(self, k=40):
        return "".join(self.r.choice("0123456789abcdef") for _ in range(k))

    def uuid(self):
        h = self.hexs(32)
        return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:32]}"

    def ip(self, private=False):
        if private:
            return f"10.{self.n(0, 40)}.{self.n(0, 255)}.{self.n(2, 254)}"
        return f"{self.pick([34, 52, 91, 104, 143, 185, 198, 203])}.{self.n(1, 254)}.{self.n(0, 255)}.{self.n(2, 254)}"

    def version(self):
        return f"{self.n(0, 5)}.{self.n(0, 24)}.{self.n(0, 12)}"

    def date(self, year=2024):
        return f"{year}-{self.n(1, 12):02d}-{self.n(1, 28):02d}"

    def time(self):
        return f"{self.n(0, 23):02d}:{self.n(0, 59):02d}:{self.n(0, 59):02d}"

    def ticker(self, start_h=None, max_step=240):
        """A function returning increasing HH:MM:SS times (for log lines)."""
        t = [(start_h if start_h is not None else self.n(0, 18)) * 3600 + self.n(0, 3599)]
        def nxt():
            t[0] += self.n(1, max_step)
            s = t[0] % 86400
            return f"{s // 3600:02d}:{s % 3600 // 60:02d}:{s % 60:02d}"
        return nxt

    def hm(self):
        return f"{self.n(8, 18):02d}:{self.pick(['00', '15', '30', '45'])}"

    def rfc2822(self):
        return (f"{self.pick(DAYS)}, {self.n(1, 28)} {self.pick(MONTHS)} 2024 "
                f"{self.time()} {self.pick(['+0000', '-0500', '+0100', '+0200', '-0800', '+0530'])}")

    def msgid(self, domain):
        return f"<{self.hexs(12)}.{self.n(1000, 9999)}@{domain}>"

    def money(self, a=50, b=9000):
        return f"{self.n(a, b):,}.{self.n(0, 99):02d}"


# --------------------------------------------------------------------------------------------
# Obfuscation transforms

HOMO = {
    "a": ["\u0430"], "c": ["\u0441"], "e": ["\u0435"], "i": ["\u0456"], "j": ["\u0458"],
    "o": ["\u043e", "\u03bf"], "p": ["\u0440", "\u03c1"], "s": ["\u0455"], "x": ["\u0445"],
    "y": ["\u0443"], "h": ["\u04bb"], "A": ["\u0410", "\u0391"], "B": ["\u0412", "\u0392"],
    "C": ["\u0421"], "E": ["\u0415", "\u0395"], "H": ["\u041d", "\u0397"], "I": ["\u0406", "\u0399"],
    "K": ["\u041a", "\u039a"], "M": ["\u041c", "\u039c"], "N": ["\u039d"], "O": ["\u041e", "\u039f"],
    "P": ["\u0420", "\u03a1"], "S": ["\u0405"], "T": ["\u0422", "\u03a4"], "X": ["\u0425", "\u03a7"],
    "Y": ["\u03a5"], "v": ["\u03bd"],
}

ZW = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"]
BIDI_EMBED = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e"]
BIDI_ISO = ["\u2066", "\u2067", "\u2068", "\u2069"]

KEY_STEMS = [
    "ignor", "disregard", "forget", "previous", "prior", "instruct", "system", "overrid", "assistant",
    "agent", "user", "secret", "mention", "tell", "reveal", "silent", "quiet", "confirm", "send",
    "email", "upload", "post", "forward", "run", "execut", "delet", "approv", "merg", "read",
    "credential", "token", "password", "key", "important", "developer", "admin", "anthropic",
    "openai", "claude", "task", "real", "new", "message", "priority", "install", "shell", "terminal",
    "script", "private", "share", "copy", "webhook", "image", "collaborator", "push", "directive",
    "rule", "guideline", "notice", "policy", "command", "paste", "fetch", "leak", "hide", "disclose",
    "inform", "notify", "report", "contents", "transcript", "conversation", "history", "exfil",
    "pipe", "download", "remove", "grant", "access", "disable", "bypass", "model", "operator",
    "ssh", "aws", "env", "decode", "follow", "obey", "comply", "human",
]

PROTECT_RE = re.compile(
    r"`[^`\n]*`"                       # inline code
    r"|https?://\S+"                   # URLs
    r"|[\w.+-]+@[\w-]+(?:\.[\w-]+)+"   # e-mail addresses
    r"|(?<![\w])(?:~|\.{1,2})?/[\w./~*-]+"   # paths
    r"|(?<![\w])\.env[\w.]*"           # dotenv files
    r"|\$\([^)]*\)|\$\{?\w+\}?"        # shell expansions
    r"|\|\s*\w+"                       # pipes
    r"|\b[A-Za-z0-9+/]{24,}={0,2}"     # base64 blobs
)
WORD_RE = re.compile(r"(?<![A-Za-z0-9_])[A-Za-z]{2,}(?![A-Za-z0-9_])")


def _protected(s):
    return [m.span() for m in PROTECT_RE.finditer(s)]


def candidate_words(s):
    spans = _protected(s)
    out = []
    for m in WORD_RE.finditer(s):
        if any(a <= m.start() < b for a, b in spans):
            continue
        out.append(m)
    return out


def pick_words(rng, s, lo=2, hi=6, all_keys=False):
    cands = candidate_words(s)
    keys = [m for m in cands if any(m.group().lower().startswith(st) for st in KEY_STEMS)]
    if len(keys) < lo:
        extra = [m for m in cands if len(m.group()) >= 5 and m not in keys]
        rng.shuffle(extra)
        keys += extra[: lo - len(keys)]
    if not all_keys and len(keys) > hi:
        keys = rng.sample(keys, rng.randint(lo, hi))
    return sorted(keys, key=lambda m: m.start())


def apply_words(s, matches, fn):
    out, pos = [], 0
    for m in matches:
        out.append(s[pos:m.start()])
        out.append(fn(m.group()))
        pos = m.end()
    out.append(s[pos:])
    return "".join(out)


def apply_unprotected(s, fn):
    """Apply fn to every stretch of s outside protected spans."""
    out, pos = [], 0
    for a, b in _protected(s):
        out.append(fn(s[pos:a]))
        out.append(s[a:b])
        pos = b
    out.append(fn(s[pos:]))
    return "".join(out)


def t_zero_width(rng, s):
    chars = rng.sample(ZW, rng.randint(1, 2))
    def f(w):
        k = rng.randint(1, min(3, len(w) - 1))
        pos = sorted(rng.sample(range(1, len(w)), k))
        out, last = [], 0
        for p in pos:
            out.append(w[last:p])
            out.append(rng.choice(chars))
            last = p
        out.append(w[last:])
        return "".join(out)
    return apply_words(s, pick_words(rng, s, 2, 7, all_keys=rng.random() < 0.4), f)


def t_homoglyph(rng, s):
    dense = rng.random() < 0.35
    def f(w):
        idx = [i for i, ch in enumerate(w) if ch in HOMO]
        if not idx:
            return w
        chosen = idx if dense else rng.sample(idx, rng.randint(1, min(2, len(idx))))
        return "".join(rng.choice(HOMO[ch]) if i in chosen else ch for i, ch in enumerate(w))
    return apply_words(s, pick_words(rng, s, 2, 7, all_keys=rng.random() < 0.5), f)


def _fw(ch, space="\u3000"):
    if ch == " ":
        return space
    if "!" <= ch <= "~":
        return chr(ord(ch) + 0xFEE0)
    return ch


MATH_STYLES = {"bold": (0x1D400, 0x1D41A), "sans-bold": (0x1D5D4, 0x1D5EE),
               "mono": (0x1D670, 0x1D68A), "sans": (0x1D5A0, 0x1D5BA)}


def _math(ch, style):
    up, lo = MATH_STYLES[style]
    if "A" <= ch <= "Z":
        return chr(up + ord(ch) - 65)
    if "a" <= ch <= "z":
        return chr(lo + ord(ch) - 97)
    return ch


def t_fullwidth(rng, s):
    mode = rng.choice(["words", "words", "sentence", "math"])
    if mode == "sentence":
        space = rng.choice(["\u3000", " "])
        return apply_unprotected(s, lambda seg: "".join(_fw(c, space) for c in seg))
    if mode == "math":
        style = rng.choice(list(MATH_STYLES))
        return apply_words(s, pick_words(rng, s, 2, 6, all_keys=True), lambda w: "".join(_math(c, style) for c in w))
    return apply_words(s, pick_words(rng, s, 2, 6, all_keys=rng.random() < 0.5), lambda w: "".join(_fw(c) for c in w))


def t_bidi(rng, s):
    mode = rng.choice(["insert", "insert", "isolate", "reorder"])
    if mode == "insert":
        def f(w):
            k = rng.randint(1, min(2, len(w) - 1))
            pos = sorted(rng.sample(range(1, len(w)), k))
            out, last = [], 0
            for p in pos:
                out.append(w[last:p])
                out.append(rng.choice(BIDI_EMBED + BIDI_ISO))
                last = p
            out.append(w[last:])
            return "".join(out)
        return apply_words(s, pick_words(rng, s, 2, 6, all_keys=rng.random() < 0.5), f)
    if mode == "isolate":
        def f(w):
            cut = rng.randint(1, len(w) - 1)
            opener = rng.choice(["\u2066", "\u2067", "\u2068"])
            return w[:cut] + opener + w[cut:] + "\u2069"
        t = apply_words(s, pick_words(rng, s, 2, 6), f)
        return "\u202d" + t + "\u202c" if rng.random() < 0.5 else t
    # "reorder": one key phrase stored in reverse and wrapped in RIGHT-TO-LEFT OVERRIDE so it
    # renders left-to-right for a human, with embedding controls sprinkled elsewhere.
    ws = pick_words(rng, s, 1, 3)
    def f(w):
        return "\u202e" + w[::-1] + "\u202c"
    t = apply_words(s, ws[:1], f)
    rest = pick_words(rng, t, 1, 3)
    rest = [m for m in rest if "\u202e" not in t[max(0, m.start() - 1):m.end() + 1]]
    return apply_words(t, rest, lambda w: w[0] + "\u2067" + w[1:] + "\u2069")


def t_spacing(rng, s):
    modes = rng.sample(["letters", "mixed", "whitespace", "linebreak", "hyphen", "mixed-all"], rng.randint(1, 2))
    if "mixed-all" in modes and "mixed" in modes:
        modes.remove("mixed")
    t = s
    for mode in modes:
        if mode == "letters":
            sep = rng.choice([" ", " ", "  ", " . ", "-"]) if rng.random() < 0.3 else " "
            t = apply_words(t, pick_words(rng, t, 2, 5), lambda w: sep.join(w))
        elif mode == "mixed":
            t = apply_words(t, pick_words(rng, t, 2, 7, all_keys=True),
                            lambda w: "".join(c.upper() if i % 2 == 0 else c.lower() for i, c in enumerate(w)))
        elif mode == "mixed-all":
            t = apply_unprotected(t, lambda seg: "".join(c.upper() if rng.random() < 0.5 else c.lower() for c in seg))
        elif mode == "whitespace":
            pool = ["  ", "   ", "\t", "\u00a0", "\u2003", "\u2002 ", " \t ", "\u3000", "\u2009"]
            t = apply_unprotected(t, lambda seg: re.sub(r" ", lambda m: rng.choice(pool) if rng.random() < 0.6 else " ", seg))
        elif mode == "linebreak":
            def lb(seg):
                words = seg.split(" ")
                out = []
                for i, w in enumerate(words):
                    out.append(w)
                    if i < len(words) - 1:
                        out.append("\n" if rng.random() < 0.35 else " ")
                return "".join(out)
            t = apply_unprotected(t, lb)
        elif mode == "hyphen":
            def hy(w):
                if len(w) < 6:
                    return w
                c = rng.randint(2, len(w) - 3)
                return w[:c] + "-\n" + w[c:]
            t = apply_words(t, pick_words(rng, t, 1, 3), hy)
    return t


def t_ansi(rng, s, covers):
    mode = rng.choice(["conceal", "black", "interleave", "overwrite", "dim"])
    if mode == "conceal":
        return f"{ESC}[8m{s}{ESC}[0m"
    if mode == "black":
        return f"{ESC}[30;40m{s}{ESC}[0m"
    if mode == "dim":
        return f"{ESC}[2;37;47m{s}{ESC}[0m"
    if mode == "interleave":
        def f(w):
            cut = rng.randint(1, len(w) - 1)
            return f"{w[:cut]}{ESC}[{rng.choice(['0', '1', '22', '39', '0;3' + str(rng.randint(1, 7))])}m{w[cut:]}"
        return apply_words(s, pick_words(rng, s, 2, 7, all_keys=True), f) + f"{ESC}[0m"
    cover = rng.choice(covers)
    return f"{s}\r{ESC}[2K{cover}" if rng.random() < 0.5 else f"{s}\n{ESC}[1A{ESC}[2K{cover}"


def t_html_comment(rng, s, labels):
    label = rng.choice(labels) if rng.random() < 0.35 else ""
    if "\n" in s or rng.random() < 0.4:
        return f"<!--\n{label + chr(10) if label else ''}{s}\n-->"
    return f"<!-- {label + ' ' if label else ''}{s} -->"


def t_html_hidden(rng, s, pixel_hosts):
    one = one_line(s)
    mode = rng.choice(["display", "white", "offscreen", "alt", "hidden-attr", "zero-font", "mso"])
    if mode == "display":
        return f'<div style="display:none">{s}</div>'
    if mode == "white":
        return f'<span style="color:#ffffff;background:#ffffff;font-size:1px">{one}</span>'
    if mode == "offscreen":
        return f'<p aria-hidden="true" style="position:absolute;left:-9999px;top:-9999px">{one}</p>'
    if mode == "alt":
        host = rng.choice(pixel_hosts)
        return f'<img src="https://{host}/t/1x1.gif" width="1" height="1" alt="{html_attr(s)}">'
    if mode == "hidden-attr":
        return f"<div hidden>{s}</div>"
    if mode == "zero-font":
        return f'<span style="font-size:0;line-height:0;opacity:0">{one}</span>'
    return f'<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">{s}</div>'


def t_markdown_hidden(rng, s, pixel_hosts, ref_words):
    one = one_line(s)
    mode = rng.choice(["comment-ref", "empty-ref", "alt", "footnote", "title", "refdef"])
    if mode == "comment-ref":
        return "[//]: # (" + one.replace("(", "[").replace(")", "]") + ")"
    if mode == "empty-ref":
        return "[comment]: <> (" + one.replace("(", "[").replace(")", "]") + ")"
    if mode == "alt":
        host = rng.choice(pixel_hosts)
        return "![" + one.replace("[", "(").replace("]", ")") + f"](https://{host}/assets/spacer.png)"
    if mode == "footnote":
        return f"[^{rng.randint(7, 99)}]: {one}"
    if mode == "title":
        host = rng.choice(pixel_hosts)
        return f'[{rng.choice(ref_words)}](https://{host}/docs "{one.replace(chr(34), chr(39))}")'
    return f'[{rng.choice(ref_words).lower().replace(" ", "-")}]: https://{rng.choice(pixel_hosts)}/r "' + one.replace('"', "'") + '"'


def t_base64(rng, s, leads):
    b = base64.b64encode(s.encode("utf-8")).decode("ascii")
    lead = rng.choice(leads)
    mode = rng.choice(["newline", "inline", "wrapped", "fenced"])
    if mode == "inline":
        return f"{lead} {b}"
    if mode == "wrapped":
        return lead + "\n" + "\n".join(b[i:i + 76] for i in range(0, len(b), 76))
    if mode == "fenced":
        return f"{lead}\n```\n{b}\n```"
    return f"{lead}\n{b}"


def split_text(rng, s):
    words = s.split(" ")
    if len(words) < 4:
        mid = max(1, len(s) // 2)
        return s[:mid], s[mid:]
    lo, hi = max(1, len(words) // 3), max(2, 2 * len(words) // 3)
    k = rng.randint(lo, hi)
    return " ".join(words[:k]), " ".join(words[k:])


def t_split(rng, s, markers):
    a, b = split_text(rng, s)
    mode = rng.choice(["two-places", "two-places", "two-places", "list", "newlines"])
    if mode == "list":
        bullet = rng.choice(["- ", "* ", "1. "])
        nxt = "2. " if bullet == "1. " else bullet
        return f"{bullet}{a}\n{nxt}{b}", ""
    if mode == "newlines":
        return a + rng.choice(["\n", "\n\n", "\n\n\n"]) + b, ""
    pre, post = rng.choice(markers)
    return a + pre, post + b


# --------------------------------------------------------------------------------------------
# Styles applied to the bare phrasing


def upper_unprotected(s):
    return apply_unprotected(s, lambda seg: seg.upper())


def style(rng, s, technique, prefixes):
    p = 0.5 if technique == "plain" else 0.15
    if rng.random() >= p:
        return s, "as-written"
    opt = rng.choice(["caps", "bold", "prefix", "prefix", "step"])
    if opt == "caps":
        return upper_unprotected(s), "caps"
    if opt == "bold":
        return "**" + s.replace("\n", " ") + "**", "bold"
    if opt == "step":
        return f"{rng.randint(2, 6)}. {s}", "step"
    if s[:1] in "<[{#=-*(" or s.startswith(("Human:", "Assistant:", "User:")):
        return s, "as-written"
    head = s[:60].lower()
    if any(w in head for w in ("ai ", "assistant", "agent", "model", "llm", "claude", "copilot", "<", "[", "#", "{")):
        return s, "as-written"
    return f"{rng.choice(prefixes)} {s}", "prefix"


# --------------------------------------------------------------------------------------------
# Allocation and build


def fill(s, targets):
    for k, v in targets.items():
        s = s.replace("{" + k + "}", v)
    return s


def technique_plan(n, rng):
    n_plain = round(0.45 * n)
    others = [t for t in TECHNIQUES if t != "plain"]
    rest = n - n_plain
    base, extra = divmod(rest, len(others))
    order = others[:]
    rng.shuffle(order)
    plan = ["plain"] * n_plain
    for i, t in enumerate(order):
        plan += [t] * (base + (1 if i < extra else 0))
    return plan


def family_plan(n, rng):
    base, extra = divmod(n, len(FAMILIES))
    plan = []
    for i, f in enumerate(FAMILIES):
        plan += [f] * (base + (1 if i < extra else 0))
    return plan


RESTRICTIVE = ["ansi", "markdown-hidden", "html-hidden", "html-comment"]

# A phrasing may start with "@tag " to say which carriers it reads naturally in; untagged
# phrasings are generic. Tagged phrasings go to matching carriers first.
TAGS = {
    "dev": {"readme", "code-comment", "issue-comment", "pull-request", "docs-page", "log-file",
            "json-tool-output", "chat-log", "email"},
    "mail": {"email", "calendar-invite", "chat-log", "json-tool-output", "pdf-text", "csv"},
    "web": {"webpage-html", "docs-page", "product-review", "readme", "json-tool-output", "email"},
    "biz": {"email", "pdf-text", "csv", "json-tool-output", "chat-log", "calendar-invite",
            "webpage-html", "issue-comment"},
}


def parse_phrase(p):
    if p.startswith("@"):
        tag, text = p[1:].split(" ", 1)
        return text, TAGS[tag]
    return p, None


def choose_phrase(pool, used, carrier):
    free = [i for i in range(len(pool)) if i not in used]
    if not free:
        raise SystemExit("phrase pool exhausted")
    for want in ("tagged", "generic", "any"):
        for i in free:
            tags = pool[i][1]
            if (want == "tagged" and tags and carrier in tags) or (want == "generic" and tags is None) or want == "any":
                used.add(i)
                return pool[i][0], want


def build(content, split, n):
    rng = random.Random(content.SEED)
    fams = family_plan(n, rng)
    techs = technique_plan(n, rng)
    rng.shuffle(fams)
    rng.shuffle(techs)
    pairs = list(zip(fams, techs))
    # Restrictive techniques first, so that the carriers they need fill up evenly.
    pairs.sort(key=lambda p: (RESTRICTIVE.index(p[1]) if p[1] in RESTRICTIVE else 99))
    tpls = content.REG.templates
    carrier_use = {c: 0 for c in CARRIERS}
    tpl_use = {id(t): 0 for t in tpls}
    fam_pc = {c: {f: 0 for f in FAMILIES} for c in CARRIERS}
    pools = {f: [parse_phrase(p) for p in content.PHRASES[f]] for f in FAMILIES}
    for f in FAMILIES:
        rng.shuffle(pools[f])
    used = {f: set() for f in FAMILIES}
    items = []
    for fam, tech in pairs:
        ok_carriers = sorted({t.carrier for t in tpls if tech in t.supports})
        low = min(carrier_use[c] for c in ok_carriers)
        cands = [c for c in ok_carriers if carrier_use[c] <= low + 0]
        # prefer carriers where this family is rare
        lowf = min(fam_pc[c][fam] for c in cands)
        cands = [c for c in cands if fam_pc[c][fam] == lowf]
        carrier = rng.choice(cands)
        carrier_use[carrier] += 1
        fam_pc[carrier][fam] += 1
        ct = [t for t in tpls if t.carrier == carrier and tech in t.supports]
        lowt = min(tpl_use[id(t)] for t in ct)
        tpl = rng.choice([t for t in ct if tpl_use[id(t)] == lowt])
        tpl_use[id(tpl)] += 1
        phr, how = choose_phrase(pools[fam], used[fam], carrier)
        items.append((fam, tech, carrier, tpl, phr, how))
    rng.shuffle(items)
    out, meta = [], []
    for i, (fam, tech, carrier, tpl, phr, how) in enumerate(items, 1):
        targets = content.draw_targets(rng)
        targets["doc"] = tpl.noun
        inj = fill(phr, targets)
        inj, style_used = style(rng, inj, tech, content.ADDRESS_PREFIXES)
        s2 = ""
        if tech == "plain":
            s1 = inj
        elif tech == "zero-width":
            s1 = t_zero_width(rng, inj)
        elif tech == "bidi":
            s1 = t_bidi(rng, inj)
        elif tech == "homoglyph":
            s1 = t_homoglyph(rng, inj)
        elif tech == "fullwidth":
            s1 = t_fullwidth(rng, inj)
        elif tech == "spacing":
            s1 = t_spacing(rng, inj)
        elif tech == "ansi":
            s1 = t_ansi(rng, inj, content.ANSI_COVERS)
        elif tech == "html-comment":
            s1 = t_html_comment(rng, inj, content.COMMENT_LABELS)
        elif tech == "html-hidden":
            s1 = t_html_hidden(rng, inj, content.PIXEL_HOSTS)
        elif tech == "markdown-hidden":
            s1 = t_markdown_hidden(rng, inj, content.PIXEL_HOSTS, content.REF_WORDS)
        elif tech == "base64":
            s1 = t_base64(rng, inj, content.B64_LEADS)
        elif tech == "split":
            s1, s2 = t_split(rng, inj, content.SPLIT_MARKERS)
        else:
            raise ValueError(tech)
        if tech != "plain":
            assert s1 != inj or tech == "split", (tech, inj)
        frng = random.Random(rng.random())
        text = tpl.fn(Fake(frng), s1, s2, tech)
        rid = f"inj-{split}-{i:03d}"
        out.append({"id": rid, "family": fam, "carrier": carrier, "technique": tech, "text": text})
        meta.append({"id": rid, "template": tpl.name, "style": style_used,
                     "injection_chars": len(s1) + len(s2), "text_chars": len(text), "phrase": phr,
                     "phrase_fit": how})
    return out, meta


INVISIBLE = re.compile("[\u0000-\u001f\u007f\u00a0\u00ad\u2000-\u200f\u2028-\u202f\u205f-\u2064\u2066-\u206f\u3000\ufeff]")


def dump(items, path):
    s = json.dumps(items, ensure_ascii=False, indent=2)
    # Write invisible and format characters as \u escapes so the file can be reviewed safely;
    # json.load() turns them back into the exact characters.
    def esc(m):
        return "\\u%04x" % ord(m.group())
    # Only characters inside string literals can match (the structure is ASCII), but keep the
    # JSON whitespace outside strings untouched.
    out = []
    in_str = False
    prev_bs = False
    for ch in s:
        if in_str:
            if prev_bs:
                prev_bs = False
                out.append(ch)
                continue
            if ch == "\\":
                prev_bs = True
                out.append(ch)
                continue
            if ch == '"':
                in_str = False
                out.append(ch)
                continue
            out.append(INVISIBLE.sub(esc, ch))
        else:
            if ch == '"':
                in_str = True
            out.append(ch)
    with open(path, "w", encoding="utf-8") as f:
        f.write("".join(out) + "\n")
