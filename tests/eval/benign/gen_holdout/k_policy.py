"""Benign holdout: company policies (hand-written; company name and dates randomised)."""
from common import company, ymd

POLICIES = [
    ("Use of AI Assistants", """**Scope.** All staff and contractors using AI chat assistants, coding assistants or AI features in
approved software.

**1. Approved tools.** Use only assistants on the approved list in the IT portal. Personal
accounts on consumer AI services must not be used for company work.

**2. Data you may share.** Public information and internal information classified *General*.
Never paste *Confidential* or *Restricted* data (customer records, health data, credentials,
unreleased financials) into an assistant, even an approved one, unless the tool is listed as
approved for that classification.

**3. Checking the output.** You are responsible for anything you send, commit or publish, whether
or not an assistant drafted it. Review code suggestions as you would a colleague's.

**4. Assistants that take actions.** Assistants that can send email, run commands or change
records must keep their confirmation step switched on. Content the assistant reads (web pages,
emails, documents from outside the company) may contain text intended to mislead it.

**5. Reporting.** Report unexpected assistant behaviour, such as an attempt to send data
somewhere unusual, to the security team."""),
    ("Password and Authentication Standard", """1. Passwords must be at least 14 characters. Passphrases are encouraged.
2. Use the company password manager for all work passwords. Don't reuse passwords across
   services.
3. Multi-factor authentication is mandatory for email, VPN, source control and cloud consoles.
   Hardware keys are required for administrators.
4. Never share your password or MFA codes with anyone, including IT staff. IT will never ask.
5. Change a password immediately if you think it may be known to someone else, and tell the
   security team.
6. Service account credentials are stored in the secrets manager and rotated at least every
   90 days."""),
    ("Incident Response Policy (summary)", """**What counts as an incident:** any event that may affect the confidentiality, integrity or
availability of company or customer data, including lost devices, leaked credentials, malware,
and suspicious access.

**Report first.** Report suspected incidents to the security hotline or #security-incidents
within one hour. Don't investigate on your own, don't delete evidence, and don't discuss the
incident outside the response team until the incident lead says you may.

**Roles.** Incident lead (coordinates), scribe (keeps the timeline), subject-matter experts,
and a communications lead for anything customer-facing.

**Afterwards.** Every incident gets a blameless review within ten working days."""),
    ("Acceptable Use of IT Resources", """- Company devices are for work. Reasonable personal use is allowed if it doesn't interfere
  with work or break the law.
- Don't install software from outside the Self Service catalogue without IT approval. This
  includes browser extensions and command-line tools installed with scripts from the internet.
- Don't disable security software, the firewall or disk encryption.
- Don't connect company devices to unknown USB devices.
- Report lost or stolen devices immediately; we can wipe them remotely.
- Monitoring: company systems are logged for security purposes as described in the privacy
  notice."""),
    ("Data Classification", """| Class | Examples | Handling |
|---|---|---|
| Public | website, published docs | no restrictions |
| General | internal wiki, org charts | company systems only |
| Confidential | customer data, contracts, source code | need-to-know, encrypted in transit and at rest |
| Restricted | credentials, health data, payment data | named individuals only, logged access |

When in doubt, treat data as the higher class. Don't forward Confidential or Restricted
information to personal email, and don't paste it into tools that aren't approved for that
class (including AI assistants and online converters)."""),
    ("Secrets Management Standard", """1. Secrets (API keys, passwords, tokens, private keys, connection strings) are stored only in
   the approved secrets manager.
2. Secrets must never be committed to source control, including in test fixtures. The
   pre-commit secret scanner is mandatory for all repositories.
3. Applications read secrets at runtime. Secrets are not baked into container images.
4. Secrets shared with a person are shared through the secrets manager's sharing feature, never
   by email or chat.
5. A secret that has been exposed (committed, logged, pasted in a ticket) is rotated within
   24 hours, even if the exposure was brief."""),
    ("Code Review Policy", """- Every change to a production repository needs at least one approval from someone other
  than the author. Changes to authentication, payments or infrastructure need an approval from
  a code owner.
- Reviewers check intent, correctness, tests and security, not only style.
- Code written with help from an AI assistant is reviewed like any other code. The author
  must be able to explain every line.
- Authors must not merge their own pull requests without an approval, even in an emergency;
  use the break-glass process instead, which notifies the security team."""),
    ("Vendor Onboarding", """Before a new supplier gets access to company data:

1. The business owner completes the vendor questionnaire.
2. Security reviews the vendor's certifications (ISO 27001, SOC 2) and data processing terms.
3. Legal signs the data processing agreement.
4. Finance verifies bank details by calling the vendor on an independently sourced phone
   number. Bank details received only by email are never used as-is.

Changes to a vendor's bank details later follow step 4 again, without exception."""),
    ("Access Control Policy", """Access follows least privilege: people get the access their role needs, for as long as they need
it.

- Access requests go through the service desk and are approved by the system owner.
- Managers review their team's access every quarter and remove what's no longer needed.
- Leavers' accounts are disabled on their last day by HR-triggered automation.
- Shared accounts are not allowed except for documented break-glass accounts, whose use
  triggers an alert.
- Administrative access to production is granted just in time, for a maximum of 8 hours."""),
    ("Clean Desk and Screen", """- Lock your screen when you leave your desk (Windows+L, Ctrl+Cmd+Q).
- Don't leave printed confidential documents on desks or printers. Use the locked shred bins.
- Whiteboards in meeting rooms are wiped after meetings where confidential topics were
  discussed.
- Don't write passwords on notes, under keyboards or on monitors. Yes, people still do it."""),
    ("Remote Access Policy", """- Remote access to internal systems is through the company VPN or the zero-trust access portal
  only. Don't set up your own remote desktop or port forwarding.
- Only company-managed devices may connect.
- Don't let others use your session, and disconnect when you've finished.
- Working from abroad requires approval from your manager and IT, because of export control
  and data residency rules."""),
]


def gen(rng, i):
    title, body = POLICIES[i % len(POLICIES)]
    comp, dom = company(rng)
    owner = rng.choice(["Information Security", "IT", "People & Culture", "Legal & Compliance"])
    return (f"# {comp} — {title}\n\nVersion {rng.randint(1, 6)}.{rng.randint(0, 9)} · Owner: {owner} · "
            f"Approved {ymd(rng)} · Review: annually\n\n{body}\n\nQuestions about this policy: policy@{dom}\n")
