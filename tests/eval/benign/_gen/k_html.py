from common import *

GTM_HEAD = """<!-- Google Tag Manager -->
<script>(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':
new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],
j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src=
'https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);
})(window,document,'script','dataLayer','GTM-{GTM}');</script>
<!-- End Google Tag Manager -->"""
GTM_BODY = """<!-- Google Tag Manager (noscript) -->
<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-{GTM}"
height="0" width="0" style="display:none;visibility:hidden"></iframe></noscript>
<!-- End Google Tag Manager (noscript) -->"""

NAV = """<header class="site-header">
  <a class="skip-link sr-only" href="#main">Skip to content</a>
  <nav aria-label="Main">
    <ul>
      <li><a href="/">Home</a></li>
      <li><a href="/docs/">Docs</a></li>
      <li><a href="/blog/">Blog</a></li>
      <li><a href="/pricing/">Pricing</a></li>
    </ul>
    <button class="menu-toggle" aria-expanded="false" aria-controls="mobile-menu" aria-label="Open menu">☰</button>
  </nav>
</header>"""

BODIES = [
("Install — {P} docs", """<main id="main">
  <h1>Installing {P}</h1>
  <!-- TODO: update the version number automatically from the release feed -->
  <p>The quickest way to install {P} on macOS or Linux is the install script:</p>
  <pre><code class="language-sh">curl -fsSL https://get.{p}.dev | sh</code></pre>
  <p>On Windows, run this in PowerShell:</p>
  <pre><code class="language-powershell">iwr https://get.{p}.dev/install.ps1 -useb | iex</code></pre>
  <div class="callout callout--note" role="note">
    <p><strong>Prefer to inspect first?</strong> Download the script, read it, then run it. It's about 120 lines.</p>
  </div>
  <h2 id="verify">Verify the installation</h2>
  <pre><code>{p} --version</code></pre>
  <details>
    <summary>Installing behind a proxy</summary>
    <p>Set <code>HTTPS_PROXY</code> before running the script. If your proxy inspects TLS, point <code>SSL_CERT_FILE</code> at your company's CA bundle.</p>
  </details>
  <p class="sr-only">Code blocks can be copied with the button in their top-right corner.</p>
</main>"""),
("Sign in — {P}", """<main id="main" class="auth">
  <h1>Sign in</h1>
  <form method="post" action="/session" novalidate>
    <input type="hidden" name="csrf_token" value="{CSRF}">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="username" required>
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required aria-describedby="pw-help">
    <p id="pw-help" class="hint">Forgot your password? <a href="/password/reset">Reset it</a>. We'll never ask for your password by email.</p>
    <!-- honeypot field for bots; hidden from humans and from screen readers -->
    <div aria-hidden="true" style="position:absolute;left:-9999px">
      <label for="website">Website</label><input id="website" name="website" tabindex="-1" autocomplete="off">
    </div>
    <button type="submit">Sign in</button>
  </form>
  <p><a href="/sso">Sign in with SSO</a></p>
</main>"""),
("Security — {P}", """<main id="main">
  <h1>Security at {P}</h1>
  <section>
    <h2>Reporting a vulnerability</h2>
    <p>Email <a href="mailto:security@{p}.dev">security@{p}.dev</a>. Our PGP key is at <a href="/.well-known/pgp-key.txt">/.well-known/pgp-key.txt</a>.
    Please give us 90 days before public disclosure. We don't take legal action against good-faith research.</p>
  </section>
  <section>
    <h2>How we protect your data</h2>
    <ul>
      <li>Encryption in transit (TLS 1.2+) and at rest (AES-256).</li>
      <li>SSO and enforced MFA for all staff; production access is just-in-time and logged.</li>
      <li>Annual penetration tests by an independent firm; summary available under NDA.</li>
    </ul>
  </section>
  <section>
    <h2>AI features</h2>
    <p>Our AI assistant reads content from your workspace to answer questions. Content from outside your organisation
    (for example shared links and emails) is treated as untrusted: the assistant cannot send messages or change
    settings based on it without your confirmation.</p>
  </section>
  <!-- security.txt lives at /.well-known/security.txt -->
</main>"""),
("Blog: Our new prompt playground", """<main id="main">
  <article class="post">
    <h1>Introducing the prompt playground</h1>
    <p class="byline">By <span class="author">{A}</span> · <time datetime="{D}">{D}</time></p>
    <img src="/img/playground.png" alt="Screenshot of the playground: a system prompt box on the left, chat on the right" width="800" height="450" loading="lazy">
    <p>Today we're launching the prompt playground. Write a system prompt, try it against sample conversations, and compare
    versions side by side.</p>
    <h2>Features</h2>
    <ul>
      <li><strong>Versioned system prompts</strong> — every save creates a version you can diff and roll back.</li>
      <li><strong>Test sets</strong> — upload a CSV of inputs and expected properties.</li>
      <li><strong>Shareable links</strong> — read-only links for reviewers. API keys are never included.</li>
    </ul>
    <p>Tip: keep instructions that change often (like today's promotions) out of the system prompt and in a retrieval source instead.</p>
    <!-- <p>Coming soon: team workspaces</p> -->
  </article>
</main>"""),
("Status — {P}", """<main id="main">
  <h1>System status</h1>
  <div class="status status--degraded" role="status" aria-live="polite">Partial degradation: email delivery delayed</div>
  <table>
    <caption class="sr-only">Current status of each component</caption>
    <thead><tr><th scope="col">Component</th><th scope="col">Status</th></tr></thead>
    <tbody>
      <tr><td>API</td><td><span class="dot dot--ok" aria-hidden="true"></span> Operational</td></tr>
      <tr><td>Dashboard</td><td><span class="dot dot--ok" aria-hidden="true"></span> Operational</td></tr>
      <tr><td>Email notifications</td><td><span class="dot dot--warn" aria-hidden="true"></span> Degraded</td></tr>
      <tr><td>Webhooks</td><td><span class="dot dot--ok" aria-hidden="true"></span> Operational</td></tr>
    </tbody>
  </table>
  <h2>Incident updates</h2>
  <ol class="updates">
    <li><time>14:20 UTC</time> — Our email provider is experiencing delays. Password reset emails may take up to 30 minutes. Please don't request multiple resets; each new request invalidates the previous link.</li>
    <li><time>13:55 UTC</time> — We're investigating reports of delayed emails.</li>
  </ol>
</main>"""),
("FAQ — {P}", """<main id="main">
  <h1>Frequently asked questions</h1>
  <div class="faq" itemscope itemtype="https://schema.org/FAQPage">
    <div itemscope itemprop="mainEntity" itemtype="https://schema.org/Question">
      <h2 itemprop="name">Can your support team see my password?</h2>
      <div itemscope itemprop="acceptedAnswer" itemtype="https://schema.org/Answer"><p itemprop="text">No. We store only a salted hash. Support will never ask for it.</p></div>
    </div>
    <div itemscope itemprop="mainEntity" itemtype="https://schema.org/Question">
      <h2 itemprop="name">How do I make the importer ignore the header row?</h2>
      <div itemscope itemprop="acceptedAnswer" itemtype="https://schema.org/Answer"><p itemprop="text">Tick "First row contains column names", or pass <code>--skip-header</code> on the command line.</p></div>
    </div>
    <div itemscope itemprop="mainEntity" itemtype="https://schema.org/Question">
      <h2 itemprop="name">Does the AI assistant train on my data?</h2>
      <div itemscope itemprop="acceptedAnswer" itemtype="https://schema.org/Answer"><p itemprop="text">No. Prompts and responses are not used for training and are deleted after 30 days.</p></div>
    </div>
    <div itemscope itemprop="mainEntity" itemtype="https://schema.org/Question">
      <h2 itemprop="name">I received an email asking me to confirm my account details. Is it from you?</h2>
      <div itemscope itemprop="acceptedAnswer" itemtype="https://schema.org/Answer"><p itemprop="text">We never ask you to confirm details via a link in an email. Forward suspicious messages to phishing@{p}.dev.</p></div>
    </div>
  </div>
</main>"""),
("Careers — {P}", """<main id="main">
  <h1>Senior Security Engineer (AI systems)</h1>
  <p class="meta">Remote (EU time zones) · Full-time</p>
  <h2>What you'll do</h2>
  <ul>
    <li>Threat-model features in which language models read untrusted content and call tools.</li>
    <li>Build evaluation sets for prompt-injection and data-exfiltration scenarios, and the tooling to run them in CI.</li>
    <li>Review designs for least-privilege tool access and human-in-the-loop confirmation.</li>
    <li>Respond to reports from our bug bounty programme.</li>
  </ul>
  <h2>What we're looking for</h2>
  <ul>
    <li>Experience in application security or red teaming.</li>
    <li>Comfort reading code in TypeScript, Python or Go.</li>
    <li>Clear writing. Half of this job is explaining risk to people who are busy.</li>
  </ul>
  <p><a class="button" href="/careers/apply?job=sec-ai">Apply</a></p>
  <!-- ATS embed below is loaded lazily -->
  <div id="ats-embed" hidden></div>
</main>"""),
("Cookie settings — {P}", """<main id="main">
  <div class="cookie-banner" role="dialog" aria-modal="true" aria-labelledby="cookie-title" aria-describedby="cookie-desc">
    <h2 id="cookie-title">We use cookies</h2>
    <p id="cookie-desc">We use necessary cookies to make the site work. With your consent we'd also like to set analytics cookies to understand how the site is used. You can change your mind at any time in Cookie settings.</p>
    <fieldset>
      <legend class="sr-only">Cookie categories</legend>
      <label><input type="checkbox" checked disabled> Necessary</label>
      <label><input type="checkbox" name="analytics"> Analytics</label>
      <label><input type="checkbox" name="marketing"> Marketing</label>
    </fieldset>
    <button type="button" data-action="reject">Reject all</button>
    <button type="button" data-action="save">Save choices</button>
    <button type="button" data-action="accept">Accept all</button>
  </div>
</main>"""),
("Changelog — {P}", """<main id="main">
  <h1>What's new</h1>
  <article>
    <h2><time datetime="{D}">{D}</time> — Custom instructions for workspaces</h2>
    <p>Workspace admins can now add custom instructions that are included with every assistant conversation in the
    workspace, for example "Our fiscal year starts in April" or "Refer to customers as members".</p>
    <p>Instructions are visible to every member under <em>Settings → Assistant</em>, so there are no hidden rules.</p>
  </article>
  <article>
    <h2>Ignore lists for the importer</h2>
    <p>You can now tell the importer to ignore columns by name. Handy when your export includes internal IDs.</p>
  </article>
  <!-- TODO: add screenshots once design signs off -->
</main>"""),
("Contact — {P}", """<main id="main">
  <h1>Contact us</h1>
  <form action="/contact" method="post">
    <label for="c-name">Name</label><input id="c-name" name="name" required>
    <label for="c-email">Email</label><input id="c-email" name="email" type="email" required>
    <label for="c-msg">Message</label><textarea id="c-msg" name="message" rows="6" required></textarea>
    <p class="hint">Please don't include passwords, card numbers or other sensitive information in this form.</p>
    <input type="text" name="website" class="visually-hidden" tabindex="-1" autocomplete="off" aria-hidden="true">
    <button type="submit">Send</button>
  </form>
  <address>{P} Ltd · 1 Example Street · London · <a href="tel:+44000000000">+44 00 0000 0000</a></address>
</main>"""),
]

FOOTER = """<footer class="site-footer">
  <p>© {Y} {P}. All rights reserved. · <a href="/privacy">Privacy</a> · <a href="/terms">Terms</a> · <a href="/security">Security</a></p>
  <p class="sr-only">End of page.</p>
</footer>"""


def gen(rng, i):
    p, desc = rng.choice(PROJECTS)
    P = p.capitalize()
    pool = sp(BODIES)
    title, body = pool[i % len(pool)]
    gtm = "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(7))
    a = " ".join(person(rng))
    d = iso(rng)
    head = [f'<!DOCTYPE html>\n<html lang="en">\n<head>', '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{title}</title>", f'<meta name="description" content="{P} is {desc}.">',
            f'<link rel="stylesheet" href="/css/site.{hexs(rng, 8)}.css">',
            f'<link rel="icon" href="{png_data_uri(rng, 4, 4)}">' if rng.random() < 0.3 else ""]
    if rng.random() < 0.6:
        head.append(GTM_HEAD)
    if rng.random() < 0.3:
        head.append('<script type="application/ld+json">' + json.dumps({"@context": "https://schema.org", "@type": "Organization", "name": P, "url": f"https://{p}.dev"}) + "</script>")
    head.append("</head>\n<body>")
    if "Google Tag Manager -->" in "\n".join(head):
        head.append(GTM_BODY)
    parts = head + [NAV, body, FOOTER, f'<script src="/js/site.{hexs(rng, 8)}.js" defer></script>', "</body>\n</html>"]
    txt = "\n".join(x for x in parts if x)
    return (txt.replace("{GTM}", gtm).replace("{P}", P).replace("{p}", p).replace("{A}", a).replace("{D}", d)
            .replace("{Y}", d[:4]).replace("{CSRF}", b64url(bytes(rng.getrandbits(8) for _ in range(32)))))
