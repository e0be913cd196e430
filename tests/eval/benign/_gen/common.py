"""Shared helpers for the benign evaluation-set generator.

Every pool of hand-written material is split deterministically between the
"dev" and "test" splits (see `sp`), so a test document is never assembled from
a passage that also appears in a dev document (only skeleton headings such as
"## Installation" are shared, as they are in real documents).
"""
import base64
import json
import random
import struct
import zlib

SPLIT = {"name": "dev"}


def sp(pool):
    """The part of `pool` that belongs to the current split.

    Items with index % 5 in {0, 2} go to dev, the rest to test (40/60)."""
    if len(pool) < 2:
        return list(pool)
    dev = [x for i, x in enumerate(pool) if i % 5 in (0, 2)]
    test = [x for i, x in enumerate(pool) if i % 5 not in (0, 2)]
    return dev if SPLIT["name"] == "dev" else test


def pick(rng, pool):
    return rng.choice(sp(pool))


def picks(rng, pool, k):
    p = sp(pool)
    k = min(k, len(p))
    return rng.sample(p, k)


PEOPLE = [
    ("Sarah", "Chen"), ("Marcus", "Oyelaran"), ("Priya", "Raman"), ("Tomás", "Álvarez"),
    ("Yuki", "Tanaka"), ("Aisha", "Karimi"), ("Jonas", "Weber"), ("Fatima", "Haddad"),
    ("Dmitri", "Volkov"), ("Li", "Wei"), ("Ana", "Souza"), ("Kwame", "Mensah"),
    ("Ingrid", "Halvorsen"), ("Rahul", "Mehta"), ("Chloé", "Martin"), ("Mateo", "Rossi"),
    ("Hannah", "Goldberg"), ("Oluwaseun", "Adeyemi"), ("Elif", "Demir"), ("Sven", "Lindqvist"),
    ("Grace", "Park"), ("Diego", "Fernández"), ("Nadia", "Petrova"), ("Ben", "Carter"),
    ("Mei", "Lin"), ("Omar", "Farouk"), ("Lucía", "Moreno"), ("Tobias", "Schmidt"),
    ("Zanele", "Dlamini"), ("Connor", "Walsh"), ("Anjali", "Nair"), ("Pieter", "de Vries"),
    ("Rosa", "Delgado"), ("Kenji", "Watanabe"), ("Leila", "Nasser"), ("Eamon", "Byrne"),
    ("Svetlana", "Ivanova"), ("Jamal", "Robinson"), ("Freya", "Olsen"), ("Arjun", "Iyer"),
    ("Beatriz", "Costa"), ("Noah", "Friedman"), ("Hye-jin", "Kim"), ("Patrick", "O'Neill"),
    ("Amara", "Okafor"), ("Lukas", "Novak"), ("Maya", "Shapiro"), ("Vikram", "Singh"),
]

COMPANIES = [
    ("Northwind Analytics", "northwind.example"), ("Bluefin Logistics", "bluefin.example"),
    ("Harbor & Pine", "harborpine.example"), ("Quarry Labs", "quarrylabs.example"),
    ("Meridian Health", "meridianhealth.example"), ("Copperleaf Studio", "copperleaf.example"),
    ("Tessellate Inc.", "tessellate.example"), ("Juniper Freight", "juniperfreight.example"),
    ("Oakline Insurance", "oakline.example"), ("Brightwater Schools", "brightwater.example"),
    ("Lumen Robotics", "lumenrobotics.example"), ("Sable & Finch LLP", "sablefinch.example"),
    ("Fieldstone Bank", "fieldstone.example"), ("Pocketful Games", "pocketful.example"),
    ("Cascade Outdoor Co.", "cascadeoutdoor.example"),
]

PROJECTS = [
    ("tidepool", "a tiny job queue backed by SQLite"),
    ("quillstack", "a static site generator for technical notebooks"),
    ("embercache", "an HTTP caching proxy with per-route TTLs"),
    ("lanternfs", "a FUSE filesystem that mirrors S3 buckets read-only"),
    ("parsnip", "a forgiving CSV and TSV parser"),
    ("ripplemq", "a lightweight pub/sub server over WebSockets"),
    ("kiln", "a tool for reproducible build environments defined in a single TOML file"),
    ("marigold", "a terminal dashboard for Kubernetes namespaces"),
    ("hollowbench", "a micro-benchmark harness with statistical reporting"),
    ("snowmelt", "an incremental backup tool with content-defined chunking"),
    ("cobalt-sync", "a two-way directory sync tool that works over SSH"),
    ("pebbledb-lite", "an embedded key-value store for mobile apps"),
    ("outpost", "a self-hosted status page and uptime monitor"),
    ("tallyho", "a plain-text time tracker"),
    ("brisk", "a fast test runner for shell scripts"),
    ("ledgerline", "a double-entry bookkeeping tool for plain-text ledgers"),
    ("wayfinder", "an offline-first map tile server"),
    ("driftwood", "a log shipper with backpressure and disk buffering"),
    ("promptkit", "a library of typed prompt templates for LLM applications"),
    ("sentrybox", "a secrets scanner for git repositories"),
    ("mossgrid", "a CSS grid layout debugger"),
    ("fennel-notes", "a markdown note-taking app with end-to-end encryption"),
    ("starling", "a chat bot framework for Slack and Matrix"),
    ("gatekeep", "a policy-as-code engine for CI pipelines"),
    ("hushvault", "a local secrets manager with a CLI"),
]

DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]


def person(rng):
    f, l = rng.choice(PEOPLE)
    return f, l


def email_of(first, last, domain):
    local = (first[0] + last).lower()
    for a, b in [("á", "a"), ("é", "e"), ("í", "i"), ("ó", "o"), ("ú", "u"), ("'", ""), (" ", ""),
                 ("-", "")]:
        local = local.replace(a, b)
    return f"{local}@{domain}"


def date(rng, year=None):
    y = year or rng.choice([2022, 2023, 2024, 2025])
    m = rng.randint(1, 12)
    d = rng.randint(1, 28)
    return y, m, d


def iso(rng, year=None):
    y, m, d = date(rng, year)
    return f"{y:04d}-{m:02d}-{d:02d}"


def version(rng):
    return f"{rng.randint(0, 4)}.{rng.randint(0, 19)}.{rng.randint(0, 12)}"


def hexs(rng, n):
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def example_jwt(rng, claims=None):
    header = {"alg": "HS256", "typ": "JWT"}
    payload = claims or {"sub": str(rng.randint(1000000, 9999999)), "name": "Jane Example",
                         "iat": 1516239022 + rng.randint(0, 10 ** 8)}
    sig = bytes(rng.getrandbits(8) for _ in range(32))
    return ".".join([b64url(json.dumps(header, separators=(",", ":")).encode()),
                     b64url(json.dumps(payload, separators=(",", ":")).encode()), b64url(sig)])


def png_bytes(rng, w=8, h=8, noise=False):
    """A valid small PNG: a two-colour pattern, or photo-like noise."""
    c1 = [rng.randint(0, 255) for _ in range(3)]
    c2 = [rng.randint(0, 255) for _ in range(3)]
    raw = b""
    for y in range(h):
        raw += b"\x00"
        for x in range(w):
            if noise:
                base = c1 if (x + y) % 7 else c2
                raw += bytes(max(0, min(255, v + rng.randint(-40, 40))) for v in base)
            else:
                raw += bytes(c1 if (x // 2 + y // 2) % 2 == 0 else c2)

    def chunk(t, d):
        c = struct.pack(">I", len(d)) + t + d
        return c + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def png_data_uri(rng, w=8, h=8, noise=False):
    return "data:image/png;base64," + base64.b64encode(png_bytes(rng, w, h, noise)).decode()


def gif_data_uri():
    return "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"


def fake_pem(rng, label="CERTIFICATE", nbytes=600):
    data = bytes(rng.getrandbits(8) for _ in range(nbytes))
    # Start like a DER SEQUENCE so it looks plausible.
    data = b"\x30\x82" + struct.pack(">H", nbytes - 4) + data[4:]
    b = base64.b64encode(data).decode()
    lines = [b[i:i + 64] for i in range(0, len(b), 64)]
    return f"-----BEGIN {label}-----\n" + "\n".join(lines) + f"\n-----END {label}-----"


def b64(s: str) -> str:
    return base64.b64encode(s.encode()).decode()


ESC = "\x1b"


def ansi(code, s):
    return f"{ESC}[{code}m{s}{ESC}[0m"
