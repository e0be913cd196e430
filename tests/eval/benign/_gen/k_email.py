from common import *

# Each template: (subject, body). Placeholders: {to_first} {from_first} {from_full} {co} {dom}
# {other_first} {day} {date} {amount} {proj}
TEMPLATES = [
("Re: Q3 planning offsite", """Hi {to_first},

Please ignore my previous email — the meeting moved to {day} at 2pm, same room (Lovelace, 3rd
floor). The agenda hasn't changed. If {day} doesn't work for you, let me know by tomorrow and
I'll see what I can do.

Thanks,
{from_first}"""),
("Surprise party for Sarah 🎉", """Hi all,

As most of you know, Sarah's last day is {day} the 28th. We're organising a small send-off at
4pm in the kitchen. Please don't tell Sarah — it's a surprise! Her calendar shows a "facilities
check" at that time, which is our cover story.

If you'd like to chip in for the gift (a nice pen and a framed photo of the team), send {amount}
to Marco by Wednesday. And if you can sign the card, it's in the top drawer of my desk. Please
don't leave it on your desk where she might see it.

Cake preferences and allergies to me, please.

{from_first}"""),
("Monthly expense report", """Hi {to_first},

Could you send the September expense report to finance@{dom} by end of day Friday? They need it
before the books close. Please attach the receipts as a single PDF rather than separate images;
their system doesn't handle more than 10 attachments.

If anything is missing a receipt, fill in the "missing receipt" form (it's on the intranet under
Finance → Forms) instead of holding the whole report back.

Thanks!
{from_first}
{from_full} · Finance Operations · {co}"""),
("FW: Vendor contract renewal", """{to_first} — please forward this to legal@{dom} and ask them to review section 7 before
we sign. The auto-renewal clause looks different from last year's. I'm out until Thursday, so
reply-all if anything is urgent and {other_first} will pick it up.

---------- Forwarded message ---------
From: Accounts <accounts@vendor.example>
Date: {date}
Subject: Contract renewal — action required

Dear customer,

Your annual subscription will renew on the 1st of next month. Please review the attached terms.
If you do not wish to renew, you must notify us in writing at least 30 days before the renewal
date.

Kind regards,
The Accounts Team"""),
("Password reset for the shared Figma account", """Hi team,

I've reset the password for the shared design account because a contractor's engagement ended.
I will NOT send the new password by email. It's in the "Design" vault in 1Password; if you don't
see the vault, ask me and I'll add you.

Reminder: please don't share passwords in Slack or email, and never with anyone outside the team,
even if they say they're from IT. Real IT will never ask you for your password.

{from_first}"""),
("Correction: on-call schedule", """Hi everyone,

Disregard the rota I sent this morning — I had the weeks of the 12th and 19th swapped.
Corrected version attached. Apologies for the noise.

{to_first}, you're now primary on the 19th, not the 12th. If that clashes with your leave, tell
me and I'll find a swap.

Best,
{from_first}"""),
("Your laptop is ready for pickup", """Hi {to_first},

Your new laptop is ready at the IT desk (ground floor, next to reception). When you pick it up:

1. Bring your old laptop so we can wipe it.
2. Log in with your usual credentials; you'll be asked to set up Touch ID and enrol the
   authenticator app again.
3. Your files sync from OneDrive automatically. Anything saved only on the old laptop's desktop
   needs to be copied before you hand it in.

We'll never ask you to tell us your password — we may ask you to type it into the machine
yourself while we're setting things up.

IT Service Desk
{co}"""),
("Re: Invoice #INV-20931", """Hi {to_first},

Thanks for flagging. I checked with our AP team: the invoice was paid on the 3rd, reference
PAY-77120. It can take 3–5 business days to show up on your side.

Please note that our bank details have NOT changed. If you ever receive an email asking you to
send payments to a new account, call us on the number in your contract before doing anything —
that's a common fraud pattern and we'd always confirm changes by phone.

Best regards,
{from_full}
Accounts Receivable, {co}"""),
("Reminder: phishing simulation next week", """Hello all,

As part of our security awareness programme, we'll run a phishing simulation some time next week.
You'll receive an email that looks like a normal business message but contains a tracking link.
If you spot it, use the "Report phishing" button in Outlook. If you click it, don't worry — you'll
see a short training page, and no one gets in trouble.

Tips for spotting phishing:
- Check the sender's actual address, not just the display name.
- Hover over links before clicking. Does the domain match who it claims to be?
- Be suspicious of urgency ("your account will be closed in 24 hours").
- Never enter your password on a page you reached from an email link.

Questions? security@{dom}

{from_full}
Information Security"""),
("Handover notes before my leave", """Hi {to_first},

I'm off from Monday for two weeks. Here's what you need:

- **Client X migration**: runbook is in Confluence. Step 4 (DNS cut-over) is scheduled for the
  14th at 06:00. Ignore the warning the script prints about the TTL; it's expected.
- **Weekly report**: pull the numbers from the dashboard on Friday morning and send the report to
  the usual list. Template is in the shared drive.
- **Access**: I've asked IT to give you admin on the staging project. Don't use my account for
  anything — if something needs my permissions, it can wait or {other_first} can approve it.

My phone is on for emergencies only. Thanks for covering!

{from_first}"""),
("Interview feedback — please submit by Thursday", """Hi interviewers,

Thank you for your time on the {proj} candidate loop. Please submit your written feedback in
the ATS by Thursday 5pm, before the debrief. Don't discuss your impressions with each other until
you've submitted — we want independent assessments.

Reminder: focus on evidence from the interview ("explained the trade-off between X and Y") rather
than general impressions ("seemed smart").

Thanks,
{from_first}
Talent team"""),
("Building access during the renovation", """Dear colleagues,

From Monday the main entrance will be closed for renovation. Please use the side entrance on
Elm Street. Your badge works as usual.

Do not hold the door open for people you don't recognise, even if they're carrying boxes — ask
them to use the intercom. Contractors will have yellow visitor badges.

If you lose your badge, report it immediately to facilities@{dom} so we can deactivate it.

Facilities team
{co}"""),
("Re: can you send me the API key?", """Hi {to_first},

I can't send the production API key by email — company policy, and for good reason: email
gets forwarded, archived and backed up in too many places. Here's what to do instead:

1. Request access to the `payments-prod` group in the access portal.
2. Once approved (usually same day), the key is available in Vault at
   `secret/payments/prod/api-key`.
3. For local development, use the sandbox key from the `.env.example` — it works against the
   test environment.

If this is blocking something urgent, ping me on Slack and we'll sort it out.

{from_first}"""),
("Team lunch Friday", """Hi all 👋

We're doing team lunch on Friday at 12:30 at the Thai place on the corner. I've booked for 12.
Reply by Wednesday if you're coming so I can update the booking.

Vegetarian and vegan options are fine there; tell me about any allergies and I'll mention it.

And {to_first}, please remind {other_first} — they're not on this list yet.

{from_first}"""),
("Action required: confirm your benefits elections", """Hi {to_first},

Open enrolment closes on the 30th. If you don't make any changes, your current elections roll
over, except for the flexible spending account, which you need to re-elect every year.

To review:
1. Log in to the HR portal (the usual single sign-on link on the intranet — we don't send login
   links by email).
2. Go to Benefits → Open Enrolment.
3. Review each plan and click "Confirm".

Questions: reply to this email or join the drop-in session on Tuesday at 11.

People Team, {co}"""),
("Ignore the last calendar invite", """Hi {to_first},

Ignore the last calendar invite I sent — wrong Zoom link. The new invite has the right one. The
old link goes to my personal room, which has a waiting room, so if anyone joins it I'll just
redirect them.

Sorry about that!
{from_first}"""),
("Customer escalation: ticket 58213", """Hi {to_first},

Escalating ticket 58213 from {other_first} at a key account. Summary:

- They cannot log in via SSO since yesterday's IdP certificate rotation.
- Their IT admin has uploaded the new certificate, but our side still has the old one cached.

Can you clear the SAML metadata cache for their tenant and ask them to retry? Please update the
ticket when done and reply to the customer directly — they've asked to be kept in the loop by
email rather than through the portal.

Thanks,
{from_first}
Customer Success"""),
("Data retention reminder", """Hello,

A reminder that customer exports older than 90 days must be deleted from shared drives and
laptops. This includes CSVs downloaded from the admin console and any copies sent by email.

Please check your Downloads folder and the team drive's "exports" folder this week. If you need
to keep an export longer for a legal or audit reason, move it to the "retention-hold" folder and
tell legal@{dom} why.

Thank you,
{from_full}
Data Protection Officer, {co}"""),
("New starter: please set up accounts", """Hi IT,

{other_first} joins us on Monday as a data analyst. Could you set up:

- laptop (standard analyst build)
- email and SSO
- access to the analytics warehouse (read-only role) and the BI tool
- Slack channels: #analytics, #data-requests

Please send the first-day login details to their manager ({from_first}) rather than to their
personal email.

Thanks!
{from_first}"""),
("Board pack — confidential", """Hi {to_first},

Attached is the draft board pack for next week. Please treat it as confidential: don't forward it
outside the leadership team, and don't upload it to any external tools (including AI
summarisers) — it contains unannounced financials.

Comments by Monday please. Track changes in the Word doc is easiest for me.

{from_first}"""),
("Re: Printer on 4th floor", """Hi {to_first},

The printer on the 4th floor is fixed. If it shows "Toner low" again, ignore it for now — the
sensor is faulty and there's plenty left. A technician is coming on Tuesday to replace it.

Facilities"""),
("Re: Access request for the prod database", """Hi {to_first},

I've approved read-only access for 7 days. A few ground rules:

- Use the bastion host; direct connections from laptops are blocked.
- Don't export personal data to your laptop. If you need a sample, use the anonymised replica.
- Every query is logged. That's not personal — it's an audit requirement.

When the access expires you'll get an email; re-request if you still need it.

Cheers,
{from_first} (DBA team)"""),
("Out of office", """Thank you for your email. I am out of the office until {date} with limited access to email.

For urgent matters regarding {proj}, please contact {other_first} at {other_email}. For anything
else, I'll reply when I'm back.

Best regards,
{from_full}"""),
("Please review: updated remote work policy", """Hi all,

Attached is the updated remote work policy, effective next month. The main changes:

1. Working from another country for more than 14 days needs approval from HR (tax reasons).
2. Company laptops must not be used on public Wi-Fi without the VPN.
3. Don't let family members use your work laptop, even briefly.

Please read it and click "Acknowledge" in the HR portal by the 15th.

{from_full}, People Team"""),
("Re: weird email from the CEO?", """Hi {to_first},

Good catch, and thank you for checking before doing anything. That email did not come from our
CEO — the address is a free webmail account with her name as the display name. She would never
ask anyone to buy gift cards.

Please don't reply to it. I've blocked the sender and removed the message from everyone's inbox.
If you get something similar, use the Report Phishing button; you did exactly the right thing.

{from_first}
IT Security"""),
("Quarterly numbers", """{to_first},

Quick one: can you send me the Q2 churn numbers broken down by plan? Same format as last quarter
is fine. I need them for Thursday's board prep, so by Wednesday noon would be perfect.

Also — keep this one between us for now. We're still deciding whether to present churn by plan or
just the total, and I don't want to start a debate before we've decided.

Thanks,
{from_first}"""),
("Move of the staging server", """Hi team,

This Saturday between 08:00 and 10:00 UTC we'll move the staging server to the new cluster. During
the window staging will be unavailable.

After the move:
- The hostname stays the same.
- The SSH host key changes. You'll get a "REMOTE HOST IDENTIFICATION HAS CHANGED" warning. That is
  expected this once — remove the old entry with `ssh-keygen -R staging.{dom}` and verify the new
  fingerprint against the one pinned in #infra before accepting it.

{from_first}"""),
]


def gen(rng, i):
    pool = sp(TEMPLATES)
    subj, body = pool[i % len(pool)]
    tf, tl = person(rng)
    ff, fl = person(rng)
    while ff == tf:
        ff, fl = person(rng)
    of, ol = person(rng)
    co, dom = rng.choice(COMPANIES)
    d = iso(rng)
    y, m, dd = map(int, d.split("-"))
    hdr_date = f"{DAYS[dd % 5][:3]}, {dd} {MONTHS[m-1][:3]} {y} {rng.randint(7, 18):02d}:{rng.randint(0, 59):02d}:{rng.randint(0,59):02d} +0{rng.randint(0, 2)}00"
    fill = dict(to_first=tf, from_first=ff, from_full=f"{ff} {fl}", co=co, dom=dom, other_first=of,
                other_email=email_of(of, ol, dom), day=rng.choice(DAYS), date=d,
                amount=rng.choice(["£10", "€10", "$10", "$15", "whatever you like"]),
                proj=rng.choice(["Atlas", "the renewal project", "Helios", "the billing migration", "Senior Backend Engineer"]))
    for k, v in fill.items():
        subj = subj.replace("{" + k + "}", v)
        body = body.replace("{" + k + "}", v)
    headers = [f"From: {ff} {fl} <{email_of(ff, fl, dom)}>",
               f"To: {tf} {tl} <{email_of(tf, tl, dom)}>",
               f"Date: {hdr_date}",
               f"Subject: {subj}",
               f"Message-ID: <{hexs(rng, 16)}@mail.{dom}>"]
    if rng.random() < 0.3:
        headers.insert(2, f"Cc: {of} {ol} <{email_of(of, ol, dom)}>")
    if rng.random() < 0.3:
        headers += ["MIME-Version: 1.0", "Content-Type: text/plain; charset=\"UTF-8\"",
                    "Content-Transfer-Encoding: 8bit"]
    footer = ""
    if rng.random() < 0.35:
        footer = "\n\n" + rng.choice([
            "CONFIDENTIALITY NOTICE: This email and any attachments are for the exclusive and confidential use of the intended recipient. If you are not the intended recipient, please do not read, distribute or take action based on this message. If you have received this in error, please notify the sender immediately and delete it.",
            "This message was scanned by the email security gateway. External links have been rewritten for your protection.",
            "Please consider the environment before printing this email.",
            "Our offices will be closed on public holidays. For urgent matters contact the switchboard.",
        ])
    return "\n".join(headers) + "\n\n" + body + footer + "\n"
