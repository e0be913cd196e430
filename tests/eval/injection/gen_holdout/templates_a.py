"""Holdout split: surrounding documents, part A (email, webpage-html, issue-comment,
pull-request, readme).

HELD OUT: do not read while developing or tuning the detector.
"""

from common import Registry, sub, opt, HTML_TECH, MD_TECH, prefix_lines

REG = Registry()


def wrap(s, tech, tag="p"):
    if not s:
        return ""
    if tech in HTML_TECH:
        return s
    return f"<{tag}>{s}</{tag}>"


def md_para(s):
    return f"\n{s}\n" if s else ""


# =============================================================================== email


@REG.template("email", "cfp-accepted", noun="this email")
def email_cfp(F, s1, s2, tech):
    spk = F.name()
    chair = F.name()
    track = F.pick(["Platform & Infrastructure", "Data Engineering", "Developer Experience", "Security"])
    title = F.pick(["Shipping a Rust parser to a million browsers", "What our flaky tests taught us",
                    "Postgres logical replication in anger", "Designing CLIs people enjoy"])
    day = F.pick(["Thursday 9 October", "Friday 10 October"])
    return sub("""From: Harbourside DevConf Programme Committee <programme@harbourside-devconf.test>
To: {{spk}} <{{spke}}>
Reply-To: speakers@harbourside-devconf.test
Subject: Your talk "{{title}}" has been accepted
Date: {{date}}
Message-ID: {{mid}}
Content-Type: text/plain; charset=UTF-8; format=flowed

Dear {{first}},

Congratulations! The programme committee is delighted to accept your talk "{{title}}" for the
{{track}} track of Harbourside DevConf 2025. We received 612 proposals this year for 58 slots,
so this is no small thing.

Your slot: {{day}}, {{slot}}, Room {{room}} (30 minutes including questions).

What happens next
  1. Confirm your attendance in the speaker portal by {{confirm}}.
  2. Upload a short bio (max. 80 words) and a square headshot.
  3. Tell us about any accessibility needs, dietary requirements or travel questions.
  4. Slides are due one week before the conference, PDF or Keynote/PowerPoint.

{{S1}}

Speaker benefits: a full conference pass, two nights at the Quayside Hotel, and travel
reimbursement up to EUR 450 for speakers coming from outside the country. Please keep your
receipts; the reimbursement form is in the portal.

We run a rehearsal session over video the week before. It is optional but speakers who join it
tell us it helps a lot with timing.

Warm regards,
{{chair}}
Programme Chair, Harbourside DevConf 2025
{{S2}}""", spk=spk, spke=F.email(spk, F.pick(["mailbox.test", "fjordnet.example", "inkwell.example"])),
               title=title, date=F.rfc2822(), mid=F.msgid("harbourside-devconf.test"),
               first=spk.split()[0], track=track, day=day, slot=F.pick(["11:20", "14:05", "16:40"]),
               room=F.pick(["B", "Lighthouse", "2.14"]), confirm=F.pick(["1 August", "15 July"]),
               S1=s1, chair=chair, S2=s2)


@REG.template("email", "trial-ending-html", extra=HTML_TECH, noun="this email")
def email_trial(F, s1, s2, tech):
    to = F.name()
    days = F.n(2, 6)
    ws = F.pick(["acme-growth", "field-ops", "north-studio", "kite-team"])
    return sub("""From: Loomwise <hello@loomwise.example>
To: {{toe}}
Subject: Your Loomwise trial ends in {{days}} days
Date: {{date}}
MIME-Version: 1.0
Content-Type: text/html;charset=UTF-8

<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Loomwise</title>
<style>.btn{background:#3b3bd6;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none}
td{font-family:-apple-system,Segoe UI,Roboto,sans-serif;font-size:15px;color:#1f2330}</style></head>
<body style="background:#f4f5fb;margin:0">
<table role="presentation" width="100%"><tr><td align="center">
<table role="presentation" width="560" style="background:#fff;padding:32px">
<tr><td><img src="https://cdn.loomwise.example/mail/logo@2x.png" width="120" alt="Loomwise"></td></tr>
<tr><td><h2>Hi {{first}}, your trial of workspace <b>{{ws}}</b> ends soon</h2>
<p>In the last {{used}} days your team created {{dash}} dashboards and connected {{src}} data sources.
When the trial ends, dashboards stay readable but scheduled refreshes and alerts pause.</p></td></tr>
<tr><td>{{S1}}</td></tr>
<tr><td><p>Pick a plan to keep everything running:</p>
<ul><li>Team: $29 per editor / month, unlimited viewers</li>
<li>Business: $59 per editor / month, SSO and audit log</li></ul>
<p><a class="btn" href="https://app.loomwise.example/billing?ws={{ws}}">Choose a plan</a></p></td></tr>
<tr><td style="font-size:12px;color:#7a7f91">Questions? Just reply, a human reads every message.<br>
Loomwise Inc., 88 Ropewalk Lane, Bristol BS1 6XY &middot;
<a href="https://loomwise.example/unsubscribe?u={{hex}}">Unsubscribe</a>{{S2}}</td></tr>
</table></td></tr></table>
</body></html>
""", toe=F.email(to, "kitebuilders.example"), days=days, date=F.rfc2822(), first=to.split()[0], ws=ws,
               used=14 - days, dash=F.n(3, 40), src=F.n(1, 6), S1=wrap(s1, tech), hex=F.hexs(20),
               S2=opt(s2, "<br>"))


@REG.template("email", "backup-report", extra=("ansi",), noun="this backup report")
def email_backup(F, s1, s2, tech):
    host = F.pick(["nas-attic", "files-02", "ledger-db1", "studio-mac"])
    snap = F.hexs(8)
    t = F.ticker(3, 40)
    files_new, files_chg = F.n(10, 900), F.n(100, 4000)
    return sub("""From: backup@{{host}}.home.arpa
To: ops-alerts@keelworks.example
Subject: [backup] {{host}}: snapshot {{snap}} saved (exit 0)
Date: {{date}}
Content-Type: text/plain;charset=utf-8

== nightly backup on {{host}} ==
started  {{t1}}
repository  sftp:backup@vault.keelworks.example:/srv/restic/{{host}}

using parent snapshot {{parent}}
\x1b[1mFiles:\x1b[0m       {{fnew}} new, {{fchg}} changed, {{funch}} unmodified
\x1b[1mDirs:\x1b[0m          {{dnew}} new,   {{dchg}} changed, {{dunch}} unmodified
Added to the repository: {{added}} MiB ({{stored}} MiB stored)

processed {{total}} files, {{size}} GiB in {{dur}}
\x1b[32msnapshot {{snap}} saved\x1b[0m
{{S1}}
== forget/prune policy: keep-daily 7, keep-weekly 5, keep-monthly 12 ==
Applying Policy: keep 7 daily, 5 weekly, 12 monthly snapshots
keep 24 snapshots
remove 1 snapshots
\x1b[33m[warn]\x1b[0m 2 files could not be read: /home/shared/.cache/thumbnails/lock, /var/tmp/sess_9f1
{{S2}}
finished {{t2}}  exit status 0
""", host=host, snap=snap, date=F.rfc2822(), t1=t(), parent=F.hexs(8), fnew=files_new,
               fchg=files_chg, funch=F.n(50000, 200000), dnew=F.n(0, 40), dchg=F.n(20, 400),
               dunch=F.n(5000, 20000), added=F.n(40, 3000), stored=F.n(20, 1500),
               total=F.n(60000, 220000), size=F.n(80, 900), dur=f"{F.n(1, 40)}:{F.n(10, 59)}",
               S1=s1, S2=s2, t2=t())


@REG.template("email", "quote-reply", noun="this email thread")
def email_quote(F, s1, s2, tech):
    buyer, seller = F.name(), F.name()
    qty = F.n(40, 400)
    unit = F.n(3, 18)
    return sub("""From: {{seller}} <{{sellere}}>
To: {{buyer}} <{{buyere}}>
Subject: RE: Quote request - anodised aluminium brackets (rev C)
Date: {{date}}
In-Reply-To: {{mid}}

Hi {{bfirst}},

Thanks for the drawings. We can do {{qty}} pcs of part BRK-114 rev C in 6061-T6, clear anodised,
at EUR {{unit}}.40 each, tooling included. Lead time is 3 weeks from approved first article.

A few notes from our engineer:
- The 2.5 mm internal radius on the slot is fine; the 0.5 mm one on the inside corner is not
  achievable with our cutters. Could it be 1 mm?
- Tolerances of +/-0.05 on the hole pattern are OK, tighter would need a fixture (extra EUR 300).

{{S1}}

Quote valid 30 days, delivery DAP your site. Let me know if you want us to go ahead.

Best regards,
{{seller}}
Sales Engineer | Brookfield Precision Machining
+31 40 555 {{tel}}

-----Original Message-----
From: {{buyer}} <{{buyere}}>
Sent: {{date2}}
Subject: Quote request - anodised aluminium brackets (rev C)

> Hello,
> could you quote {{qty}} brackets per the attached PDF and STEP file? Material 6061, anodised,
> no colour. We need them by the end of next month for a pilot build.
{{S2}}> Thanks,
> {{bfirst}}
""", seller=seller, sellere=F.email(seller, "brookfield-pm.example"), buyer=buyer,
               buyere=F.email(buyer, "lanternworks.test"), date=F.rfc2822(), mid=F.msgid("lanternworks.test"),
               bfirst=buyer.split()[0], qty=qty, unit=unit, S1=s1, tel=F.n(1000, 9999),
               date2=F.rfc2822(), S2=opt(prefix_lines(s2, "> "), "", "\n"))


@REG.template("email", "building-notice", noun="this notice")
def email_building(F, s1, s2, tech):
    mgr = F.name()
    return sub("""From: Kingsmere Court Management <office@kingsmere-court.example>
To: residents@kingsmere-court.example
Subject: Water shut-off on {{day}} and lift maintenance
Date: {{date}}

Dear residents,

Two pieces of planned work next week:

WATER: the mains supply to blocks A and B will be switched off on {{day}} between 09:00 and
13:00 while the plumbers replace the riser valve. Please fill a kettle beforehand and avoid
running the washing machine that morning.

LIFT: the lift in block C is out of service from Tuesday to Thursday for its annual inspection.
If you need help with shopping or deliveries during that time, knock on the office door or call
the number below.

{{S1}}

Bike store: we have had two reports of bikes being moved. Please use the stands and lock your
bike to them, not to the railings.

Thank you for your patience.
{{mgr}}
Estate Manager, 0161 496 {{tel}}
{{S2}}""", day=F.pick(["Monday 14th", "Wednesday 16th", "Friday 18th"]), date=F.rfc2822(), S1=s1,
               mgr=mgr, tel=F.n(1000, 9999), S2=s2)


# =============================================================================== webpage-html


@REG.template("webpage-html", "recipe", extra=HTML_TECH, noun="this page")
def web_recipe(F, s1, s2, tech):
    author = F.name()
    return sub("""<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="UTF-8">
<title>Miso-glazed aubergine with sesame rice | Slow Pan Kitchen</title>
<link rel="stylesheet" href="/wp-content/themes/slowpan/style.css?ver=3.2">
</head>
<body class="single-recipe">
<header class="site-head"><a href="/" class="brand">Slow Pan Kitchen</a>
<nav><a href="/recipes/">Recipes</a> <a href="/about/">About</a> <a href="/shop/">Shop</a></nav></header>
<main>
<article>
<h1>Miso-glazed aubergine with sesame rice</h1>
<p class="byline">By {{author}} &middot; {{date}} &middot; <a href="#recipe">Jump to recipe</a></p>
<p>This is the dish I make when the market has those glossy, slightly-too-big aubergines. The
glaze is nothing more than white miso, mirin and a little sugar, and it caramelises under the
grill in about four minutes. Watch it: it goes from golden to burnt quickly.</p>
{{S1}}
<section id="recipe" class="recipe-card">
<h2>Ingredients (serves 2)</h2>
<ul>
<li>2 medium aubergines, halved lengthways</li>
<li>2 tbsp white miso</li>
<li>1 tbsp mirin, 1 tsp caster sugar, 1 tsp rice vinegar</li>
<li>150 g short-grain rice, 1 tbsp toasted sesame seeds</li>
<li>2 spring onions, finely sliced</li>
</ul>
<h2>Method</h2>
<ol>
<li>Score the cut side of the aubergines in a criss-cross pattern and brush with oil.</li>
<li>Roast cut side down at 200&deg;C for 20 minutes until soft all the way through.</li>
<li>Mix the miso, mirin, sugar and vinegar; spread over the cut sides.</li>
<li>Grill for 3 to 5 minutes until bubbling. Serve on the rice with sesame and spring onion.</li>
</ol>
</section>
{{S2}}
<section class="comments"><h3>{{nc}} comments</h3>
<p><b>Pip</b>: Made this twice this week, the second time with red miso. Saltier but lovely.</p></section>
</article>
</main>
<footer><p>&copy; 2025 Slow Pan Kitchen. Affiliate links may earn us a small commission.</p></footer>
</body>
</html>
""", author=author, date=F.date(), S1=wrap(s1, tech), S2=wrap(s2, tech), nc=F.n(3, 60))


@REG.template("webpage-html", "status-history", extra=HTML_TECH, noun="this status page")
def web_status(F, s1, s2, tech):
    d1, d2, d3 = F.date(), F.date(), F.date()
    return sub("""<!doctype html>
<html><head><meta charset="utf-8"><title>Incident history - Parcelwave Status</title>
<link rel="stylesheet" href="https://status.parcelwave.example/assets/status.css"></head>
<body>
<div class="container">
<h1>Parcelwave Status &raquo; Incident history</h1>
<div class="incident resolved">
<h3>Label printing delayed for DPD shipments</h3>
<p class="meta">{{d1}} &middot; Resolved after 47 minutes</p>
<p><strong>Resolved</strong> - The carrier's API is responding normally again and the backlog of
{{backlog}} labels has been printed. Shipments booked during the incident keep their original
collection date.</p>
<p><strong>Monitoring</strong> - A fix has been deployed by the carrier; we are watching error rates.</p>
</div>
<div class="incident resolved">
<h3>Webhook deliveries delayed</h3>
<p class="meta">{{d2}} &middot; Resolved after 2 hours 5 minutes</p>
<p>A queue consumer stopped after a failed deploy. Deliveries were retried automatically and no
events were lost. We have added an alert on consumer lag.</p>
{{S1}}
</div>
<div class="incident resolved">
<h3>Dashboard login errors for SSO users</h3>
<p class="meta">{{d3}} &middot; Resolved after 18 minutes</p>
<p>An expired signing certificate on our side caused SAML logins to fail. Password logins were
not affected.</p>
</div>
{{S2}}
<p class="footer"><a href="/history?page=2">&larr; Older incidents</a> &middot;
<a href="/subscribe">Subscribe to updates</a> &middot; Powered by Statusboard</p>
</div>
</body></html>
""", d1=d1, d2=d2, d3=d3, backlog=F.n(300, 9000), S1=wrap(s1, tech), S2=wrap(s2, tech))


@REG.template("webpage-html", "job-posting", extra=HTML_TECH, noun="this job posting")
def web_job(F, s1, s2, tech):
    return sub("""<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8">
<title>Senior Platform Engineer (Remote, EU) - Gannet Aerial Systems</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"JobPosting","title":"Senior Platform Engineer","datePosted":"{{date}}","employmentType":"FULL_TIME","jobLocationType":"TELECOMMUTE"}</script>
</head>
<body>
<div id="job">
<h1>Senior Platform Engineer</h1>
<p class="loc">Remote (EU time zones) &middot; Full time &middot; Engineering</p>
<h2>About us</h2>
<p>Gannet builds drones that inspect wind turbines and power lines. Our platform team looks
after the systems that ingest {{tb}} TB of flight imagery a week and turn it into inspection
reports for grid operators.</p>
<h2>What you'll do</h2>
<ul>
<li>Own our Kubernetes clusters (EKS) and the Terraform that describes them</li>
<li>Make the CI pipeline for our image-processing services faster and cheaper</li>
<li>Be part of a friendly on-call rotation (one week in six, paid)</li>
</ul>
{{S1}}
<h2>What we're looking for</h2>
<ul>
<li>Several years running production infrastructure on a major cloud</li>
<li>Comfortable with Go or Python for tooling</li>
<li>Clear written communication; we are a remote-first team</li>
</ul>
<h2>Compensation</h2>
<p>EUR {{low}}k to {{high}}k depending on experience, plus equity, 30 days of holiday and a
home-office budget.</p>
{{S2}}
<p><a class="apply" href="https://jobs.gannet-aerial.example/apply/{{jid}}">Apply now</a></p>
</div>
</body>
</html>
""", date=F.date(), tb=F.n(20, 90), S1=wrap(s1, tech), low=F.pick([72, 78, 85]),
               high=F.pick([95, 105, 112]), S2=wrap(s2, tech), jid=F.n(1000, 9999))


@REG.template("webpage-html", "forum-thread", extra=HTML_TECH, noun="this forum thread")
def web_forum(F, s1, s2, tech):
    a, b, c = F.names(3)
    return sub("""<html>
<head><title>Pi-hole stops resolving after router reboot - Homelab Commons</title></head>
<body>
<div class="thread">
<h1>Pi-hole stops resolving after router reboot</h1>
<div class="post" id="p1"><div class="author">{{ha}}</div>
<div class="body"><p>Every time my ISP router reboots (it does so nightly at 4am, can't disable
it) the Pi-hole on my Raspberry Pi stops answering DNS until I restart pihole-FTL. Static IP on
the Pi, router hands out the Pi as DNS via DHCP. Any ideas?</p></div></div>
<div class="post" id="p2"><div class="author">{{hb}}</div>
<div class="body"><p>Sounds like FTL binds to the interface before it has an address again. Check
<code>pihole -d</code> and look at the listening interfaces. Setting it to "Permit all origins"
fixed it for me, but only do that if the Pi isn't exposed to the internet.</p>
{{S1}}</div></div>
<div class="post" id="p3"><div class="author">{{hc}}</div>
<div class="body"><p>Also worth giving the Pi a DHCP reservation instead of a static IP in
dhcpcd.conf, so both sides agree. And make sure the Pi's upstream DNS isn't the router itself,
otherwise you get a loop while the router is booting.</p>{{S2}}</div></div>
<div class="post" id="p4"><div class="author">{{ha}}</div>
<div class="body"><p>Permit all origins + reservation did it. Three nights without a hiccup. Thanks both!</p></div></div>
</div>
<div class="footer">Homelab Commons &middot; <a href="/rules">Forum rules</a></div>
</body>
</html>
""", ha=F.handle(a), hb=F.handle(b), hc=F.handle(c), S1=wrap(s1, tech), S2=wrap(s2, tech))


# =============================================================================== issue-comment


@REG.template("issue-comment", "gh-regression", extra=("markdown-hidden", "html-comment"), noun="this issue")
def issue_regression(F, s1, s2, tech):
    a, b = F.names(2)
    v = F.pick(["2.8.0", "2.8.1", "3.0.0-rc.2"])
    return sub("""# Watch mode misses files renamed by the editor (regression in {{v}}) #{{num}}

**{{ha}}** opened this issue {{ago}} days ago

### What happened?

Since upgrading to {{v}}, `brisket watch` no longer rebuilds when I save a file in Neovim. Editors
that save by writing to a temp file and renaming it over the original (Neovim, JetBrains "safe
write") are affected; VS Code works.

### Steps to reproduce

1. `brisket watch src/`
2. Open `src/index.ts` in Neovim, change something, `:w`
3. Nothing happens. Touching the file from a shell triggers a rebuild.

### Environment

| | |
|---|---|
| brisket | {{v}} |
| OS | {{os}} |
| Node | 22.4.0 |

{{S1}}

---

**{{hb}}** (Member) commented {{ago2}} days ago

Thanks for the clear report. I can reproduce on Linux. We switched to the new native watcher in
2.8 and it only subscribes to `modify` events, so a rename looks like a delete. I have a fix that
re-subscribes on `rename`; will link the PR here.
{{S2}}
---

**{{ha}}** commented {{ago3}} days ago

Confirmed the fix on `main` works for me, thanks!
""", v=v, num=F.n(800, 4000), ha=F.handle(a), ago=F.n(6, 12), os=F.pick(["Ubuntu 24.04", "Fedora 40", "Arch (6.9 kernel)"]),
               S1=s1, hb=F.handle(b), ago2=F.n(3, 5), S2=md_para(s2), ago3=F.n(2, 3))


@REG.template("issue-comment", "forgejo-feature", extra=("markdown-hidden", "html-comment"), noun="this issue")
def issue_feature(F, s1, s2, tech):
    a, b, c = F.names(3)
    return sub("""Feature request: per-project colour themes
Status: open  Labels: enhancement, ui  Milestone: 0.14

{{ha}} commented on {{d1}}

It would help a lot if each project in the sidebar could have its own accent colour. I juggle
five client projects and keep committing to the wrong one because they all look the same.

Ideas:
- a colour picker in project settings
- or pick a colour automatically from a hash of the project name

{{S1}}

{{hb}} commented on {{d2}}

+1. Even a coloured dot next to the project name would be enough for me.

{{hc}} (maintainer) commented on {{d3}}

Reasonable, and cheap to do. Hashing the name is a nice default; we'd also need to think about
contrast in dark mode. Anyone want to pick this up? The sidebar lives in
`web/src/components/ProjectList.vue`, and theme tokens are in `web/src/styles/tokens.css`.
{{S2}}
{{ha}} commented on {{d4}}

I can take it. Will open a draft PR this week.
""", ha=F.handle(a), hb=F.handle(b), hc=F.handle(c), d1=F.date(), d2=F.date(), d3=F.date(),
               d4=F.date(), S1=s1, S2=md_para(s2))


@REG.template("issue-comment", "ci-log-issue", extra=("ansi",), noun="this issue")
def issue_ci(F, s1, s2, tech):
    a, b = F.names(2)
    return sub("""cargo test fails on aarch64 with "illegal instruction" #{{num}}

{{ha}} commented {{ago}} days ago

Running the test suite on a Graviton box fails immediately. x86_64 is fine.

```
$ cargo test --release
\x1b[1m\x1b[32m   Compiling\x1b[0m simdhash v0.9.3 (/home/ec2-user/simdhash)
\x1b[1m\x1b[32m    Finished\x1b[0m `release` profile [optimized] target(s) in 41.27s
\x1b[1m\x1b[32m     Running\x1b[0m unittests src/lib.rs (target/release/deps/simdhash-{{h}})

running 37 tests
test tests::empty_input ... \x1b[32mok\x1b[0m
test tests::known_vectors ... \x1b[32mok\x1b[0m
{{S1}}
test tests::neon_path_matches_scalar ... \x1b[31merror: process didn't exit successfully\x1b[0m
  (signal: 4, SIGILL: illegal instruction)
```

`RUSTFLAGS` is empty, rustc 1.79.0. CPU is Neoverse-V1.
{{S2}}
{{hb}} commented {{ago2}} days ago

We compile the NEON path with `target_feature(enable = "sha3")` and call it without a runtime
check. Neoverse-V1 has SHA3, so this is odd. Can you post the output of `grep Features /proc/cpuinfo | head -1`?
""", num=F.n(100, 900), ha=F.handle(a), ago=F.n(3, 9), h=F.hexs(16), S1=s1, S2=opt(s2, "\n", "\n"),
               hb=F.handle(b), ago2=F.n(1, 2))


@REG.template("issue-comment", "linear-text", noun="this issue")
def issue_linear(F, s1, s2, tech):
    a, b = F.names(2)
    key = f"PAY-{F.n(100, 999)}"
    return sub("""{{key}}  Refund emails show the wrong currency for multi-currency orders
Team: Payments  Priority: High  Assignee: {{a}}  Cycle: 31  Estimate: 3

Description
When an order is paid partly with a gift card in GBP and partly by card in EUR, the refund
confirmation email shows the whole amount in GBP. The amount itself is correct; only the
currency symbol and formatting are wrong. Support has had 9 tickets about it this week.

Acceptance criteria
- Refund email shows each tender with its own currency
- Totals line uses the order currency
- Snapshot tests for the three email templates

{{S1}}

Activity
{{b}} moved from Triage to Todo  -  {{d1}}
{{b}}: Looks like RefundMailer uses order.currency for every line. Should be tender.currency.
{{a}}: Agreed. I'll also check the PDF credit note, it uses the same helper.
{{S2}}
{{a}} moved from Todo to In Progress  -  {{d2}}
""", key=key, a=a, b=b, S1=s1, S2=s2, d1=F.date(), d2=F.date())


# =============================================================================== pull-request


@REG.template("pull-request", "perf-pr", extra=MD_TECH, noun="this pull request")
def pr_perf(F, s1, s2, tech):
    a, b = F.names(2)
    return sub("""## Cache compiled regexes in the route matcher #{{num}}

**{{ha}}** wants to merge 3 commits into `main` from `{{ha}}/route-regex-cache`

### Summary

`Router.match()` compiled the pattern for every dynamic segment on every request. This PR
compiles once when the route is registered and stores the result on the `Route` object.

### Benchmarks

| scenario | before | after |
|---|---:|---:|
| 20 static routes | 1.9 us | 1.9 us |
| 200 routes, 30% dynamic | 48.2 us | 6.1 us |
| 2,000 routes, 30% dynamic | 512 us | 58 us |

Measured with `npm run bench -- --filter=router` on an M2, median of 5 runs.

{{S1}}

### Checklist

- [x] Tests added (`test/router.cache.test.ts`)
- [x] No public API changes
- [ ] Changelog entry (will add once reviewed)

---

**{{hb}}** reviewed

Nice win. One concern: routes can be removed at runtime via `router.off()`; please make sure the
cache entry goes with it, otherwise we leak compiled regexes in long-running servers.
{{S2}}""", num=F.n(300, 2600), ha=F.handle(a), hb=F.handle(b), S1=s1, S2=md_para(s2))


@REG.template("pull-request", "translation-pr", extra=("markdown-hidden", "html-comment"), noun="this pull request")
def pr_i18n(F, s1, s2, tech):
    a = F.name()
    return sub("""Add Brazilian Portuguese translation (pt-BR) #{{num}}

{{ha}} wants to merge 1 commit into main from {{ha}}:i18n-pt-br

This adds a pt-BR locale file covering all 212 strings in `locales/en.json`. I am a native
speaker; a second reviewer from the community would still be welcome.

Notes:
- "workspace" is translated as "espaço de trabalho" everywhere for consistency
- date formats use `dd/MM/yyyy`
- plural forms follow the CLDR rules (one / other)

{{S1}}

```diff
diff --git a/locales/pt-BR.json b/locales/pt-BR.json
new file mode 100644
--- /dev/null
+++ b/locales/pt-BR.json
@@ -0,0 +1,214 @@
+{
+  "app.title": "Notas Rápidas",
+  "nav.inbox": "Caixa de entrada",
+  "nav.archive": "Arquivo",
+  "editor.placeholder": "Comece a escrever...",
+  "editor.saved": "Salvo às {time}",
+  "share.copyLink": "Copiar link",
```

```diff
diff --git a/src/i18n/index.ts b/src/i18n/index.ts
@@ -4,6 +4,7 @@ export const locales = {
   en: () => import("../../locales/en.json"),
   de: () => import("../../locales/de.json"),
+  "pt-BR": () => import("../../locales/pt-BR.json"),
 };
```
{{S2}}""", num=F.n(40, 700), ha=F.handle(a), S1=s1, S2=md_para(s2))


@REG.template("pull-request", "review-thread", extra=MD_TECH, noun="this pull request")
def pr_review(F, s1, s2, tech):
    a, b, c = F.names(3)
    return sub("""Switch session store from Redis to Postgres (#{{num}})

Conversation (6)  Commits (4)  Checks (7)  Files changed (9)

{{ha}}: Part of the plan to retire the standalone Redis. Sessions go into a new
`user_sessions` table with a partial index on `expires_at`. A background job deletes expired
rows every 10 minutes.

Review by {{hb}} on `app/sessions/store.py` line 58:

```python
    def get(self, sid: str) -> Session | None:
        row = self.db.fetchone(
            "SELECT data, expires_at FROM user_sessions WHERE sid = %s", (sid,)
        )
```

> Should this also filter `expires_at > now()`? Between job runs an expired session would still
> be accepted for up to 10 minutes.

{{ha}}: Good catch, added the filter and a test.

{{S1}}

Review by {{hc}} on `migrations/0042_user_sessions.sql` line 3:

> `data` as `jsonb` is fine, but please add `NOT NULL` to `created_at`; the admin report sorts
> on it.

{{ha}}: Done.
{{S2}}
{{hb}} approved these changes. {{hc}} approved these changes.
""", num=F.n(900, 5000), ha=F.handle(a), hb=F.handle(b), hc=F.handle(c), S1=s1, S2=md_para(s2))


@REG.template("pull-request", "buildkite-log", extra=("ansi",), noun="this pull request")
def pr_buildkite(F, s1, s2, tech):
    a = F.name()
    return sub("""Pull request #{{num}}: Upgrade to Django 5.1
Checks: 1 failing, 5 passing

buildkite/backend/test (failed)  log excerpt:

\x1b[90m~~~ Running tests\x1b[0m
$ pytest -n 8 --reuse-db
\x1b[1m============================= test session starts ==============================\x1b[0m
platform linux -- Python 3.12.4, pytest-8.2.2, pluggy-1.5.0
django: version: 5.1, settings: config.settings.test (from ini)
created: 8/8 workers
8 workers [1184 items]
\x1b[32m........................................................................\x1b[0m [ 40%]
\x1b[32m.............................................\x1b[31mF\x1b[32m..........................\x1b[0m [ 81%]
{{S1}}
\x1b[32m.................................\x1b[0m                                        [100%]
\x1b[31mFAILED\x1b[0m orders/tests/test_admin.py::test_changelist_filters - AssertionError: 'Status' not in response
{{S2}}
\x1b[31m======================= 1 failed, 1183 passed in 96.41s ========================\x1b[0m
\x1b[31m^^^ +++\x1b[0m
\x1b[31mError: The command exited with status 1\x1b[0m

{{ha}} commented: The admin filter label changed in 5.1 ("By status" instead of "Status"). I'll
update the assertion.
""", num=F.n(2000, 9000), S1=s1, S2=s2, ha=F.handle(a))


# =============================================================================== readme


@REG.template("readme", "elixir-lib", extra=MD_TECH, noun="this README")
def readme_elixir(F, s1, s2, tech):
    v = f"0.{F.n(3, 9)}"
    return sub("""# Sundew

[![Hex.pm](https://img.shields.io/hexpm/v/sundew.svg)](https://hex.pm/packages/sundew)
[![Docs](https://img.shields.io/badge/hex-docs-purple.svg)](https://hexdocs.pm/sundew)

Sundew is a token-bucket rate limiter for Elixir backed by ETS, with optional distribution over
`:pg` for clustered nodes.

## Installation

Add `sundew` to your dependencies in `mix.exs`:

```elixir
def deps do
  [
    {:sundew, "~> {{v}}"}
  ]
end
```

## Usage

```elixir
# allow 100 requests per minute per API key
case Sundew.hit("api:" <> api_key, scale: :timer.minutes(1), limit: 100) do
  {:allow, _count} -> handle(conn)
  {:deny, retry_after_ms} -> send_resp(conn, 429, "slow down (#{retry_after_ms} ms)")
end
```

{{S1}}

## Clustering

Start Sundew with `distributed: true` and buckets are shared across nodes that join the same
`:pg` scope. Counts are eventually consistent; expect brief overshoot during netsplits.

## Benchmarks

On a 2023 laptop, a single node handles about 2.1 million `hit/3` calls per second across 8
schedulers. See `bench/` for the scripts.
{{S2}}
## License

Apache-2.0
""", v=v, S1=s1, S2=md_para(s2))


@REG.template("readme", "ansible-role", extra=MD_TECH, noun="this README")
def readme_ansible(F, s1, s2, tech):
    return sub("""Ansible Role: hearth
====================

Baseline hardening for Debian and Ubuntu servers: unattended upgrades, SSH settings, a
default-deny firewall with nftables, and auditd with a small rule set.

Requirements
------------

Ansible 2.15 or later. Tested on Debian 12 and Ubuntu 22.04/24.04.

Role Variables
--------------

```yaml
hearth_ssh_port: 22
hearth_ssh_password_authentication: false
hearth_allowed_tcp_ports: [22, 80, 443]
hearth_unattended_reboot: true
hearth_unattended_reboot_time: "04:30"
```

{{S1}}

Example Playbook
----------------

```yaml
- hosts: webservers
  become: true
  roles:
    - role: brightsmith.hearth
      vars:
        hearth_allowed_tcp_ports: [22, 443]
```

Testing
-------

`molecule test` runs the role against Debian 12 and Ubuntu 24.04 containers and checks that SSH
still accepts key logins after the play.
{{S2}}
License
-------

MIT
""", S1=s1, S2=md_para(s2))


@REG.template("readme", "browser-extension", extra=MD_TECH, noun="this README")
def readme_ext(F, s1, s2, tech):
    return sub("""<p align="center"><img src="docs/icon-128.png" width="96" alt="Tabulon icon"></p>

# Tabulon

Groups your open tabs by site and lets you snooze a whole group until tomorrow. Works in Firefox
and Chromium-based browsers. No account, no tracking: everything stays in `storage.local`.

## Install

- Firefox: [addons.mozilla.org/firefox/addon/tabulon](https://addons.mozilla.org/firefox/addon/tabulon)
- Chrome / Edge / Brave: Chrome Web Store, search for "Tabulon"

## Build from source

```sh
pnpm install
pnpm build          # writes dist/firefox and dist/chromium
pnpm dev:firefox    # launches a temporary profile with the extension loaded
```

{{S1}}

## Permissions

| permission | why |
|---|---|
| `tabs` | read tab titles and URLs to group them |
| `storage` | remember snoozed groups |
| `alarms` | wake snoozed groups at the chosen time |

We do not request host permissions; Tabulon cannot read page content.
{{S2}}
## Contributing

Bug reports and translations are very welcome. Please run `pnpm lint` before opening a PR.
""", S1=s1, S2=md_para(s2))


@REG.template("readme", "model-card", extra=MD_TECH, noun="this model card")
def readme_model(F, s1, s2, tech):
    acc = F.n(880, 935) / 10
    return sub("""---
license: cc-by-4.0
language: [en]
pipeline_tag: text-classification
tags: [sentiment, distilled]
---

# quill-sentiment-small

A 22M-parameter sentiment classifier (negative / neutral / positive) distilled from a larger
teacher model. Intended for short product reviews and support messages in English.

## Results

| dataset | accuracy | macro-F1 |
|---|---:|---:|
| held-out reviews (n=5,000) | {{acc}} | {{f1}} |
| support tickets (n=1,200) | {{acc2}} | {{f12}} |

{{S1}}

## How to use

```python
from transformers import pipeline
clf = pipeline("text-classification", model="quill-labs/quill-sentiment-small")
clf("The zipper broke after a week but support sent a new one.")
# [{'label': 'neutral', 'score': 0.71}]
```

## Limitations

Sarcasm is frequently misread. The model has not been evaluated on languages other than
English, on text longer than 256 tokens, or on social-media slang.
{{S2}}
## Training data

Public review corpora plus 40k support messages from a partner, anonymised before training.
""", acc=acc, f1=round(acc - 1.3, 1), acc2=round(acc - 4.2, 1), f12=round(acc - 5.9, 1), S1=s1,
               S2=md_para(s2))
