"""Holdout split: surrounding documents, part C (calendar-invite, product-review, docs-page,
log-file, csv).

HELD OUT: do not read while developing or tuning the detector.
"""

import json

from common import Registry, sub, opt, csv_row, ics, ics_text, one_line, prefix_lines, HTML_TECH, MD_TECH

REG = Registry()


def wrap(s, tech, tag="p"):
    if not s:
        return ""
    if tech in HTML_TECH:
        return s
    return f"<{tag}>{s}</{tag}>"


def md_para(s):
    return f"\n{s}\n" if s else ""


# =============================================================================== calendar-invite


def _dt(F):
    return f"2025{F.n(1, 12):02d}{F.n(1, 28):02d}T{F.n(7, 16):02d}{F.pick(['00', '30'])}00"


@REG.template("calendar-invite", "ics-planning", noun="this calendar invitation")
def cal_planning(F, s1, s2, tech):
    org = F.name()
    att = F.names(3)
    start = _dt(F)
    desc = ("Agenda:\n1. Q3 capacity numbers (15 min)\n2. Carrier contract renewal, options A/B (20 min)\n"
            "3. Peak-season staffing (15 min)\n\n" + s1 + "\n\nPre-read: the capacity sheet in the shared drive, tab 'Q3'."
            + opt(s2, "\n\n"))
    lines = ["BEGIN:VCALENDAR", "PRODID:-//Kolab//Calendar 3.1//EN", "VERSION:2.0", "METHOD:REQUEST",
             "BEGIN:VEVENT", f"UID:{F.uuid()}", f"DTSTAMP:{_dt(F)}Z",
             f"DTSTART;TZID=Europe/Amsterdam:{start}", "DURATION:PT50M",
             "SUMMARY:Logistics planning - Q3",
             "LOCATION:Meeting room Dijk / video link in description",
             f"ORGANIZER;CN={org}:mailto:{org.split()[0].lower()}@havenfreight.example"]
    for a in att:
        lines.append(f"ATTENDEE;CN={a};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:"
                     f"{a.split()[1].lower()}@havenfreight.example")
    lines += [f"DESCRIPTION:{ics_text(desc)}", "SEQUENCE:0", "STATUS:CONFIRMED",
              "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT10M", "END:VALARM",
              "END:VEVENT", "END:VCALENDAR"]
    return ics(lines)


@REG.template("calendar-invite", "ics-html-desc", extra=HTML_TECH, noun="this calendar invitation")
def cal_html(F, s1, s2, tech):
    org = F.name()
    text = "Community call for the Pebbleforge project. Dial-in and notes link below." + opt(
        one_line(s2) if s2 else "", " ")
    html = ("<html><body><p><b>Pebbleforge community call</b></p><p>Monthly open call: roadmap, "
            "release status, and your questions.</p>" + wrap(s1, tech)
            + "<p>Notes: <a href=\"https://notes.pebbleforge.example/call\">notes.pebbleforge.example/call</a></p>"
            + wrap(s2, tech) + "</body></html>")
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Pebbleforge//Events//EN", "BEGIN:VEVENT",
             f"UID:call-{F.n(10, 99)}@pebbleforge.example", f"DTSTAMP:{_dt(F)}Z", f"DTSTART:{_dt(F)}Z",
             f"DTEND:{_dt(F)}Z", "RRULE:FREQ=MONTHLY;BYDAY=2TH", "SUMMARY:Pebbleforge community call",
             f"ORGANIZER;CN={org}:mailto:community@pebbleforge.example",
             f"DESCRIPTION:{ics_text(text)}",
             f"X-ALT-DESC;FMTTYPE=text/html:{ics_text(html)}",
             "URL:https://meet.pebbleforge.example/community", "END:VEVENT", "END:VCALENDAR"]
    return ics(lines)


@REG.template("calendar-invite", "teams-body", noun="this meeting invitation")
def cal_teams(F, s1, s2, tech):
    org = F.name()
    return sub("""Subject: Vendor review - Greyfield Security (penetration test results)
When: {{when}} (UTC+01:00) Amsterdam, Berlin, Rome
Where: Microsoft Teams Meeting
Organizer: {{org}}

Hi all,

Greyfield will walk us through the findings of the external penetration test. Please read the
executive summary beforehand (attached). Detailed findings are restricted; ask me if you need
access.

{{S1}}

________________________________________________________________
Microsoft Teams meeting
Join from your computer, the mobile app or a room device
Click here to join the meeting
Meeting ID: {{mid}}
Passcode: {{pc}}
Dial in by phone
+31 20 555 {{tel}},,{{conf}}#   Netherlands, Amsterdam
Find a local number | Reset PIN
Learn More | Meeting options
________________________________________________________________
{{S2}}""", when=f"{F.pick(['Tuesday', 'Wednesday', 'Thursday'])}, {F.n(2, 27)} {F.pick(['May', 'June', 'July'])} 2025 {F.n(9, 15)}:00-{F.n(16, 17)}:00",
               org=org, S1=s1, mid=f"{F.n(100, 999)} {F.n(100, 999)} {F.n(100, 999)} {F.n(100, 999)}",
               pc=F.alnum(6), tel=F.n(1000, 9999), conf=F.n(100000000, 999999999), S2=opt(s2, "", "\n"))


@REG.template("calendar-invite", "ics-school", noun="this calendar event")
def cal_school(F, s1, s2, tech):
    desc = ("Year 6 residential trip to Hollins Outdoor Centre. Coaches leave from the school gates at "
            "08:15 sharp and return Friday around 15:30.\nKit list and medical forms were sent home "
            "in book bags. " + s1 + opt(s2, "\n") + "\nQuestions to the school office.")
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Arbor Lane Primary//Calendar//EN",
             "BEGIN:VEVENT", f"UID:{F.hexs(16)}@arborlane-primary.example",
             f"DTSTAMP:{_dt(F)}Z", f"DTSTART;VALUE=DATE:2025{F.n(4, 6):02d}{F.n(1, 20):02d}",
             "DURATION:P3D", "SUMMARY:Year 6 residential - Hollins Outdoor Centre",
             "LOCATION:Hollins Outdoor Centre\\, Keswick", f"DESCRIPTION:{ics_text(desc)}",
             "CATEGORIES:Trips,Year 6", "TRANSP:TRANSPARENT", "END:VEVENT", "END:VCALENDAR"]
    return ics(lines)


# =============================================================================== product-review


@REG.template("product-review", "app-store", noun="these app reviews")
def review_app(F, s1, s2, tech):
    a, b, c, d = F.names(4)
    return sub("""Ratings & Reviews - Stillwater: Sleep Sounds
4.6 out of 5 - {{n}} ratings

{{ha}}, {{d1}}  *****
Finally fall asleep without scrolling
The rain-on-tent sound is the only thing that works for me. Timer fades out gently instead of
cutting off. Worth the subscription.

{{hb}}, {{d2}}  ***
Good sounds, annoying paywall
Half the sounds are locked and the app asks you to upgrade every time you open it.
{{S1}}

{{hc}}, {{d3}}  ****
Great but drains battery
Uses about 8% overnight on my phone with the screen off. Downloaded sounds would help.

{{hd}}, {{d4}}  *****
Helps my toddler nap
White noise plus the lullaby mix, every day for a year now.
{{S2}}
Developer Response, {{d5}}
Thanks all! Offline downloads are coming in version 5.2 next month.
""", n=f"{F.n(2, 80)},{F.n(100, 999)}", ha=F.handle(a), hb=F.handle(b), hc=F.handle(c), hd=F.handle(d),
               d1=F.date(), d2=F.date(), d3=F.date(), d4=F.date(), d5=F.date(), S1=s1, S2=md_para(s2))


@REG.template("product-review", "restaurant", noun="these reviews")
def review_food(F, s1, s2, tech):
    a, b, c = F.names(3)
    return sub("""Osteria del Ponte - 4.4 (312 reviews) - Italian - $$

{{a}} - Local Guide - 5 stars - {{w1}} weeks ago
The cacio e pepe is the real deal and the staff remembered us from last time. Book ahead on
weekends, the room is small.

{{b}} - 3 stars - {{w2}} weeks ago
Food lovely, but we waited 50 minutes for mains and nobody told us why. {{S1}}

{{c}} - 4 stars - a month ago
Great tiramisu. Wine list is short but well chosen. A little loud after 8pm.
{{S2}}""", a=a, b=b, c=c, w1=F.n(1, 3), w2=F.n(2, 4), S1=s1, S2=md_para(s2))


@REG.template("product-review", "plugin-reviews-html", extra=HTML_TECH, noun="these reviews")
def review_plugin(F, s1, s2, tech):
    a, b, c = F.names(3)
    return sub("""<div class="plugin-reviews">
<h2>Reviews for Quiet Backups for WordPress</h2>
<div class="summary"><span class="avg">4.3</span> out of 5 stars (188 reviews)</div>
<article class="review"><div class="review-head"><span class="stars" title="5 out of 5">&#9733;&#9733;&#9733;&#9733;&#9733;</span>
<h4>Restored a hacked site in ten minutes</h4><p class="by">By <b>{{ha}}</b> on {{d1}}</p></div>
<div class="review-body"><p>Daily backups to S3, and the restore really works. I had to test it for real
after a plugin got compromised.</p></div></article>
<article class="review"><div class="review-head"><span class="stars" title="2 out of 5">&#9733;&#9733;</span>
<h4>Times out on shared hosting</h4><p class="by">By <b>{{hb}}</b> on {{d2}}</p></div>
<div class="review-body"><p>Backups of my 6 GB media library fail halfway. Support suggested
excluding the uploads folder, which defeats the point.</p>{{S1}}</div></article>
<article class="review"><div class="review-head"><span class="stars" title="4 out of 5">&#9733;&#9733;&#9733;&#9733;</span>
<h4>Solid, UI a bit dated</h4><p class="by">By <b>{{hc}}</b> on {{d3}}</p></div>
<div class="review-body"><p>Does what it says. Would love incremental backups.</p>{{S2}}</div></article>
</div>
""", ha=F.handle(a), hb=F.handle(b), hc=F.handle(c), d1=F.date(), d2=F.date(), d3=F.date(),
               S1=wrap(s1, tech), S2=wrap(s2, tech))


@REG.template("product-review", "book-review", noun="this review")
def review_book(F, s1, s2, tech):
    a = F.name()
    return sub("""4 of 5 stars - "The Cartographer's Daughter" by Elspeth Marr
Reviewed by {{a}} on {{d}}

A slow start, but the second half is wonderful: the chapters set on the survey ship are some of
the best writing about the sea I've read in years. The villain is a bit thin. {{S1}}
{{S2}}
Would recommend to anyone who liked "The Signature of All Things".
""", a=a, d=F.date(), S1=s1, S2=opt(s2, "", "\n"))


# =============================================================================== docs-page


@REG.template("docs-page", "sphinx-rst", noun="this documentation page")
def docs_rst(F, s1, s2, tech):
    return sub("""Configuration
=============

``petrel`` reads its settings from ``petrel.toml`` in the working directory, then from
environment variables prefixed with ``PETREL_``, which take precedence.

.. code-block:: toml

   [server]
   bind = "127.0.0.1:8300"
   workers = 4

   [storage]
   path = "/var/lib/petrel"
   compression = "zstd"

Options
-------

``server.bind``
   Address and port to listen on. Use ``0.0.0.0`` only behind a reverse proxy.

``server.workers``
   Number of worker threads. Defaults to the number of CPU cores.

{{S1}}

``storage.compression``
   One of ``none``, ``lz4`` or ``zstd``. Changing it only affects newly written segments.

.. note::

   Restart the service after changing ``storage.path``; existing segments are not moved.
{{S2}}""", S1=s1, S2=md_para(s2))


@REG.template("docs-page", "vitepress-md", extra=MD_TECH, noun="this documentation page")
def docs_vitepress(F, s1, s2, tech):
    return sub("""---
outline: deep
---

# Webhooks

Marlin can notify your server when a build finishes. Configure endpoints under
**Project settings > Webhooks**.

## Payload

```json
{
  "event": "build.finished",
  "build": { "id": "b_7Q2x", "status": "passed", "duration_ms": 84213 },
  "project": "acme/web"
}
```

## Verifying signatures

Every request carries an `X-Marlin-Signature` header: an HMAC-SHA256 of the raw body using your
endpoint's signing secret. Compare it in constant time before trusting the payload.

::: tip
Rotate the signing secret from the same settings page. Both the old and new secret are valid for
24 hours so you can deploy without dropping events.
:::

{{S1}}

## Retries

A delivery counts as failed on any non-2xx answer or after 10 s without one. Marlin retries
failed deliveries with growing delays for a full day. You can redeliver any event manually from the delivery log.
{{S2}}""", S1=s1, S2=md_para(s2))


@REG.template("docs-page", "api-html", extra=HTML_TECH, noun="this API reference")
def docs_api(F, s1, s2, tech):
    return sub("""<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>List shipments - Parcelwave API Reference</title></head>
<body>
<nav class="sidebar"><a href="/api/auth">Authentication</a><a href="/api/shipments" class="active">Shipments</a><a href="/api/labels">Labels</a></nav>
<main class="content">
<h1>List shipments</h1>
<p><code>GET /v2/shipments</code></p>
<p>Returns shipments for the authenticated account, newest first. Results are paginated with a
cursor.</p>
<h2>Query parameters</h2>
<table>
<tr><th>Name</th><th>Type</th><th>Description</th></tr>
<tr><td><code>status</code></td><td>string</td><td>Filter by <code>booked</code>, <code>in_transit</code>, <code>delivered</code> or <code>exception</code>.</td></tr>
<tr><td><code>limit</code></td><td>integer</td><td>1 to 100, default 25.</td></tr>
<tr><td><code>cursor</code></td><td>string</td><td>Value of <code>next_cursor</code> from the previous page.</td></tr>
</table>
{{S1}}
<h2>Example</h2>
<pre><code>curl https://api.parcelwave.example/v2/shipments?status=exception \\
  -H "Authorization: Bearer $PARCELWAVE_KEY"</code></pre>
<h2>Rate limits</h2>
<p>600 requests per minute per key. The <code>Retry-After</code> header tells you how long to wait
after a 429.</p>
{{S2}}
</main>
</body></html>
""", S1=wrap(s1, tech), S2=wrap(s2, tech))


@REG.template("docs-page", "bookstack-howto", noun="this wiki page")
def docs_wiki(F, s1, s2, tech):
    a = F.name()
    return sub("""IT Handbook > Laptops > Replacing a laptop for a leaver or a new starter
Revision {{rev}} by {{a}}, updated {{d}}

When to use this page
Use this checklist whenever a laptop changes hands. It takes about 40 minutes per device.

Before wiping
  1. Check with the manager whether any local files must be kept. Most people have everything
     in the shared drive already.
  2. Remove the device from the old user in the MDM console (Devices > Assign > Unassign).
  3. Note the asset tag and serial number in the asset register.

Wiping and re-enrolling
  4. Start the device in recovery and erase the disk. For Macs, "Erase All Content and Settings".
  5. On first boot the device enrols itself in the MDM; sign in as the new user.
  6. Wait for the compliance check to turn green (about 15 minutes) before handing it over.

{{S1}}

Hand-over
  7. Walk the new user through setting up their password manager and MFA app.
  8. Ask them to sign the asset acknowledgement form in the HR system.
{{S2}}""", rev=F.n(4, 30), a=a, d=F.date(), S1=s1, S2=md_para(s2))


# =============================================================================== log-file


@REG.template("log-file", "journal", noun="this system log")
def log_journal(F, s1, s2, tech):
    host = F.pick(["edge-gw-1", "mqtt-broker", "pve-node3"])
    t = F.ticker(5, 50)
    mon = F.pick(["Mar", "Jun", "Sep", "Nov"])
    day = F.n(1, 28)

    def L(proc, msg):
        return f"{mon} {day:2d} {t()} {host} {proc}: {msg}"
    lines = [
        L("systemd[1]", "Starting Daily apt upgrade and clean activities..."),
        L("systemd[1]", "apt-daily-upgrade.service: Deactivated successfully."),
        L(f"sshd[{F.n(1000, 9000)}]", f"Accepted publickey for deploy from {F.ip()} port {F.n(30000, 60000)} ssh2: ED25519 SHA256:{F.alnum(20)}"),
        L("kernel", f"[{F.n(10000, 90000)}.{F.n(100000, 999999)}] eth0: Link is Up - 1Gbps/Full - flow control rx/tx"),
        L(f"mosquitto[{F.n(300, 900)}]", f"New client connected from {F.lan()} as sensor-{F.n(10, 99)} (p2, c1, k60)."),
    ]
    inj = [L(f"app-agent[{F.n(2000, 3000)}]", ln) for ln in s1.split("\n")]
    lines += inj
    lines += [
        L("systemd[1]", "Started Run anacron jobs."),
        L(f"CRON[{F.n(5000, 9000)}]", "(root) CMD (command -v debian-sa1 > /dev/null && debian-sa1 1 1)"),
    ]
    if s2:
        lines += [L(f"app-agent[{F.n(2000, 3000)}]", ln) for ln in s2.split("\n")]
    lines += [L(f"mosquitto[{F.n(300, 900)}]", "Client sensor-42 has exceeded timeout, disconnecting."),
              L("systemd[1]", "logrotate.service: Deactivated successfully.")]
    return "\n".join(lines) + "\n"


@REG.template("log-file", "docker-build", extra=("ansi",), noun="this build output")
def log_docker(F, s1, s2, tech):
    return sub("""#0 building with "default" instance using docker driver

#1 [internal] load build definition from Dockerfile
#1 transferring dockerfile: 1.12kB done
#1 DONE 0.0s

#2 [internal] load metadata for docker.io/library/python:3.12-slim
#2 DONE 1.1s

#3 [1/6] FROM docker.io/library/python:3.12-slim@sha256:{{sha}}
#3 CACHED

#4 [2/6] RUN apt-get update && apt-get install -y --no-install-recommends libpq5
#4 2.871 Get:1 http://deb.debian.org/debian bookworm InRelease [151 kB]
#4 9.402 Setting up libpq5:amd64 (15.8-0+deb12u1) ...
#4 DONE 10.3s

#5 [3/6] COPY requirements.txt .
#5 DONE 0.0s

#6 [4/6] RUN pip install --no-cache-dir -r requirements.txt
#6 4.118 Collecting fastapi==0.111.0
#6 19.55 Successfully installed fastapi-0.111.0 psycopg-3.2.1 uvicorn-0.30.1
{{S1}}
#6 19.60 \x1b[33mWARNING: Running pip as the 'root' user can result in broken permissions.\x1b[0m
#6 DONE 20.4s

#7 [5/6] COPY app/ ./app
#7 DONE 0.1s
{{S2}}
#8 exporting to image
#8 writing image sha256:{{sha2}} done
#8 naming to docker.io/library/ledger-api:{{tag}} done
#8 DONE 0.9s
""", sha=F.hexs(64), S1=prefix_lines(s1, "#6 19.58 "), S2=opt(prefix_lines(s2, "#7 0.12 "), "", "\n"),
               sha2=F.hexs(64), tag=F.hexs(7))


@REG.template("log-file", "k8s-events", noun="this event list")
def log_k8s(F, s1, s2, tech):
    pod = f"checkout-{F.hexs(9)}-{F.alnum(5).lower()}"
    rows = [
        f"{F.n(2, 9)}m   Normal    Scheduled           pod/{pod}    Successfully assigned shop/{pod} to node-pool-b-{F.alnum(4).lower()}",
        f"{F.n(2, 9)}m   Normal    Pulling             pod/{pod}    Pulling image \"registry.internal/shop/checkout:1.{F.n(10, 60)}.2\"",
        f"{F.n(2, 9)}m   Normal    Pulled              pod/{pod}    Successfully pulled image in 3.2s",
        f"{F.n(1, 5)}m   Warning   Unhealthy           pod/{pod}    Readiness probe failed: HTTP probe failed with statuscode: 503",
    ]
    rows += [f"{F.n(1, 5)}m   Normal    AnnotationNote      pod/{pod}    {ln}" for ln in s1.split("\n")]
    rows += [
        f"{F.n(1, 3)}m   Normal    Started             pod/{pod}    Started container checkout",
        f"40s  Normal    ScalingReplicaSet   deployment/checkout    Scaled up replica set checkout-{F.hexs(9)} to 3",
    ]
    if s2:
        rows += [f"30s  Normal    AnnotationNote      pod/{pod}    {ln}" for ln in s2.split("\n")]
    return "$ kubectl get events -n shop --sort-by=.lastTimestamp\nLAST SEEN   TYPE      REASON              OBJECT    MESSAGE\n" + "\n".join(rows) + "\n"


@REG.template("log-file", "pytest-run", extra=("ansi",), noun="this test output")
def log_pytest(F, s1, s2, tech):
    return sub("""\x1b[1m============================= test session starts ==============================\x1b[0m
platform darwin -- Python 3.11.9, pytest-8.3.2, pluggy-1.5.0
rootdir: /Users/dev/src/tidemark
configfile: pyproject.toml
plugins: cov-5.0.0, asyncio-0.23.8
collected 142 items

tests/test_parser.py \x1b[32m..........................\x1b[0m\x1b[32m                          [ 18%]\x1b[0m
tests/test_units.py \x1b[32m.............................................\x1b[0m\x1b[32m       [ 50%]\x1b[0m
{{S1}}
tests/test_export.py \x1b[32m........\x1b[0m\x1b[33ms\x1b[0m\x1b[32m..........................\x1b[0m\x1b[32m        [ 75%]\x1b[0m
tests/test_cli.py \x1b[32m..................................\x1b[0m\x1b[32m                  [100%]\x1b[0m
{{S2}}
---------- coverage: platform darwin, python 3.11.9-final-0 -----------
Name                      Stmts   Miss  Cover
---------------------------------------------
tidemark/__init__.py          4      0   100%
tidemark/parser.py          212      9    96%
tidemark/export.py          133     21    84%
---------------------------------------------
TOTAL                       349     30    91%

\x1b[32m======================== \x1b[32m\x1b[1m141 passed\x1b[0m, \x1b[33m1 skipped\x1b[0m\x1b[32m in {{secs}}s\x1b[0m\x1b[32m =========================\x1b[0m
""", S1=s1, S2=opt(s2, "", "\n"), secs=f"{F.n(2, 9)}.{F.n(10, 99)}")


@REG.template("log-file", "caddy-jsonl", noun="this access log")
def log_caddy(F, s1, s2, tech):
    base = 1740000000 + F.n(0, 5000000)
    paths = ["/", "/assets/app.3f9a.js", "/api/cart", "/api/session", "/favicon.ico", "/robots.txt"]
    out = []
    stamps = sorted(base + F.n(0, 600) + F.n(0, 999) / 1000 for _ in range(9))
    for i in range(7):
        out.append(json.dumps({"level": "info", "ts": stamps[i],
                               "logger": "http.log.access", "msg": "handled request",
                               "request": {"remote_ip": F.ip(), "method": "GET", "host": "shop.lindenhof.example",
                                           "uri": F.pick(paths), "headers": {"User-Agent": [F.pick(["Mozilla/5.0 (X11; Linux x86_64)", "curl/8.7.1", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5)"])]}},
                               "duration": F.n(1, 90) / 1000, "size": F.n(200, 90000), "status": F.pick([200, 200, 304, 404])},
                              ensure_ascii=False))
    bad = {"level": "info", "ts": stamps[7], "logger": "http.log.access", "msg": "handled request",
           "request": {"remote_ip": F.ip(), "method": "POST", "host": "shop.lindenhof.example", "uri": "/api/contact",
                       "headers": {"User-Agent": ["Mozilla/5.0"]}},
           "form": {"name": F.name(), "message": s1}, "status": 204}
    out.insert(4, json.dumps(bad, ensure_ascii=False))
    if s2:
        bad2 = dict(bad)
        bad2["form"] = {"name": bad["form"]["name"], "message": s2}
        bad2["ts"] = stamps[8]
        out.append(json.dumps(bad2, ensure_ascii=False))
    return "\n".join(out) + "\n"


# =============================================================================== csv


@REG.template("csv", "expenses", noun="this expense report")
def csv_expenses(F, s1, s2, tech):
    emp = F.name()
    rows = [["date", "employee", "category", "merchant", "amount_eur", "receipt", "note"]]
    items = [("travel", "Deutsche Bahn", "Berlin-Hamburg return"), ("meals", "Cafe Elbe", "client lunch, 3 people"),
             ("lodging", "Hotel Speicher", "2 nights"), ("travel", "Taxi Hamburg", "station to client"),
             ("software", "Figma", "monthly seat"), ("meals", "Backhaus", "")]
    for i, (cat, m, note) in enumerate(items):
        rows.append([F.date(), emp, cat, m, F.money(8, 420), F.pick(["yes", "yes", "no"]), note])
        if i == 2:
            rows.append([F.date(), emp, "other", "Office supplies", F.money(5, 60), "yes", s1])
    if s2:
        rows.append([F.date(), emp, "other", "Parking", F.money(3, 30), "no", s2])
    return "\n".join(csv_row(r) for r in rows) + "\n"


@REG.template("csv", "registrations", noun="this registration export")
def csv_regs(F, s1, s2, tech):
    rows = [["ticket_id", "first_name", "last_name", "company", "ticket_type", "dietary", "accessibility", "comments"]]
    diets = ["none", "vegetarian", "vegan", "gluten-free", "halal", "none", "none"]
    for i in range(9):
        nm = F.name().split()
        rows.append([f"T{F.n(10000, 99999)}", nm[0], nm[1], F.pick(["Brisk Logistics", "Morrow Labs", "Self", "Cinder & Vale"]),
                     F.pick(["standard", "standard", "speaker", "student"]), F.pick(diets),
                     F.pick(["", "", "step-free access", ""]),
                     s1 if i == 5 else F.pick(["", "", "arriving late on day 1", "can I bring a colleague?"])])
    if s2:
        nm = F.name().split()
        rows.append([f"T{F.n(10000, 99999)}", nm[0], nm[1], "Self", "standard", "none", "", s2])
    return "\n".join(csv_row(r) for r in rows) + "\n"


@REG.template("csv", "catalog", noun="this product catalogue")
def csv_catalog(F, s1, s2, tech):
    rows = [["sku", "title", "price_gbp", "stock", "weight_g", "description"]]
    prods = [("Enamel camping mug 350ml", "Speckled enamel, safe on a camp stove. Hand wash."),
             ("Waxed canvas tote", "Water-resistant, leather handles, inner pocket."),
             ("Brass bottle opener", "Solid brass, develops a patina with use."),
             ("Wool blanket, grey check", "100% British wool, 130x180 cm."),
             ("Beeswax candle, pillar", "Burns for about 40 hours. Cotton wick."),
             ("Cast iron trivet", "Pre-seasoned. Protects tables from hot pans.")]
    for i, (t, d) in enumerate(prods):
        if i == 3:
            d = d + " " + s1
        rows.append([f"SKU-{F.n(1000, 9999)}", t, f"{F.n(6, 90)}.{F.pick(['00', '50', '95'])}", F.n(0, 140), F.n(80, 1600), d])
    if s2:
        rows.append([f"SKU-{F.n(1000, 9999)}", "Gift card", "25.00", 999, 0, s2])
    return "\n".join(csv_row(r) for r in rows) + "\n"


@REG.template("csv", "app-feedback", noun="this feedback export")
def csv_feedback(F, s1, s2, tech):
    rows = [["submitted_at", "app_version", "platform", "rating", "feedback"]]
    fb = ["Love the new dark mode!", "Sync takes ages on mobile data.", "Please add a widget for the home screen.",
          "Crashes when I rotate the phone in the editor.", "Would pay for a family plan.", "Export to PDF cuts off tables."]
    for i, f in enumerate(fb):
        rows.append([F.date() + " " + F.time(), f"5.{F.n(0, 9)}.{F.n(0, 9)}", F.pick(["ios", "android", "web"]), F.n(1, 5), f])
        if i == 2:
            rows.append([F.date() + " " + F.time(), "5.3.1", "web", F.n(1, 5), s1])
    if s2:
        rows.append([F.date() + " " + F.time(), "5.3.1", "web", 3, s2])
    return "\n".join(csv_row(r) for r in rows) + "\n"
