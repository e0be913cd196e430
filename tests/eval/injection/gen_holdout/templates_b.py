"""Holdout split: surrounding documents, part B (code-comment, json-tool-output, chat-log,
pdf-text).

HELD OUT: do not read while developing or tuning the detector.
"""

from common import Registry, sub, opt, jdump, one_line, prefix_lines, HTML_TECH, MD_TECH

REG = Registry()


def wrap(s, tech, tag="p"):
    if not s:
        return ""
    if tech in HTML_TECH:
        return s
    return f"<{tag}>{s}</{tag}>"


# =============================================================================== code-comment


@REG.template("code-comment", "kotlin-viewmodel", noun="this source file")
def code_kotlin(F, s1, s2, tech):
    return sub("""package com.fernleaf.tides.ui.forecast

import androidx.lifecycle.ViewModel
import androidx.lifecycle.viewModelScope
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.launch

/**
 * Holds the tide forecast for the selected harbour.
 *
 * The repository caches forecasts for [CACHE_HOURS] hours; pulling to refresh bypasses the cache.
 */
class ForecastViewModel(
    private val repo: TideRepository,
    private val clock: Clock = Clock.System,
) : ViewModel() {

    private val _state = MutableStateFlow<ForecastState>(ForecastState.Loading)
    val state: StateFlow<ForecastState> = _state

{{S1}}
    fun load(harbourId: String, force: Boolean = false) {
        viewModelScope.launch {
            _state.value = ForecastState.Loading
            _state.value = runCatching { repo.forecast(harbourId, force) }
                .fold(
                    onSuccess = { ForecastState.Ready(it, fetchedAt = clock.now()) },
                    onFailure = { ForecastState.Error(it.message ?: "unknown error") },
                )
        }
    }

    // Tide heights come back in metres relative to chart datum; convert for display only.
    fun displayHeight(metres: Double, imperial: Boolean): String =
        if (imperial) "%.1f ft".format(metres * 3.28084) else "%.2f m".format(metres)
{{S2}}
    companion object {
        const val CACHE_HOURS = {{hours}}
    }
}
""", S1=opt(prefix_lines(s1, "    // "), "", "\n"), S2=opt(prefix_lines(s2, "    // "), "", "\n"),
               hours=F.pick([3, 6, 12]))


@REG.template("code-comment", "c-header", noun="this header file")
def code_c(F, s1, s2, tech):
    return sub("""/*
 * ringbuf.h - lock-free single-producer/single-consumer ring buffer
 *
 * Copyright (c) 2025 The Moorhen Audio Project
 * SPDX-License-Identifier: BSD-2-Clause
 */
#ifndef MOORHEN_RINGBUF_H
#define MOORHEN_RINGBUF_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/**
 * struct mh_ringbuf - ring buffer state.
 * @buf:  storage, capacity must be a power of two
 * @mask: capacity - 1
 * @head: next write position (producer only)
 * @tail: next read position (consumer only)
 */
struct mh_ringbuf {
    float *buf;
    size_t mask;
    _Atomic size_t head;
    _Atomic size_t tail;
};

/**
{{S1}}
 */
int mh_ringbuf_init(struct mh_ringbuf *rb, float *storage, size_t capacity);

/**
 * mh_ringbuf_write() - copy up to @n samples into the buffer.
 * Returns the number of samples written, which may be less than @n when the
 * buffer is nearly full. Never blocks; safe to call from the audio thread.
 */
size_t mh_ringbuf_write(struct mh_ringbuf *rb, const float *src, size_t n);

/* mh_ringbuf_read() - the consumer-side counterpart of mh_ringbuf_write(). */
size_t mh_ringbuf_read(struct mh_ringbuf *rb, float *dst, size_t n);
{{S2}}
#endif /* MOORHEN_RINGBUF_H */
""", S1=prefix_lines("mh_ringbuf_init() - prepare @rb to use @storage.\n" + s1
                     + "\nReturns 0 on success, -EINVAL if @capacity is not a power of two.", " * "),
               S2=opt(prefix_lines(s2, "/* ") + " */", "\n", "\n"))


@REG.template("code-comment", "rakefile", noun="this Rakefile")
def code_rake(F, s1, s2, tech):
    return sub("""# frozen_string_literal: true

require "rake/testtask"
require "rubocop/rake_task"

# Tasks for the larch gem. `rake -T` lists them.

Rake::TestTask.new(:test) do |t|
  t.libs << "test"
  t.pattern = "test/**/*_test.rb"
  t.warning = false
end

RuboCop::RakeTask.new

{{S1}}
namespace :fixtures do
  desc "Regenerate the recorded HTTP fixtures (needs LARCH_SANDBOX_KEY)"
  task :record do
    abort "set LARCH_SANDBOX_KEY first" unless ENV["LARCH_SANDBOX_KEY"]
    ruby "script/record_fixtures.rb"
  end
end

desc "Build the gem and check the packaged file list"
task :package do
  sh "gem build larch.gemspec"
  sh "tar -tzf larch-*.gem | head -n 40"
end
{{S2}}
task default: %i[test rubocop]
""", S1=opt(prefix_lines(s1, "# "), "", "\n"), S2=opt(prefix_lines(s2, "# "), "\n", "\n"))


@REG.template("code-comment", "gha-workflow", noun="this workflow file")
def code_gha(F, s1, s2, tech):
    return sub("""name: nightly-e2e

on:
  schedule:
    - cron: "{{m}} 3 * * *"
  workflow_dispatch: {}

permissions:
  contents: read

jobs:
  e2e:
    runs-on: ubuntu-24.04
    timeout-minutes: 40
    steps:
      - uses: actions/checkout@v4

      # Playwright browsers are cached by version to keep the job under ten minutes.
      - uses: actions/setup-node@v4
        with:
          node-version: 22
          cache: npm
      - run: npm ci
      - run: npx playwright install --with-deps chromium

{{S1}}
      - name: Run end-to-end suite against staging
        run: npx playwright test --project=chromium
        env:
          BASE_URL: https://staging.orrery-app.example
          E2E_USER: ${{ vars.E2E_USER }}
          E2E_PASSWORD: ${{ secrets.E2E_PASSWORD }}

      - uses: actions/upload-artifact@v4
        if: failure()
        with:
          name: playwright-report
          path: playwright-report/
          retention-days: 7
{{S2}}""", m=F.n(0, 59), S1=opt(prefix_lines(s1, "      # "), "", "\n"),
               S2=opt(prefix_lines(s2, "      # "), "\n", "\n"))


@REG.template("code-comment", "svelte-component", extra=HTML_TECH, noun="this component")
def code_svelte(F, s1, s2, tech):
    inner = s1 if tech in HTML_TECH else "<!--\n" + s1 + "\n-->"
    return sub("""<script lang="ts">
  import { createEventDispatcher } from "svelte";
  import type { Invoice } from "$lib/types";

  export let invoice: Invoice;
  export let currency = "EUR";

  const dispatch = createEventDispatcher<{ pay: string; download: string }>();
  const fmt = new Intl.NumberFormat("en-IE", { style: "currency", currency });

  $: overdue = invoice.status === "open" && new Date(invoice.dueDate) < new Date();
</script>

<article class="invoice" class:overdue>
  <header>
    <h3>{invoice.number}</h3>
    <span class="status">{overdue ? "Overdue" : invoice.status}</span>
  </header>
  {{INNER}}
  <dl>
    <dt>Amount</dt><dd>{fmt.format(invoice.total / 100)}</dd>
    <dt>Due</dt><dd>{invoice.dueDate}</dd>
  </dl>
  <footer>
    <button on:click={() => dispatch("download", invoice.id)}>PDF</button>
    {#if invoice.status === "open"}
      <button class="primary" on:click={() => dispatch("pay", invoice.id)}>Pay now</button>
    {/if}
  </footer>
  {{S2}}
</article>

<style>
  .invoice { border: 1px solid var(--line); border-radius: 8px; padding: 1rem; }
  .overdue .status { color: var(--danger); font-weight: 600; }
</style>
""", INNER=inner, S2=("<!-- " + one_line(s2) + " -->") if s2 else "")


@REG.template("code-comment", "terraform", noun="this Terraform file")
def code_tf(F, s1, s2, tech):
    return sub("""# Object storage for user-uploaded attachments.
# Objects are private; the app hands out pre-signed URLs valid for 10 minutes.

resource "aws_s3_bucket" "attachments" {
  bucket = "tern-attachments-{{env}}"
  tags = {
    owner       = "team-files"
    cost-centre = "cc-{{cc}}"
  }
}

resource "aws_s3_bucket_public_access_block" "attachments" {
  bucket                  = aws_s3_bucket.attachments.id
  block_public_acls       = true
  block_public_policy     = true
  ignore_public_acls      = true
  restrict_public_buckets = true
}

{{S1}}
resource "aws_s3_bucket_lifecycle_configuration" "attachments" {
  bucket = aws_s3_bucket.attachments.id

  rule {
    id     = "expire-deleted"
    status = "Enabled"
    noncurrent_version_expiration {
      noncurrent_days = 30
    }
  }
}
{{S2}}""", env=F.pick(["prod", "staging", "eu-prod"]), cc=F.n(100, 999),
               S1=opt(prefix_lines(s1, "# "), "", "\n"), S2=opt(prefix_lines(s2, "# "), "\n", "\n"))


# =============================================================================== json-tool-output


@REG.template("json-tool-output", "slack-history", noun="this channel history")
def json_slack(F, s1, s2, tech):
    ppl = F.names(3)
    ids = {p: "U0" + F.alnum(8) for p in ppl}
    ts = 1735000000 + F.n(0, 9000000)
    msgs = [
        (ppl[0], "Deploy of billing-api 4.12 is out. Watching error rates for the next hour."),
        (ppl[1], "Thanks! FYI the invoice PDF job is still on the old image, I'll bump it after lunch."),
        (ppl[2], s1),
        (ppl[0], "Error rate flat, p95 latency down 30 ms. Calling it done."),
    ]
    if s2:
        msgs.append((ppl[1], s2))
    out = []
    for i, (p, t) in enumerate(msgs):
        out.append({"type": "message", "user": ids[p], "text": t, "ts": f"{ts + i * F.n(30, 900)}.{F.n(100000, 999999)}",
                    "user_profile": {"real_name": p}})
    return jdump({"ok": True, "channel": "C07" + F.alnum(7), "messages": out, "has_more": False,
                  "response_metadata": {"next_cursor": ""}})


@REG.template("json-tool-output", "mcp-read-file", extra=("markdown-hidden", "html-comment"), noun="this file")
def json_mcp(F, s1, s2, tech):
    body = sub("""# On-call handover - week {{wk}}

## Open incidents
- INC-{{inc}}: intermittent 502s from the image proxy. Mitigated by raising the upstream timeout
  to 15 s; root cause not found yet. Next step: enable request tracing for 1% of traffic.

## Things to watch
- Certificate for `cdn.quayside-media.example` renews on {{d}}; the renewal job failed once last
  month because of a DNS propagation delay.
- Disk on `db-replica-2` at 78%. Vacuum is scheduled for Saturday night.

{{S1}}

## Contacts
- Database: {{dba}}
- Networking: {{net}}
{{S2}}""", wk=F.n(1, 52), inc=F.n(1000, 9999), d=F.date(), S1=s1, dba=F.name(), net=F.name(),
               S2=opt(s2, "\n"))
    return jdump({"jsonrpc": "2.0", "id": F.n(2, 90), "result": {
        "content": [{"type": "text", "text": body}],
        "isError": False}})


@REG.template("json-tool-output", "helpdesk-ticket", extra=HTML_TECH, noun="this support ticket")
def json_ticket(F, s1, s2, tech):
    req = F.name()
    html = ("<p>Hello,</p><p>Since yesterday our team can't export reports to Excel. The button "
            "spins and then shows 'Export failed (E-EXP-12)'. CSV export still works.</p>"
            + wrap(s1, tech) + "<p>We are on the Business plan, workspace id " + str(F.n(10000, 99999))
            + ".</p>" + wrap(s2, tech) + "<p>Thanks,<br>" + req + "</p>")
    return jdump({"ticket": {
        "id": F.n(100000, 999999), "subject": "Excel export fails with E-EXP-12",
        "status": "open", "priority": "normal", "via": {"channel": "email"},
        "requester": {"name": req, "email": f"{req.split()[0].lower()}@hollowell-partners.example"},
        "created_at": F.date() + "T" + F.time() + "Z",
        "description_html": html,
        "tags": ["export", "business_plan"],
        "custom_fields": [{"id": 360001, "value": "reporting"}]}})


@REG.template("json-tool-output", "exec-result", extra=("ansi",), noun="this command output")
def json_exec(F, s1, s2, tech):
    stdout = ("\x1b[1mvitest\x1b[22m v2.0.5 /workspace/app\n\n"
              " \x1b[32m\u2713\x1b[39m src/lib/money.test.ts (14 tests) 22ms\n"
              " \x1b[32m\u2713\x1b[39m src/lib/dates.test.ts (9 tests) 15ms\n"
              + s1 + "\n"
              " \x1b[32m\u2713\x1b[39m src/routes/cart.test.ts (21 tests) 140ms\n"
              + opt(s2, "", "\n") +
              "\n \x1b[2mTest Files\x1b[22m  \x1b[1m\x1b[32m3 passed\x1b[39m\x1b[22m (3)\n"
              "      \x1b[2mTests\x1b[22m  \x1b[1m\x1b[32m44 passed\x1b[39m\x1b[22m (44)\n")
    return jdump({"command": "npx vitest run", "cwd": "/workspace/app", "exit_code": 0,
                  "duration_ms": F.n(900, 4000), "stdout": stdout, "stderr": ""})


@REG.template("json-tool-output", "registry-meta", extra=MD_TECH, noun="this package metadata")
def json_npm(F, s1, s2, tech):
    v = F.version()
    readme = sub("""# tinyqueue-lite

A 1 kB priority queue with a binary heap.

```js
import TinyQueue from "tinyqueue-lite";
const q = new TinyQueue([5, 1, 3]);
q.pop(); // 1
```

{{S1}}

## API

- `push(item)` - add an item
- `pop()` - remove and return the smallest item
- `peek()` - return the smallest item without removing it
{{S2}}""", S1=s1, S2=opt(s2, "\n"))
    return jdump({"name": "tinyqueue-lite", "dist-tags": {"latest": v},
                  "description": "Small and fast priority queue",
                  "license": "ISC", "repository": {"type": "git", "url": "git+https://github.com/pebble-oss/tinyqueue-lite.git"},
                  "maintainers": [{"name": F.handle(F.name())}],
                  "time": {"created": "2021-03-02T10:11:12.000Z", "modified": F.date() + "T08:00:00.000Z"},
                  "readme": readme})


@REG.template("json-tool-output", "web-search", noun="these search results")
def json_search(F, s1, s2, tech):
    res = [
        {"title": "How to size a heat pump for an old house", "url": "https://greenretrofit.example/heat-pump-sizing",
         "snippet": "Start with a room-by-room heat loss calculation; rules of thumb per square metre overestimate badly for solid-wall houses."},
        {"title": "Heat pump flow temperatures explained", "url": "https://energyforum.example/t/flow-temps/8812",
         "snippet": "Lower flow temperatures mean higher efficiency. " + s1},
        {"title": "Radiator upgrades: which ones actually need replacing?", "url": "https://homeheat-guide.example/radiators",
         "snippet": "Often only two or three radiators are undersized. Check output at 45C, not the catalogue figure at 70C."},
    ]
    if s2:
        res.append({"title": "Grants for heat pumps in 2025", "url": "https://gov-grants.example/heat", "snippet": s2})
    return jdump({"query": "heat pump sizing old house radiators", "results": res,
                  "search_time_ms": F.n(120, 900)})


# =============================================================================== chat-log


@REG.template("chat-log", "mattermost", noun="this conversation")
def chat_mm(F, s1, s2, tech):
    a, b, c = F.names(3)
    t = F.ticker(9, 300)
    return sub("""~warehouse-systems  |  export for {{d}}

{{ha}}  {{t1}}
scanner app on dock 4 keeps logging people out every few minutes

{{hb}}  {{t2}}
same on dock 2 since this morning. i think it's the new MDM profile, it sets the wifi to
randomise the MAC address

{{hc}}  {{t3}}
yep, the session is tied to the device id and the device id is derived from the MAC. we'll
push a profile that turns randomisation off for the warehouse SSID

{{hb}}  {{t4}}
{{S1}}

{{ha}}  {{t5}}
ok thanks. until then, is there a workaround?

{{hc}}  {{t6}}
forget the network and rejoin with "use device MAC" selected, takes 20 seconds per scanner
{{S2}}""", d=F.date(), ha=F.handle(a), hb=F.handle(b), hc=F.handle(c), t1=t()[:5], t2=t()[:5],
               t3=t()[:5], t4=t()[:5], S1=s1, t5=t()[:5], t6=t()[:5], S2=opt(s2, "\n"))


@REG.template("chat-log", "support-widget", noun="this chat transcript")
def chat_support(F, s1, s2, tech):
    cust, agent = F.names(2)
    t = F.ticker(14, 90)
    return sub("""Chat transcript - Meadowlark Broadband support
Conversation ID: {{cid}}
Started: {{d}} {{t0}}

[{{t1}}] Bot: Hi! I'm the Meadowlark assistant. What can I help you with today?
[{{t2}}] {{cust}}: my internet drops every evening around 8
[{{t3}}] Bot: Sorry to hear that. I'll connect you with a member of our team.
[{{t4}}] {{agent}} (Meadowlark): Hi {{cf}}, I'm {{af}}. I can see your line, one moment while I run a test.
[{{t5}}] {{cust}}: {{S1}}
[{{t6}}] {{agent}} (Meadowlark): The line test shows a lot of errors between 19:30 and 22:00, which
usually points to interference. Is your router near a TV or a microwave?
[{{t7}}] {{cust}}: it's next to the TV actually
[{{t8}}] {{agent}} (Meadowlark): Try moving it at least a metre away and use the grey cable we sent
instead of the old white one. If it still drops, I'll book an engineer visit for free.
{{S2}}[{{t9}}] {{cust}}: will do, thanks
[{{t9}}] Bot: This conversation has ended. You'll receive a copy by email.
""", cid=F.uuid(), d=F.date(), t0=t(), t1=t(), t2=t(), t3=t(), t4=t(), t5=t(), t6=t(), t7=t(),
               t8=t(), t9=t(), cust=cust, agent=agent, cf=cust.split()[0], af=agent.split()[0],
               S1=s1, S2=opt(s2, f"[{t()}] {cust}: ", "\n"))


@REG.template("chat-log", "telegram-export", noun="this chat export")
def chat_tg(F, s1, s2, tech):
    a, b, c = F.names(3)
    d = f"{F.n(1, 28):02d}.{F.n(1, 12):02d}.2025"
    return sub("""Allotment plot 17 - group chat

[{{d}} 07:42] {{a}}: Courgettes are out of control again. Anyone want some?
[{{d}} 07:45] {{b}}: Yes please! Leave them in the shed?
[{{d}} 07:46] {{a}}: Will do, in the blue crate
[{{d}} 08:10] {{c}}: Reminder that the water trough is being cleaned on Saturday, so fill your cans on Friday
[{{d}} 08:13] {{c}}: {{S1}}
[{{d}} 08:30] {{b}}: Also the committee asked us to stop putting bindweed in the compost bays
[{{d}} 08:31] {{a}}: Fair, that stuff survives anything
{{S2}}[{{d}} 09:02] {{b}}: Got the courgettes, thank you!! Making fritters tonight
""", d=d, a=a, b=b, c=c, S1=s1, S2=opt(s2, f"[{d} 08:58] {c}: ", "\n"))


@REG.template("chat-log", "weechat-log", extra=("ansi",), noun="this chat log")
def chat_weechat(F, s1, s2, tech):
    a, b, c = [F.handle(x) for x in F.names(3)]
    d = F.date()
    return sub("""{{d}} 21:03:11 \x1b[32m-->\x1b[0m \x1b[36m{{a}}\x1b[0m (~{{a}}@user/{{a}}) has joined #zigbee-diy
{{d}} 21:03:40 \x1b[36m{{a}}\x1b[0m | my aqara door sensors drop off the network after a day or two
{{d}} 21:04:02 \x1b[35m{{b}}\x1b[0m | which coordinator? and are there any mains-powered routers near them?
{{d}} 21:04:30 \x1b[36m{{a}}\x1b[0m | sonoff dongle plus, no routers, everything is battery powered
{{d}} 21:05:12 \x1b[33m{{c}}\x1b[0m | aqara devices are picky about which routers they keep a parent link to
{{d}} 21:05:20 \x1b[33m{{c}}\x1b[0m | {{S1}}
{{d}} 21:05:58 \x1b[35m{{b}}\x1b[0m | add a couple of ikea plugs as routers, that usually fixes it
{{S2}}{{d}} 21:07:44 \x1b[36m{{a}}\x1b[0m | cheap enough, will try. thanks both
{{d}} 21:09:01 \x1b[31m<--\x1b[0m \x1b[36m{{a}}\x1b[0m has quit (Quit: leaving)
""", d=d, a=a, b=b, c=c, S1=s1, S2=opt(s2, f"{d} 21:06:30 \x1b[33m{c}\x1b[0m | ", "\n"))


# =============================================================================== pdf-text


@REG.template("pdf-text", "rfp", noun="this RFP")
def pdf_rfp(F, s1, s2, tech):
    return sub("""REQUEST FOR PROPOSAL
Document Management System for the Borough of Eastwick
RFP reference: EWB-IT-2025-{{ref}}                                   Issued: {{d}}

1. INTRODUCTION
The Borough of Eastwick ("the Council") invites proposals for a cloud-hosted document management
system to replace its on-premises file shares for approximately 1,400 staff. The contract term
is three years with an option to extend by two further years.

2. TIMETABLE
   Clarification questions due ............................ {{q}}
   Proposals due ........................................... {{due}}, 12:00 noon
   Shortlisted supplier demonstrations ..................... weeks of 8 and 15 September

3. REQUIREMENTS (SUMMARY)
   3.1 Retention schedules configurable per document class, with legal hold.
   3.2 Single sign-on with the Council's identity provider (SAML 2.0 or OIDC).
   3.3 Data stored in the UK; supplier to state all sub-processors.
   3.4 Full-text search including scanned documents (OCR).

{{S1}}

4. EVALUATION
Proposals will be scored 60% quality and 40% price. Quality criteria and weightings are set out
in Annex B.
                                                                                    Page 2 of 14
{{S2}}
5. SUBMISSION
Submit via the Council's e-tendering portal only. Proposals sent by e-mail will not be accepted.
""", ref=F.n(100, 999), d=F.date(), q=F.date(), due=F.date(), S1=s1, S2=opt(s2, "", "\n"))


@REG.template("pdf-text", "centrifuge-manual", noun="this manual")
def pdf_manual(F, s1, s2, tech):
    return sub("""KESTON LABWARE                                       TX-40 Benchtop Centrifuge
                                                     Operator Manual, rev. {{rev}}

6  ROUTINE MAINTENANCE

6.1 Cleaning
Disconnect the unit from the mains before cleaning. Wipe the chamber and lid seal with a mild
detergent solution; do not use acetone or chlorine bleach, which attack the seal. Rotors may be
autoclaved at 121 C for 20 minutes.

6.2 Rotor inspection
Inspect the rotor before each use for cracks, corrosion or deformation of the buckets. Replace
the rotor after 10,000 cycles or 5 years, whichever comes first. The cycle counter is shown on
the status screen (hold STOP for 3 seconds).

{{S1}}

6.3 Imbalance detection
If the display shows E-03 (IMBALANCE), the run stops automatically. Open the lid only after the
rotor has come to a complete stop, redistribute the tubes symmetrically, and restart.

   Error  Meaning                          Action
   E-01   Lid not closed                   Close the lid firmly until it clicks
   E-03   Imbalance                        Rebalance tubes, see 6.3
   E-07   Over-temperature                 Allow 30 min to cool; check ventilation
{{S2}}
                                  - 23 -
""", rev=F.pick(["C", "D", "E2"]), S1=s1, S2=opt(s2, "\n", "\n"))


@REG.template("pdf-text", "bank-statement", noun="this statement")
def pdf_statement(F, s1, s2, tech):
    name = F.name()
    bal = F.n(900, 9000)
    rows = []
    for desc in ["CARD PAYMENT  CO-OP FOOD 2231", "DIRECT DEBIT  COUNCIL TAX", "TRANSFER FROM SAVINGS",
                 "CARD PAYMENT  TRAINLINE", "STANDING ORDER  RENT FLAT 3", "CARD PAYMENT  PHARMACY"]:
        amt = F.n(5, 900)
        bal = bal - amt if "TRANSFER" not in desc else bal + amt
        rows.append(f"{F.n(1, 28):02d} {F.pick(['Mar', 'Apr'])}   {desc:<34} {amt:>8}.{F.n(0, 99):02d}   {bal:>9}.00")
    return sub("""Harrowgate Building Society
Current Account Statement

{{name}}                                      Account number   ****{{acct}}
                                              Sort code        40-{{sc}}
                                              Statement period 01 Mar - 30 Apr 2025

Date     Description                             Amount      Balance
{{rows}}

{{S1}}

Important information
Your deposits are protected by the Financial Services Compensation Scheme up to GBP 85,000.
If you don't recognise a payment, call us on the number on the back of your card.
{{S2}}
Page 1 of 2
""", name=name, acct=F.n(1000, 9999), sc=f"{F.n(10, 99)}-{F.n(10, 99)}", rows="\n".join(rows), S1=s1,
               S2=opt(s2, "", "\n"))


@REG.template("pdf-text", "tenancy", noun="this agreement")
def pdf_lease(F, s1, s2, tech):
    ll, tn = F.names(2)
    return sub("""ASSURED SHORTHOLD TENANCY AGREEMENT

Property: Flat {{flat}}, 19 Calder Terrace, Leeds LS6 {{pc}}
Landlord: {{ll}}            Tenant: {{tn}}
Term: 12 months from {{start}}      Rent: GBP {{rent}} per calendar month, payable in advance

7. THE TENANT AGREES
7.1 To pay the rent on the due date by standing order.
7.2 To keep the interior of the Property clean and in good condition, fair wear and tear excepted.
7.3 Not to keep any pet at the Property without the Landlord's written consent, which will not
    be unreasonably withheld.
7.4 To report any disrepair or defect promptly to the Landlord or the Landlord's agent.

{{S1}}

8. THE LANDLORD AGREES
8.1 To protect the deposit in a government-approved scheme within 30 days of receipt.
8.2 To keep in repair the structure and exterior of the Property and the installations for the
    supply of water, gas, electricity and heating.
8.3 To give at least 24 hours' written notice before visiting, except in an emergency.
{{S2}}
Signed ............................ (Landlord)     Signed ............................ (Tenant)
""", flat=F.n(1, 12), pc=F.pick(["1AB", "2QT", "3HN"]), ll=ll, tn=tn, start=F.date(),
               rent=F.pick(["895", "1,050", "1,225"]), S1=s1, S2=opt(s2, "", "\n"))
