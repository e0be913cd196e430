"""Shared helpers for the holdout split of the benign evaluation set.

Self-contained: it does not import ../_gen/. People, companies and projects are new lists,
distinct from the ones used for dev/test.
"""
import base64
import struct
import zlib

PEOPLE = [
    ("Aoife", "Gallagher"), ("Bilal", "Qureshi"), ("Carmen", "Ibáñez"), ("Desmond", "Achebe"),
    ("Eun-ji", "Seo"), ("Fredrik", "Nyström"), ("Gabriela", "Mendes"), ("Hamid", "Sadeghi"),
    ("Ilse", "Vermeulen"), ("Joaquín", "Paredes"), ("Katarzyna", "Lis"), ("Lars", "Eriksen"),
    ("Marisol", "Reyes"), ("Nnamdi", "Obi"), ("Olga", "Baranova"), ("Pradeep", "Kumar"),
    ("Rhiannon", "Pryce"), ("Sindre", "Haugen"), ("Tamar", "Levi"), ("Umar", "Bello"),
    ("Veronika", "Hrubá"), ("Wen", "Jiang"), ("Ximena", "Rojas"), ("Yusuf", "Aydın"),
    ("Zainab", "Suleiman"), ("Alessio", "Marchetti"), ("Brigid", "Doyle"), ("Chidi", "Nwachukwu"),
    ("Dagny", "Solberg"), ("Emil", "Kowalski"), ("Fumiko", "Mori"), ("Gideon", "Asare"),
    ("Hana", "Novotná"), ("Ibrahim", "Diallo"), ("Jae-won", "Cho"), ("Kirsten", "Albers"),
    ("Leon", "Wagner"), ("Mirela", "Popescu"), ("Niamh", "Keane"), ("Otto", "Lehmann"),
    ("Paloma", "Serrano"), ("Rafael", "Moura"), ("Saoirse", "Kenny"), ("Thiago", "Barros"),
    ("Uma", "Pillai"), ("Viktor", "Lund"),
]

COMPANIES = [
    ("Fernhill Dental Group", "fernhill-dental.example"), ("Quayline Ferries", "quayline.example"),
    ("Brambleton Library Services", "brambleton.example"), ("Kiteframe Software", "kiteframe.example"),
    ("Solent Grid Storage", "solentgrid.example"), ("Marrow & Oak Architects", "marrowoak.example"),
    ("Pinecrest Credit Union", "pinecrest-cu.example"), ("Ostrander Biotech", "ostrander-bio.example"),
    ("Tallgrass Media", "tallgrass.example"), ("Redwater Utilities", "redwater.example"),
    ("Highmoor Outdoor", "highmoor.example"), ("Vantage Point Legal", "vantagepoint-legal.example"),
    ("Coldspring Robotics", "coldspring.example"), ("Larkhill Clinics", "larkhill.example"),
    ("Saltbox Games", "saltbox.example"),
]

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]
MON3 = [m[:3] for m in MONTHS]
WDAY = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def person(rng):
    return rng.choice(PEOPLE)


def people(rng, k):
    return rng.sample(PEOPLE, k)


def full(p):
    return f"{p[0]} {p[1]}"


def ascii_fold(s):
    table = str.maketrans("áéíóúñäöüåøæçğışčěřžýůÁÉÍÓÚÑÄÖÜÅØÆÇĞİŞČĚŘŽÝŮ",
                          "aeiounaouaoacgiscerzyuAEIOUNAOUAOACGISCERZYU")
    return s.translate(table).replace("'", "").replace(" ", "").replace("-", "")


def email_of(p, domain, style=0):
    f, l = ascii_fold(p[0]).lower(), ascii_fold(p[1]).lower()
    if style == 1:
        return f"{f}@{domain}"
    if style == 2:
        return f"{f[0]}{l}@{domain}"
    return f"{f}.{l}@{domain}"


def handle(p):
    return (ascii_fold(p[0])[:1] + ascii_fold(p[1])).lower()


def company(rng):
    return rng.choice(COMPANIES)


def ymd(rng, year=None):
    y = year or rng.choice([2024, 2025])
    return f"{y:04d}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"


def long_date(rng, year=None):
    y = year or rng.choice([2024, 2025])
    return f"{rng.randint(1, 28)} {rng.choice(MONTHS)} {y}"


def rfc2822(rng, year=None):
    y = year or rng.choice([2024, 2025])
    return (f"{rng.choice(WDAY)}, {rng.randint(1, 28)} {rng.choice(MON3)} {y} "
            f"{rng.randint(7, 19):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d} "
            f"{rng.choice(['+0000', '+0100', '+0200', '-0500', '-0800', '+0530', '+1100'])}")


def hexs(rng, k):
    return "".join(rng.choice("0123456789abcdef") for _ in range(k))


def alnum(rng, k):
    return "".join(rng.choice("abcdefghijkmnpqrstuvwxyz23456789") for _ in range(k))


def version(rng):
    return f"{rng.randint(0, 6)}.{rng.randint(0, 24)}.{rng.randint(0, 9)}"


def msgid(rng, domain):
    return f"<{hexs(rng, 12)}.{rng.randint(1000, 9999)}@{domain}>"


def sub(tmpl, **kw):
    for k, v in kw.items():
        tmpl = tmpl.replace("{{" + k + "}}", str(v))
    import re
    left = re.findall(r"\{\{[a-z0-9_]+\}\}", tmpl)
    assert not left, left
    return tmpl


def mail_headers(rng, frm, to, subject, domain, cc=None, extra=None):
    lines = [f"From: {frm}", f"To: {to}"]
    if cc:
        lines.append(f"Cc: {cc}")
    lines += [f"Subject: {subject}", f"Date: {rfc2822(rng)}", f"Message-ID: {msgid(rng, domain)}"]
    if extra:
        lines += extra
    lines.append("Content-Type: text/plain; charset=\"utf-8\"")
    return "\n".join(lines) + "\n\n"


# ------------------------------------------------------------------- tiny PNGs for data: URIs


def _chunk(kind, data):
    c = struct.pack(">I", len(data)) + kind + data
    return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(rng, w=None, h=None):
    w = w or rng.choice([4, 6, 8, 12, 16])
    h = h or rng.choice([4, 6, 8, 12, 16])
    base = [rng.randint(0, 255) for _ in range(3)]
    raw = b""
    for y in range(h):
        raw += b"\x00"
        for x in range(w):
            k = (x * 7 + y * 13) % 40
            raw += bytes([(base[0] + k) % 256, (base[1] + 2 * k) % 256, (base[2] + 3 * k) % 256])
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    data = b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", zlib.compress(raw, 9)) + _chunk(b"IEND", b"")
    return base64.b64encode(data).decode("ascii")


def data_uri(rng, w=None, h=None):
    return "data:image/png;base64," + png(rng, w, h)


def rng_pick_day(rng):
    return f"{rng.choice(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])} {rng.randint(2, 27)} {rng.choice(MONTHS)}"
