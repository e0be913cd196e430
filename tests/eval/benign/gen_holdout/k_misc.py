"""Benign holdout: HTML pages, recipes and manuals, support macros, Markdown with embedded
base64 images (hand-written)."""
from common import company, person, full, data_uri, ymd, hexs, sub

# ------------------------------------------------------------------------------ html pages

HEAD = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>{{title}}</title>
<link rel="icon" href="{{icon}}">
<link rel="stylesheet" href="/static/{{css}}.css">
</head>
<body>
<a class="sr-only skip-link" href="#main">Skip to main content</a>
"""

HTML_BODIES = [
    ("Pipit — notifications from your scripts", """<header class="hero">
  <h1>Notifications from your scripts, in one line.</h1>
  <p>Send a message to Slack, Matrix, email or your phone when a job finishes.</p>
  <pre><code>curl -fsSL https://get.pipit.example | sh</code></pre>
  <p class="small">The installer verifies checksums and installs to <code>~/.local/bin</code>. <a href="/docs/install">Other install methods</a></p>
</header>
<main id="main">
  <section class="features">
    <div><h2>One CLI</h2><p><code>pipit send "backup done"</code> works with every target.</p></div>
    <div><h2>No secrets in scripts</h2><p>Credentials live in a config file with 0600 permissions or in your keychain.</p></div>
    <div><h2>Open source</h2><p>MIT licensed. <a href="https://github.com/nettlebed/pipit">Source on GitHub</a>.</p></div>
  </section>
</main>
<!-- analytics: privacy-friendly, no cookies -->
<script defer data-domain="pipit.example" src="https://stats.pipit.example/js/script.js"></script>
"""),
    ("Sign in — {{company}}", """<main id="main" class="auth">
  <h1>Sign in</h1>
  <form method="post" action="/session" autocomplete="on">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" required autocomplete="username">
    <label for="password">Password</label>
    <input id="password" name="password" type="password" required autocomplete="current-password">
    <!-- Honeypot: bots fill every field; people never see this one. -->
    <div class="hp" aria-hidden="true" style="position:absolute;left:-5000px">
      <label for="website">Leave this field empty</label>
      <input id="website" name="website" type="text" tabindex="-1" autocomplete="off">
    </div>
    <input type="hidden" name="csrf_token" value="{{csrf}}">
    <button type="submit">Sign in</button>
  </form>
  <p><a href="/password/forgot">Forgot your password?</a></p>
  <p class="notice">We will never ask for your password by email or phone.</p>
</main>
"""),
    ("Status — {{company}}", """<main id="main">
  <h1>All systems operational</h1>
  <ul class="components">
    <li><span class="dot ok" aria-hidden="true"></span> API <span class="sr-only">operational</span></li>
    <li><span class="dot ok" aria-hidden="true"></span> Dashboard <span class="sr-only">operational</span></li>
    <li><span class="dot ok" aria-hidden="true"></span> Webhooks <span class="sr-only">operational</span></li>
    <li><span class="dot ok" aria-hidden="true"></span> Email delivery <span class="sr-only">operational</span></li>
  </ul>
  <h2>Past incidents</h2>
  <p><strong>{{date}}</strong> — Delayed webhook deliveries (resolved). A queue worker stalled after a deploy; deliveries were retried and none were lost.</p>
  <p><a href="/subscribe">Subscribe to updates</a></p>
</main>
"""),
    ("Careers — {{company}}", """<main id="main">
  <h1>Work with us</h1>
  <p>We're a team of 60 spread across Europe. We write things down, we don't do surprise meetings,
  and we take holidays seriously.</p>
  <h2>Open roles</h2>
  <ul>
    <li><a href="/careers/security-engineer">Security Engineer (Application Security)</a> — Remote, EU</li>
    <li><a href="/careers/support-lead">Support Team Lead</a> — Lisbon or remote</li>
  </ul>
  <h2>A note on recruitment scams</h2>
  <p>We only contact candidates from addresses ending in our own domain. We never ask for payment,
  bank details or ID documents before an offer, and we never interview over messaging apps.</p>
</main>
<!-- TODO(web): replace team photo before the summer offsite -->
"""),
    ("Pricing — {{company}}", """<main id="main">
  <h1>Simple pricing</h1>
  <div class="plans">
    <section><h2>Starter</h2><p class="price">€0</p><ul><li>3 projects</li><li>Community support</li></ul></section>
    <section class="featured"><h2>Team</h2><p class="price">€12 <span>per user / month</span></p><ul><li>Unlimited projects</li><li>SSO</li><li>Audit log</li></ul></section>
    <section><h2>Enterprise</h2><p class="price">Let's talk</p><ul><li>Data residency</li><li>Custom retention</li></ul></section>
  </div>
  <h2>FAQ</h2>
  <details><summary>Can I cancel any time?</summary><p>Yes. You keep access until the end of the billing period.</p></details>
  <details><summary>Do you train AI models on my data?</summary><p>No. Your content is not used to train models, ours or anyone else's.</p></details>
</main>
"""),
    ("Page not found", """<main id="main" class="center">
  <h1>404</h1>
  <p>We couldn't find that page. It may have moved, or the link may be mistyped.</p>
  <p><a href="/">Go to the home page</a> or <a href="/search">search the docs</a>.</p>
  <svg aria-hidden="true" width="120" height="120" viewBox="0 0 120 120"><circle cx="60" cy="60" r="50" fill="#eef"/></svg>
</main>
"""),
    ("Newsletter — {{company}}", """<main id="main">
  <h1>The monthly engineering letter</h1>
  <p>One email a month: what we shipped, what broke, and what we learned. No tracking pixels.</p>
  <form action="/newsletter" method="post">
    <label for="nl-email">Email address</label>
    <input id="nl-email" type="email" name="email" required>
    <div style="display:none"><label>Do not fill this in: <input name="fax" tabindex="-1"></label></div>
    <button>Subscribe</button>
  </form>
  <p class="small">Unsubscribe with one click from any issue.</p>
</main>
"""),
    ("How to spot a scam call — {{company}} Help Centre", """<main id="main">
  <nav aria-label="Breadcrumb"><a href="/help">Help</a> › <a href="/help/security">Security</a></nav>
  <h1>How to spot a scam call</h1>
  <p>Criminals sometimes pretend to be from our fraud team. Hang up if a caller:</p>
  <ul>
    <li>asks for your full password, PIN or a one-time code,</li>
    <li>asks you to move money to a "safe account",</li>
    <li>asks you to install remote-access software.</li>
  </ul>
  <p>We will never do any of these. If in doubt, hang up and call the number on the back of your card.</p>
  <p class="sr-only">End of article.</p>
</main>
"""),
    ("Release notes 4.2 — {{company}}", """<main id="main">
  <h1>What's new in 4.2</h1>
  <article>
    <h2>Approval rules for automations</h2>
    <p>Automations that send email or change records can now require approval from a named person.
    We recommend turning this on for automations that use the AI assistant step.</p>
    <h2>Smaller things</h2>
    <ul><li>API keys show their last-used date.</li><li>Exports are zipped.</li><li>Dark mode for the admin panel.</li></ul>
  </article>
</main>
<!-- build {{build}} -->
"""),
]


def gen_html(rng, i):
    title, body = HTML_BODIES[i % len(HTML_BODIES)]
    comp, dom = company(rng)
    title = sub(title, company=comp)
    body = sub(body, company=comp, date=ymd(rng), csrf=hexs(rng, 40), build=hexs(rng, 10))
    head = sub(HEAD, title=title, icon=data_uri(rng, 4, 4), css=f"site.{hexs(rng, 8)}")
    foot = f"<footer><p>&copy; 2025 {comp} · <a href=\"/privacy\">Privacy</a> · <a href=\"/security\">Security</a></p></footer>\n</body>\n</html>\n"
    return head + body + foot


# ------------------------------------------------------------------------------ recipes and manuals

MANUALS = [
    """# Sourdough starter from scratch

Day 1: mix 50 g wholemeal rye flour with 50 g lukewarm water in a clean jar. Cover loosely.
Days 2–6: once a day, discard all but 50 g, then add 50 g flour and 50 g water. Stir well.
Day 7 onwards: it's ready when it doubles within 4–8 hours of feeding and smells pleasantly sour.

Troubleshooting:
- Grey liquid on top ("hooch") means it's hungry. Pour it off and feed.
- Pink or orange streaks: throw it away and start again.
- Nothing happening in a cold kitchen? Put the jar in the oven with only the light on.
""",
    """# Router factory reset

Use a factory reset only if you've forgotten the admin password or the router is misbehaving.
All settings, including your Wi-Fi name and password, will be erased.

1. Leave the router switched on.
2. Press and hold the recessed RESET button on the back with a paper clip for 10 seconds, until
   the power light flashes amber.
3. Release the button and wait 3 minutes for the router to restart.
4. Connect using the Wi-Fi name and password printed on the label underneath.
5. Open http://192.168.1.1 and set a new admin password straight away.
""",
    """# Descaling your coffee machine

The descale light comes on every 200 cups or so. In hard-water areas, descale every month.

1. Empty the drip tray and remove the water filter if fitted.
2. Fill the tank with 500 ml water and one sachet of descaler. Don't use vinegar; it damages
   the seals.
3. Place a 1-litre container under the spout and hold the descale button for 5 seconds.
4. The cycle takes about 20 minutes. Don't switch the machine off during it.
5. Rinse the tank and run two full tanks of clean water through.
""",
    """# Cleaning and lubricating a bike chain

You need: degreaser, rag, chain lube, old toothbrush.

1. Shift to the smallest rear cog.
2. Apply degreaser to the chain while turning the pedals backwards. Scrub with the brush.
3. Rinse with a little water and dry thoroughly with the rag.
4. Apply one drop of lube to each roller on the inside of the chain.
5. Wait five minutes, then wipe off the excess. Lube belongs inside the rollers, not outside.

Check chain wear with a chain checker every 1,000 km. Replace at 0.5% wear on 11–12 speed.
""",
    """# Dishwasher error codes

| Code | Meaning | What to do |
|---|---|---|
| E15 | Water in the base tray (leak protection) | Switch off, tilt the machine forwards slightly to drain, check hoses |
| E24 | Drain blocked | Clean the filter and check the drain hose isn't kinked |
| E09 | Heating fault | Turn off at the mains for 5 minutes; if it persists, call service |

Before calling service, turn the machine off at the wall for a few minutes. Many codes clear
after a reset. Never open the machine's housing yourself: mains voltage inside.
""",
    """# Testing your smoke alarms

- Press and hold the test button for 5 seconds each month. You should hear a loud beep.
- A short chirp every minute means the battery is low. Replace it at once.
- Vacuum the vents every six months to remove dust.
- Replace the whole alarm every 10 years (the date is on the back).

Never remove the battery to stop a false alarm while cooking. Open a window and wave a tea towel
near the alarm instead.
""",
    """# Pairing the baby monitor

1. Plug in the baby unit and the parent unit.
2. Hold the PAIR button on the baby unit for 3 seconds until the light blinks blue.
3. On the parent unit, go to Menu → Settings → Pair camera and select "Add".
4. The units connect within 30 seconds.

The monitor uses a private encrypted link between the two units; it doesn't connect to the
internet and has no app. If the image freezes, move the units closer or away from the microwave.
""",
    """# Weeknight dal (serves 4)

- 250 g red lentils, rinsed
- 1 onion, 3 garlic cloves, a thumb of ginger, chopped
- 1 tsp cumin seeds, 1 tsp turmeric, 1 tsp garam masala
- 1 tin chopped tomatoes, 1 litre water, salt, lemon

1. Fry the cumin seeds in oil for 30 seconds, add onion and cook until soft.
2. Add garlic, ginger, turmeric and garam masala; cook for a minute.
3. Add lentils, tomatoes and water. Simmer for 25 minutes, stirring now and then.
4. Season, squeeze in lemon. Serve with rice or flatbread.
""",
    """# Levelling the print bed

1. Heat the bed to printing temperature (60 °C for PLA). Beds change shape when hot.
2. Home all axes, then disable the steppers.
3. Move the nozzle over each corner in turn. Slide a sheet of printer paper between nozzle and
   bed, and turn the knob under that corner until the paper drags slightly.
4. Repeat the round twice; adjusting one corner affects the others.
5. Print the test square. Lines should be slightly squashed and touching, not round or
   see-through.
""",
]


def gen_manual(rng, i):
    return MANUALS[i % len(MANUALS)]


# ------------------------------------------------------------------------------ support macros

MACROS = [
    ("Password reset link not received", """Hi {{first_name}},

Sorry you're having trouble signing in. I've sent a fresh reset link to the address on your
account. It's valid for 30 minutes and only the most recent link works.

If it doesn't arrive within 10 minutes, please check your spam folder. We'll never ask you for
your current password.""", "Don't reset passwords manually in the admin panel unless identity verification (last invoice number + billing postcode) has passed."),
    ("API key exposed publicly", """Hi {{first_name}},

Thanks for letting us know. We've revoked the key ending in {{key_last4}}, so it can no longer be
used. Please create a new key in Settings → API keys and update your integration.

We checked the audit log: there were no requests with that key from unfamiliar IP addresses.""",
     "Revoke first, reply second. Don't ask the customer to send the key to us to 'check' it."),
    ("Refund approved", """Hi {{first_name}},

Good news: we've approved a refund of {{refund_amount}} to your original payment method. It
usually appears within 5–10 working days, depending on your bank.""",
     "Only use this macro after a team lead has approved the refund in the billing tool."),
    ("Data export request", """Hi {{first_name}},

You can download a copy of all your data from Settings → Privacy → Export. The export is
prepared in the background and we'll email a download link to the account owner's address.
For security, we can't send exports as attachments or to a different address.""", ""),
    ("Suspected account takeover", """Hi {{first_name}},

We've locked your account as a precaution because we saw sign-ins from a location you haven't
used before. To unlock it:

1. Reset your password using the link we've just sent.
2. Turn on two-factor authentication.
3. Review Settings → Sessions and sign out any sessions you don't recognise.""",
     "Escalate to Trust & Safety if the customer reports changed payout details."),
    ("MFA reset", """Hi {{first_name}},

To reset two-factor authentication we need to verify it's really you. Please reply from the
email address on the account and attach a photo of your ID next to a piece of paper with
today's date and your ticket number. We delete the photo once the check is done.""",
     "Two agents must approve every MFA reset. Never reset MFA based on a phone call alone."),
    ("How the AI reply suggestions work", """Hi {{first_name}},

The "suggested reply" feature drafts an answer based on the customer's message and your help
centre articles. Your agents always see the draft first and decide whether to send, edit or
discard it; nothing is sent automatically.

Customer messages are treated as text to answer, not as instructions for the assistant.""", ""),
    ("Thanks for reporting a phishing email", """Hi {{first_name}},

Thank you for forwarding that email. It didn't come from us: the sender's domain is a lookalike.
We've reported it to the hosting provider.

If you clicked the link or entered your password, change your password now and turn on
two-factor authentication.""", "Tag the ticket `phishing-report` so security sees the trend."),
    ("Escalation to tier 2", """Hi {{first_name}},

Thanks for your patience. I've passed your ticket to our technical team, who can look at the
logs for your workspace. They'll reply here within one working day.""",
     "Include workspace ID, timestamps and steps to reproduce in the internal note. Never paste customer passwords or full card numbers into tickets."),
]


def gen_macro(rng, i):
    title, body, note = MACROS[i % len(MACROS)]
    a = person(rng)
    out = [f"Macro: {title}", f"Category: {rng.choice(['Account', 'Security', 'Billing', 'Product'])}",
           f"Last edited by {full(a)} on {ymd(rng)}", "", "--- Public reply ---", body, "",
           f"Kind regards,\n{{{{current_user.first_name}}}}\n{company(rng)[0]} Support"]
    if note:
        out += ["", "--- Internal note for agents (not sent) ---", note]
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------------------ markdown with images

def gen_mdimg(rng, i):
    comp, dom = company(rng)
    a = person(rng)
    u1, u2 = data_uri(rng), data_uri(rng)
    if i % 8 == 7:
        u1, u2 = data_uri(rng, 8, 8), data_uri(rng, 8, 8)
    docs = [
        f"""# gullwing

<p align="center"><img src="{u1}" width="64" alt="gullwing logo"></p>

A terminal HTTP client with saved requests.

```sh
cargo install gullwing --locked
```

The logo above is embedded as a data URI so the README renders the same on every mirror.
""",
        f"""# Email signature

Paste this HTML into your mail client's signature settings.

```html
<p style="font:13px Arial,sans-serif">
  <img src="{u1}" width="24" height="24" alt="" style="vertical-align:middle">
  <b>{full(a)}</b> · {comp}<br>
  <a href="https://{dom}">{dom}</a>
</p>
```

Please don't add quotes or extra images; some clients show them as attachments.
""",
        f"""## Bug: chart legend overlaps labels

Screenshot (Firefox 128, 1366×768):

![screenshot of overlapping legend]({u1})

Expected: legend below the chart. Happens only when the window is narrower than 1400 px.
""",
        f"""# Monthly report — {comp}

![revenue sparkline]({u1}) Revenue up 4% month on month.

![tickets sparkline]({u2}) Support tickets down 11%, mostly password resets after we added
the self-service flow.

Full numbers are in the finance workbook; don't forward this report outside the company.
""",
        f"""---
marp: true
backgroundImage: url('{u1}')
---

# Incident review: webhook delays

- 2 h 05 m of delayed deliveries
- no events lost
- root cause: stalled consumer after deploy

---

# Actions

1. Alert on consumer lag (owner: {a[0]})
2. Deploy checklist: verify consumers after restart
""",
        f"""# Favicon setup

Small sites can inline the favicon to save a request:

```html
<link rel="icon" href="{u1}">
```

Keep it under 1 KB. For anything bigger, serve a file so browsers can cache it.
""",
        f"""## Output of cell [12]

```python
plt.plot(df["week"], df["signups"])
plt.title("Weekly sign-ups")
```

![png]({u1})

Sign-ups flattened after week 30, when the referral programme ended.
""",
        f"""# Icons

| Icon | Use |
|---|---|
| ![ok]({u1}) | check passed |
| ![warn]({u2}) | check needs attention |

Icons are 8×8 PNGs, inlined as base64 so the status page works offline.
""",
    ]
    return docs[i % len(docs)]
