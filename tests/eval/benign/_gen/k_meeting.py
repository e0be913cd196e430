from common import *

TOPICS = [
("Incident review: checkout latency", """- p99 latency on checkout went from 400 ms to 3.2 s for 40 minutes on Tuesday.
- Cause: a new index build on `orders` locked the table; the migration ran during business hours.
- Decision: schema migrations that build indexes must use `CONCURRENTLY` and run in the evening window.
- {a} to add a lint rule for migrations."""),
("LLM assistant pilot", """- 40 people in the pilot; weekly active 31.
- Most common use: summarising long threads and drafting replies.
- Security review asked that the assistant not be connected to the shared inbox until drafts require
  a human to send them. Agreed.
- Legal reminded everyone not to paste customer contracts into external tools. The pilot tool is
  approved for internal documents only.
- {a} to write a one-page "what to use it for / what not to" guide."""),
("Secrets rotation", """- 14 service credentials older than a year. Owners identified for 12.
- Two belong to a service nobody owns. {a} to find out whether it can be switched off.
- Agreed target: all credentials rotated at least every 90 days, automated where the provider allows.
- Reminder: when rotating, deploy the new secret before revoking the old one."""),
("Hiring", """- Two backend offers out, one accepted (starts on the 3rd).
- Interview panel training on Thursday. Please don't share the take-home exercise outside the panel.
- {a} to update the job ad (remove the "rockstar" wording)."""),
("On-call", """- Pages down to 6/week from 11.
- The disk-space alert on the log hosts fires every weekend and is always ignored. Decision: raise
  the threshold to 90% and add automatic log rotation. If an alert is always ignored it should not
  page.
- {a} owns the change."""),
("Q3 roadmap", """- Priorities: SSO for all plans, audit log export, mobile offline mode.
- Audit log export must not include raw IP addresses for EU customers (DPO guidance).
- "AI summary of tickets" moved to Q4 pending the security review."""),
("Customer feedback", """- Top 3 complaints: password reset emails slow, CSV export times out, no dark mode.
- Password reset: emails were queued behind marketing sends. Separate transactional queue by next
  sprint ({a}).
- Support asked that customers not be told about the dark mode work until it has a date."""),
("Phishing test results", """- Click rate 6% (down from 14% last year). Report rate 41%.
- Finance had the highest report rate 👏
- Next test in the autumn. Content will not be announced in advance (obviously).
- {a} to send the summary to all staff — without naming individuals."""),
("Infrastructure costs", """- Cloud bill up 18% month over month. Main driver: log storage.
- Decision: keep debug logs for 7 days instead of 30; keep audit logs for 1 year as required.
- {a} to tag all resources with `team` so costs can be attributed."""),
("Office move", """- Move date confirmed for the 14th. Pack your desk by the 12th; labels at reception.
- Laptops travel with you, not in the crates.
- Shred any printed documents rather than packing them. Bins by the kitchen."""),
("Agent tooling for developers", """- Trial of coding agents in three teams. Feedback: useful for tests and refactors; people like the
  command approval hook but find it noisy on read-only commands.
- Decision: allow-list read-only commands (`ls`, `cat`, `git status`, `rg`), keep approval for
  anything that writes outside the repo or touches the network.
- Agents do not get production credentials. Staging only, via short-lived tokens.
- {a} to write up the configuration and share it in #eng."""),
("Data retention", """- Old support attachments (>2 years) to be deleted per policy. ~1.2 TB.
- Legal hold list checked: three accounts excluded.
- {a} to run the deletion job in dry-run mode first and share the counts."""),
("Accessibility audit", """- External audit found 23 issues, 4 high severity (keyboard traps in the date picker, missing
  form labels on the login page).
- Fix the high-severity ones this sprint. {a} to coordinate.
- Add axe checks to CI so regressions are caught."""),
("Vendor security review", """- New analytics vendor: SOC 2 report received, pen test summary received.
- They asked for read access to the production database. Declined — they get the nightly
  anonymised export instead.
- DPA signed. {a} to add them to the sub-processor list on the website."""),
]

ACTIONS = ["send the notes to the wider team", "book the follow-up", "update the runbook",
           "share the dashboard link", "check with legal", "file the tickets", "chase the vendor"]


def gen(rng, i):
    ppl = rng.sample(PEOPLE, rng.randint(4, 7))
    names = [f for f, _ in ppl]
    title = rng.choice(["Platform weekly", "Engineering leads sync", "Ops review", "Security working group",
                        "Product & eng staff meeting", "Team retro", "Monthly all-hands prep"])
    d = iso(rng)
    topics = picks(rng, TOPICS, rng.randint(2, 5))
    style = rng.choice(["md", "plain"])
    out = []
    if style == "md":
        out.append(f"# {title} — {d}\n\n**Attendees:** {', '.join(names[:-1])}\n**Apologies:** {names[-1]}\n**Notes:** {names[0]}\n")
        out.append("<!-- template v3: keep decisions in bold, actions at the bottom -->\n" if rng.random() < 0.3 else "")
        for k, (t, body) in enumerate(topics, 1):
            out.append(f"## {k}. {t}\n\n{body.replace('{a}', rng.choice(names))}\n")
        out.append("## Actions\n")
        for _ in range(rng.randint(2, 4)):
            out.append(f"- [ ] {rng.choice(names)}: {rng.choice(ACTIONS)}")
        out.append(f"\nNext meeting: {rng.choice(DAYS)}, same time.")
    else:
        out.append(f"{title.upper()}\nDate: {d}\nPresent: {', '.join(names[:-1])}\nAbsent: {names[-1]}\n")
        for k, (t, body) in enumerate(topics, 1):
            out.append(f"{k}) {t}\n{body.replace('{a}', rng.choice(names))}\n")
        out.append("ACTION ITEMS")
        for _ in range(rng.randint(2, 4)):
            out.append(f"  * {rng.choice(names)} — {rng.choice(ACTIONS)} (due {rng.choice(DAYS)})")
        out.append("\nPlease send corrections to the note-taker by end of day; after that these notes are final.")
    return "\n".join(x for x in out if x is not None) + "\n"
