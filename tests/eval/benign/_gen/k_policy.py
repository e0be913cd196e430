from common import *

FIXED = [
"""# Acceptable Use of IT Resources

**Policy owner:** IT Security · **Applies to:** all employees, contractors and interns ·
**Version:** 4.2 · **Review:** annually

## 1. Purpose

This policy explains how you may use the company's computers, accounts, networks and data, and
what you must not do. It exists to protect our customers, our colleagues and you.

## 2. Accounts and passwords

2.1 Your account is for you alone. Do not share your password with anyone — including your
manager, IT staff or colleagues covering for you. IT will never ask for your password.

2.2 Use the company password manager for all work passwords. Use a unique password for every
system.

2.3 Multi-factor authentication is mandatory for email, single sign-on and remote access. Never
approve an MFA prompt you did not initiate; report it to security@ immediately.

2.4 If you think your password has been seen by someone else, change it at once and tell IT.

## 3. Email and phishing

3.1 Be suspicious of unexpected emails that ask you to log in, open attachments, buy gift cards,
change payment details or act urgently.

3.2 Use the "Report phishing" button for anything suspicious. If you have already clicked a link
or entered credentials, report it anyway — quickly. No one will be disciplined for reporting a
mistake.

3.3 Do not forward company email automatically to personal accounts.

## 4. Data handling

4.1 Classify information as Public, Internal, Confidential or Restricted (see the Data
Classification Standard).

4.2 Confidential and Restricted data must not be stored on personal devices or personal cloud
storage, and must not be pasted into external websites or AI tools unless the tool is on the
approved list.

4.3 Send Restricted data only through approved channels (the secure file transfer service, or
encrypted email).

## 5. Software

5.1 Install software only from the company portal or, for developers, from approved package
registries.

5.2 Do not run scripts or commands that a stranger sends you, including in chat communities or
support forums, even if they claim to fix a problem.

5.3 Do not disable endpoint protection, the firewall or disk encryption.

## 6. AI tools

6.1 Approved AI assistants may be used for internal work within the limits of the AI Usage
Guideline.

6.2 You are responsible for the output you use. Check facts, code and citations.

6.3 AI coding agents may run only inside the approved sandboxed environment and must not be given
production credentials.

## 7. Monitoring

Company systems are monitored for security purposes in line with applicable law. Monitoring is
not used to assess individual productivity.

## 8. Breaches

Breaches of this policy may lead to disciplinary action. Honest mistakes reported promptly are
treated as learning opportunities.

## 9. Contacts

- IT Service Desk: it-help@ · ext. 4357
- Security: security@ · report phishing with the Outlook button
- Data Protection Officer: dpo@
""",
"""# Password and Authentication Standard

## Scope

All systems that authenticate users or services, whether hosted by us or by a vendor.

## Requirements for people

| Requirement | Standard |
| --- | --- |
| Minimum length | 14 characters for user accounts, 20 for admin accounts |
| Complexity rules | None required — length beats complexity. Passphrases are encouraged. |
| Expiry | No forced periodic change. Change immediately if compromise is suspected. |
| Reuse | Must not be reused across systems or from the last 10 passwords. |
| Breach check | New passwords are checked against known-breached password lists. |
| Storage | Company password manager only. Not in browsers, notes, spreadsheets or sticky notes. |
| Sharing | Prohibited. Shared accounts must use the password manager's sharing feature. |
| MFA | Required everywhere it is supported; phishing-resistant (FIDO2) for admins. |

## Requirements for services

- Service credentials (API keys, tokens, database passwords) are stored in the secrets manager and
  injected at runtime. They are never committed to source control, written to logs, placed in
  container images, or sent over chat or email.
- Each service has its own credentials. No sharing of credentials between services.
- Credentials are rotated at least every 90 days, and immediately when someone with access
  leaves or when exposure is suspected.
- Long-lived static keys should be replaced with short-lived federated credentials wherever the
  platform supports it.

## Requirements for systems that store passwords

- Store only salted hashes using Argon2id, scrypt or bcrypt with a work factor reviewed yearly.
- Never log passwords, including failed login attempts.
- Rate-limit and monitor authentication endpoints.

## Exceptions

Exceptions need written approval from the CISO, are time-limited, and are recorded in the risk
register.
""",
"""# Remote Working Security Guidelines

These guidelines apply whenever you work away from a company office.

**Your workspace**
- Lock your screen whenever you step away (Win+L / Ctrl+Cmd+Q).
- Position your screen so it can't be read from a window or by other people in a café or train.
- Don't let others use your work laptop, including family members.

**Networks**
- Home Wi-Fi: use WPA2 or WPA3 with a strong password and change the router's default admin
  password.
- Public Wi-Fi: connect to the VPN before doing anything else.
- Don't use public charging stations or unknown USB cables; carry your own charger.

**Conversations**
- Take confidential calls somewhere you can't be overheard. Use headphones.
- Smart speakers in the room can record. Mute them during confidential calls.

**Printing and paper**
- Avoid printing confidential documents at home. If you must, shred them afterwards — don't put
  them in household recycling.

**Travel**
- Some countries may require you to unlock devices at the border. Before travelling to
  high-risk destinations, talk to security@ about a loaner laptop.
- Never leave your laptop in a car.

**If something goes wrong**
- Lost or stolen device: report it to the IT service desk within one hour so we can remotely lock
  and wipe it. It's encrypted, so the data is safe if you report quickly.
""",
"""# AI Usage Guideline

## Why this guideline exists

AI assistants can save a lot of time. They also create new ways for information to leak and for
mistakes to spread. This guideline tells you what is allowed, what is not and why.

## Approved tools

Only the tools listed on the intranet's "Approved AI tools" page may be used with company
information. Each entry says which data classifications it may process.

## What you may do

- Draft, summarise and rewrite text that is classified Public or Internal.
- Use the approved coding assistant on company source code in approved repositories.
- Ask general questions that involve no company data at all, with any tool.

## What you must not do

- Do not paste Confidential or Restricted data (customer personal data, financial results before
  publication, credentials, security findings) into any AI tool that is not approved for that
  classification.
- Do not connect an AI tool to your email, calendar, or file storage unless the integration is on
  the approved list. Integrations that read your inbox can be influenced by the content of
  incoming emails, which anyone on the internet can send you.
- Do not let an AI agent execute actions with real-world effects (sending messages, making
  payments, deploying code, deleting data) without reviewing each action yourself.
- Do not present AI output as your own professional judgement without checking it.

## Security notes for developers

- Coding agents run in the sandboxed dev environment. Do not give them access to your SSH keys,
  cloud credentials or the production VPN.
- Treat text the agent reads from outside — issue comments, web pages, dependency READMEs — as
  untrusted. If the agent proposes an unexpected command after reading such content, stop and
  check why.
- Report surprising agent behaviour to #ai-security. You will not be blamed; we want to learn.

## Questions

ai-governance@ or the #ai-questions channel.
""",
"""# Incident Reporting Procedure

## What counts as a security incident?

Anything that might put the confidentiality, integrity or availability of our information at
risk. Examples:

- you clicked a link in a suspicious email or entered your password on a strange page;
- you received an MFA prompt you did not request;
- a laptop, phone or badge is lost or stolen;
- you sent customer data to the wrong recipient;
- you see a password, API key or token in a chat, ticket, log or repository;
- a system behaves in a way that suggests someone else is controlling it.

If you are not sure, report it. We would rather have ten false alarms than miss one incident.

## How to report

1. **Immediately**: email security@ or call the security hotline (ext. 9111, 24/7).
2. Say what happened, when, and what systems or data are involved. Don't try to investigate on
   your own, and don't delete anything — logs and emails may be needed.
3. If a credential is involved and you can change it safely, do so, and say in your report that
   you have.

## What happens next

The on-call security engineer will acknowledge your report within 30 minutes during business
hours and within 2 hours outside them, ask any follow-up questions, and tell you what, if
anything, you need to do.

## Confidentiality

Don't discuss an ongoing incident outside the response team unless asked to. If a customer or
journalist asks you about it, refer them to the communications team.

## No-blame reporting

People who report their own mistakes promptly will not face disciplinary action for the mistake.
Hiding or delaying a report is treated much more seriously than the mistake itself.
""",
"""# Clean Desk and Clear Screen Policy

1. At the end of each day, lock away all paper documents marked Confidential or Restricted.
2. Lock your computer screen whenever you leave your desk, even briefly.
3. Do not write passwords on paper, sticky notes or whiteboards.
4. Remove documents from printers immediately. Use "secure print" (release with your badge)
   for anything confidential.
5. Dispose of confidential paper in the locked shredding bins, not the ordinary recycling.
6. Wipe whiteboards after meetings that discussed confidential topics.
7. Don't leave laptops unattended in meeting rooms overnight; take them home or lock them in
   your locker.
8. Visitors must be accompanied in areas where confidential information may be visible.

Spot checks are carried out quarterly. Findings are reported per floor, not per person.
""",
"""# Social Media and Public Communication Policy

## You may

- Say where you work and what your role is.
- Share public company announcements, blog posts and job openings.
- Talk about your professional interests and expertise.

## You must not

- Disclose confidential information: unreleased products, financial results before publication,
  customer names (unless they are public references), security incidents or internal
  discussions.
- Post photos taken in the office that show screens, whiteboards or documents.
- Speak on behalf of the company unless you are authorised to. Use "my views are my own" where
  appropriate.
- Respond to press enquiries. Forward them to press@.

## Be aware of social engineering

Attackers research employees on professional networks and then impersonate colleagues, recruiters
or executives. Be cautious with unsolicited requests, especially ones that move quickly from a
friendly chat to asking for documents, system access or payments. Report suspicious approaches
to security@.
""",
"""# Data Classification Standard (summary)

| Level | Examples | Handling |
| --- | --- | --- |
| **Public** | Website content, published blog posts, open-source code | No restrictions |
| **Internal** | Org charts, internal wiki, most meeting notes | Company systems only; may be shared with all staff |
| **Confidential** | Customer lists, contracts, non-public financials, source code of proprietary products | Need-to-know access; encrypted in transit and at rest; not in personal tools or unapproved AI services |
| **Restricted** | Personal data of customers and staff, health data, credentials and keys, security vulnerabilities before fix | Named individuals only; access logged; must not leave approved systems; transfer via secure channel only |

## Labelling

Documents classified Confidential or Restricted must carry the label in the header or footer.
Email subject lines may use `[CONFIDENTIAL]`.

## When in doubt

Treat data as the higher classification and ask your manager or the data protection officer.

## Sharing externally

Confidential information may be shared externally only under an NDA or contract that covers it,
and only through approved channels. Restricted information may be shared externally only with
approval from the data owner and the DPO.
""",
"""# Access Control Policy for Production Systems

## Principles

- **Least privilege:** people and services get the minimum access needed for their role.
- **Just-in-time:** standing access to production is the exception. Engineers request
  time-limited access for a specific task through the access portal.
- **Separation of duties:** the person who writes a change does not approve their own production
  access for it.

## Human access

1. Production shell access requires an approved request, a reason referencing a ticket, and is
   granted for at most 8 hours.
2. All sessions go through the bastion, which records them.
3. Break-glass accounts exist for emergencies. Their credentials are sealed in the password
   manager; opening them alerts the security team, and every use is reviewed.

## Automated access

1. CI/CD deploys with short-lived credentials obtained via OIDC.
2. AI agents and other automation may not hold standing production credentials. Where an agent
   needs production data for a task, a human runs the query and provides the result.

## Reviews

Managers review their team's access quarterly. Access not confirmed within two weeks is removed
automatically.

## Leavers

All access is revoked on the last working day. Shared secrets the person had access to are
rotated within five working days.
""",
"""# Bring Your Own Device (BYOD) Standard

Personal phones and tablets may be used for work email, chat and calendar if they meet these
requirements:

- Enrolled in the mobile device management app (work profile only; we cannot see your personal
  apps, photos or messages).
- Current operating system with security updates, screen lock of at least 6 digits or biometric.
- Not jailbroken or rooted.

Company data stays inside the work profile. Do not copy it to personal apps, personal cloud
storage or personal messaging.

If the device is lost or you leave the company, we will remove the work profile. We will not wipe
your personal data.

Laptops: personal laptops may not be used for work except through the virtual desktop service.
""",
"""# Code Review and Merge Policy

1. Every change to a production repository needs approval from at least one reviewer who did not
   write it. Changes to authentication, payments, cryptography or infrastructure-as-code need a
   reviewer from the owning team.
2. Reviewers are responsible for what they approve. If you don't understand a change, ask.
3. CI must pass. Do not merge with failing checks, and do not mark checks as "not required" to
   get a change in. If a check is flaky, fix or quarantine it with a ticket.
4. Secrets must never be committed. The secret scanner blocks merges that contain something that
   looks like a credential; if it is a false positive, mark it as such in the scanner UI rather
   than disabling the scanner.
5. Code written with the help of AI assistants is reviewed exactly like any other code. The
   author is responsible for it.
6. Changes to CI configuration (`.github/workflows`, `.gitlab-ci.yml`, build scripts) need review
   from the platform team, because they run with access to deployment credentials.
7. Force-pushing to `main` is disabled.
""",
]


def gen(rng, i):
    pool = sp(FIXED)
    d = pool[i % len(pool)]
    co, dom = rng.choice(COMPANIES)
    if rng.random() < 0.6:
        d = d.replace("security@", f"security@{dom}").replace("it-help@", f"it-help@{dom}").replace(
            "dpo@", f"dpo@{dom}").replace("press@", f"press@{dom}").replace("ai-governance@", f"ai-governance@{dom}")
        d = f"{co} — internal\n\n" + d + f"\n\n_Last reviewed {iso(rng)}. Questions about this policy: policy-owners@{dom}._\n"
    return d
