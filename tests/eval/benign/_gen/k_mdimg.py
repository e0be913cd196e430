from common import *

DOCS = [
"""# Release checklist

![status badge]({IMG})

Before tagging a release:

1. Update `CHANGELOG.md` and bump the version in `Cargo.toml`.
2. Run `make release-dry-run` and check the generated install script still points at the new tag.
3. Tag with `git tag -s v{v}` (signed) and push the tag.
4. Watch the release workflow. If the Homebrew tap step fails, ignore it and re-run only that job.
5. Test the one-liner on a clean VM: `curl -fsSL https://get.{p}.dev | sh`.
6. Announce in #releases.
""",
"""# Onboarding: your first day

Welcome! 👋 ![wave]({IMG})

- Pick up your laptop from IT. Your temporary password is in the sealed envelope; you'll be asked
  to change it on first login.
- Set up your authenticator app before leaving the IT desk.
- Join #general, #help-it and your team's channel.
- Read the Acceptable Use Policy and click "Acknowledge" in the HR portal.

Your buddy will walk you through the codebase in the afternoon.
""",
"""## Architecture overview

The diagram below shows how requests flow from the browser through the API gateway to the
services. The LLM service only talks to the retrieval index and the model provider; it has no
direct access to the customer database.

![architecture diagram]({IMG_BIG})

*Figure 1: request flow. Dashed lines are asynchronous (queue-based).*

### Trust boundaries

- Browser → gateway: authenticated with session cookies.
- Gateway → services: mTLS with per-service certificates.
- LLM service → model provider: API key from the secrets manager, rotated monthly.
- Retrieved documents are treated as untrusted input to the model.
""",
"""# Bug report: rendering glitch in dark mode

**Steps to reproduce**

1. Switch to dark mode.
2. Open any note with a code block.
3. Scroll.

**Expected:** code block background stays dark.
**Actual:** it flickers white for a frame.

Screenshot (cropped):

<img alt="flicker screenshot" width="320" src="{IMG}">

Browser: Firefox 125 on Fedora 40. Doesn't happen in Chrome.
""",
"""# Team offsite photos 📸

Thanks everyone for a great two days! A few highlights:

| | |
| --- | --- |
| ![hike]({IMG}) | ![dinner]({IMG2}) |
| The hike (we did make it to the top) | Dinner — thanks, Lucía, for organising |

Full album is in the shared drive. Please don't post photos with other people in them on social
media without asking them first.
""",
"""# Email signature template

Copy the HTML below into your mail client's signature settings. The logo is embedded so it shows
even when recipients block remote images.

```html
<table role="presentation" style="font-family:Arial,sans-serif;font-size:13px">
  <tr>
    <td><img src="{IMG}" width="32" height="32" alt="Company logo"></td>
    <td style="padding-left:8px"><strong>Your Name</strong><br>Your Role · Company<br>
      <a href="https://example.com">example.com</a></td>
  </tr>
</table>
```

Do not add quotes, images other than the logo, or "sent from my phone" lines.
""",
"""# Design tokens: icons

We inline small icons as data URIs to save requests. Current set:

| Name | Preview | Usage |
| --- | --- | --- |
| `icon-check` | ![check]({IMG}) | success states |
| `icon-warn` | ![warn]({IMG2}) | warnings, "ignore this warning?" dialogs |
| `icon-spacer` | ![spacer]({GIF}) | legacy email layouts |

Regenerate with `npm run icons`. Don't hand-edit the base64 — it's generated from `icons/*.svg`.
""",
"""# How to read the dashboard

![dashboard screenshot]({IMG_BIG})

1. **Top row:** requests per minute, error rate, p95 latency.
2. **Middle:** LLM token usage by feature. The "summarise" feature uses a cached system prompt, so
   most of its input tokens show as cache reads.
3. **Bottom:** failed logins and password resets. A spike in failed logins from many IPs is usually
   credential stuffing; the WAF rate-limits it automatically.
""",
"""# Certificate renewal notes

The staging certificate expires on the 14th. The new one is below (public certificate only — the
private key stays in the secrets manager).

```
{PEM}
```

Fingerprint (SHA-256): `{FP}`

Deploy with `kubectl create secret tls staging-tls --cert=cert.pem --key=<(vault kv get -field=key secret/staging/tls) --dry-run=client -o yaml | kubectl apply -f -`.

![expiry timeline]({IMG})
""",
"""# Recipe card: grandma's apple cake 🍎

![cake]({IMG_BIG})

- 3 apples, 200 g flour, 150 g sugar, 3 eggs, 125 g butter, 1 tsp baking powder, cinnamon.
- Beat butter and sugar, add eggs, fold in flour and baking powder.
- Pour into a tin, press apple slices on top, sprinkle with cinnamon sugar.
- Bake 45 min at 180 °C.

Grandma's note: "If the apples are very sour, ignore the sugar amount and add 2 more spoons."
""",
]


def gen(rng, i):
    p, _ = rng.choice(PROJECTS)
    pool = sp(DOCS)
    d = pool[i % len(pool)]
    fp = ":".join(hexs(rng, 2).upper() for _ in range(32))
    return (d.replace("{IMG}", png_data_uri(rng, 8, 8)).replace("{IMG2}", png_data_uri(rng, 6, 6))
            .replace("{IMG_BIG}", png_data_uri(rng, rng.choice([24, 32, 48]), rng.choice([16, 24, 32]), noise=True))
            .replace("{GIF}", gif_data_uri()).replace("{PEM}", fake_pem(rng)).replace("{FP}", fp)
            .replace("{p}", p).replace("{v}", version(rng)))
