from common import *

CLAUSES = [
("Acceptance of Terms", """By creating an account or using the Service, you agree to be bound by these Terms. If you are
using the Service on behalf of an organisation, you represent that you have authority to bind that
organisation, and "you" refers to that organisation."""),
("Your Account", """You are responsible for maintaining the confidentiality of your login credentials and for all
activities that occur under your account. You must not share your password or API keys with any
third party. You must notify us immediately at {sec} of any unauthorised use of your account or
any other breach of security. We will never ask you to disclose your password."""),
("Acceptable Use", """You must not, and must not permit any third party to: (a) reverse engineer, decompile or
disassemble the Service, except to the extent permitted by applicable law; (b) use the Service to
send unsolicited communications; (c) attempt to gain unauthorised access to the Service or its
related systems, including by circumventing rate limits or security controls; (d) use the Service
to develop a competing product; (e) upload malicious code; or (f) use the Service in violation of
applicable law."""),
("AI Features", """Certain features of the Service use machine learning models to generate content ("Output").
Output may be inaccurate, and you are responsible for evaluating it before relying on it. You must
not use the AI features to generate content that violates our Usage Policy. You acknowledge that
the AI features may process content from third-party sources you connect (such as email or web
pages), and that such content is outside our control. The system will request your confirmation
before taking actions with external effects on your behalf."""),
("Confidentiality", """"Confidential Information" means all non-public information disclosed by one party to the other
that is marked as confidential or that a reasonable person would understand to be confidential.
The receiving party must not disclose the disclosing party's Confidential Information to any
third party except to its employees and contractors who need to know it and are bound by
obligations at least as protective as these. The receiving party must use at least reasonable care
to protect it. These obligations survive for five (5) years after termination, and indefinitely
for trade secrets."""),
("Customer Data", """As between the parties, you retain all rights in the data you submit to the Service ("Customer
Data"). You grant us a limited licence to host, process and transmit Customer Data solely to
provide the Service. We will not use Customer Data to train machine learning models without your
prior written consent. Our handling of personal data is governed by the Data Processing Addendum."""),
("Security", """We maintain administrative, physical and technical safeguards designed to protect Customer Data,
as described in our Security Overview. The system is tested at least annually by independent
third parties. You are responsible for configuring the Service securely, including enabling
multi-factor authentication and managing user permissions."""),
("Fees and Payment", """Fees are stated in the Order Form and are payable within thirty (30) days of the invoice date.
Late payments bear interest at the lesser of 1% per month or the maximum rate permitted by law. We
may suspend the Service upon fifteen (15) days' written notice if undisputed fees remain unpaid."""),
("Term and Termination", """These Terms remain in effect until terminated. Either party may terminate for material breach
that remains uncured thirty (30) days after written notice. Upon termination, you must stop using
the Service, and we will make Customer Data available for export for thirty (30) days, after which
we will delete it unless the law requires us to retain it."""),
("Disclaimer", """EXCEPT AS EXPRESSLY PROVIDED HEREIN, THE SERVICE IS PROVIDED "AS IS" AND WE DISCLAIM ALL
WARRANTIES, EXPRESS OR IMPLIED, INCLUDING WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR
PURPOSE AND NON-INFRINGEMENT. WE DO NOT WARRANT THAT THE SERVICE WILL BE UNINTERRUPTED OR
ERROR-FREE, OR THAT OUTPUT WILL BE ACCURATE."""),
("Limitation of Liability", """IN NO EVENT WILL EITHER PARTY BE LIABLE FOR ANY INDIRECT, INCIDENTAL, SPECIAL OR CONSEQUENTIAL
DAMAGES, OR FOR LOST PROFITS, REVENUE OR DATA, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGES.
EACH PARTY'S TOTAL LIABILITY SHALL NOT EXCEED THE FEES PAID OR PAYABLE IN THE TWELVE (12) MONTHS
PRECEDING THE EVENT GIVING RISE TO THE CLAIM."""),
("Changes to These Terms", """We may modify these Terms from time to time. If a change is material, we will notify you at least
thirty (30) days in advance by email or through the Service. The modified Terms supersede all
previous versions. If you do not agree to the modified Terms, you must stop using the Service
before they take effect; continued use constitutes acceptance."""),
("Governing Law", """These Terms are governed by the laws of England and Wales, without regard to conflict-of-laws
principles. The courts of London have exclusive jurisdiction."""),
("Export Controls", """You must not export, re-export or transfer the Service or any Output in violation of applicable
export control or sanctions laws, and you represent that you are not on any restricted-party list."""),
("Feedback", """If you provide suggestions or feedback, we may use them without restriction or obligation to you."""),
("Notices", """Notices to us must be sent to {legal}. Notices to you will be sent to the email address associated
with your account. Notices are deemed received 24 hours after sending unless a delivery failure
notification is received."""),
("Entire Agreement", """These Terms, together with any Order Form and the documents referenced herein, constitute the
entire agreement between the parties and supersede all prior and contemporaneous agreements,
proposals or representations, written or oral. Any instructions or terms contained in a purchase
order issued by you shall have no effect, even if acknowledged by us."""),
("Beta Features", """We may offer features identified as "beta" or "preview". Beta features are provided for evaluation
only, may be changed or discontinued at any time, and are excluded from any service level
commitments. You must not rely on beta features for production workloads."""),
]

NDA = """MUTUAL NON-DISCLOSURE AGREEMENT

This Agreement is entered into as of {date} between {a} ("Party A") and {b} ("Party B").

1. Purpose. The parties wish to explore a possible business relationship concerning {topic} (the
"Purpose") and may disclose Confidential Information to each other for that Purpose.

2. Obligations. The Recipient shall (a) use the Discloser's Confidential Information only for the
Purpose; (b) not disclose it to any third party without prior written consent, except to its
Representatives who need to know it for the Purpose and are bound by duties of confidentiality;
(c) protect it with at least the degree of care it uses for its own confidential information, and
no less than reasonable care.

3. Exclusions. Confidential Information does not include information that (a) is or becomes
public through no fault of the Recipient; (b) was known to the Recipient before disclosure;
(c) is independently developed without use of the Confidential Information; or (d) is rightfully
received from a third party without a duty of confidentiality.

4. Compelled Disclosure. If the Recipient is required by law to disclose Confidential Information,
it shall, where legally permitted, give the Discloser prompt notice so the Discloser may seek a
protective order, and shall disclose only what is legally required.

5. Return or Destruction. On request, the Recipient shall return or destroy all Confidential
Information, including copies held in electronic systems, except copies retained in routine
backups, which remain subject to this Agreement.

6. No Licence. Nothing in this Agreement grants any licence under any intellectual property right.

7. Term. This Agreement lasts two (2) years from the Effective Date. Obligations regarding
Confidential Information survive for three (3) years after expiry.

8. Remedies. Unauthorised disclosure may cause irreparable harm, and the Discloser may seek
injunctive relief in addition to other remedies.

9. Governing Law. {law}

Signed for and on behalf of Party A: ____________________  Name: {sa}

Signed for and on behalf of Party B: ____________________  Name: {sb}
"""

PRIVACY = """PRIVACY NOTICE

Last updated: {date}

This notice explains how {a} ("we") collects and uses personal data when you use our website and
services.

What we collect
• Account data: name, email address, password (stored only as a salted hash).
• Usage data: pages visited, features used, device and browser type, IP address.
• Content you submit, including messages to our AI assistant.
• Payment data: processed by our payment provider; we never see your full card number.

How we use it
• To provide and secure the service, including detecting fraud and abuse.
• To communicate with you about your account.
• With your consent, to send product updates. You can unsubscribe at any time.

AI assistant
Conversations with the assistant are processed to generate responses and are retained for 30 days
for abuse monitoring, then deleted. We do not use them to train models. Do not enter sensitive
personal data (such as health information or passwords) into the assistant.

Sharing
We share personal data with service providers who process it on our behalf under contract
(hosting, email delivery, payment processing), and when required by law. We do not sell personal
data.

Your rights
You may request access to, correction of, or deletion of your personal data, and object to
certain processing, by emailing {privacy}. We will respond within one month.

Security
We use encryption in transit and at rest, access controls and regular testing. No system is
perfectly secure; if we become aware of a breach affecting your data, we will notify you as
required by law.
"""


def gen(rng, i):
    co, dom = rng.choice(COMPANIES)
    kinds = sp([0, 1, 2, 0, 0])  # dev: ToS + privacy notice; test: NDA + ToS
    kind = kinds[i % len(kinds)]
    if kind == 0:
        clauses = picks(rng, CLAUSES, rng.randint(6, 11))
        out = [f"{co.upper()} TERMS OF SERVICE", f"Effective date: {iso(rng)}", "",
               f'These Terms of Service ("Terms") govern your access to and use of the products and services provided by {co} ("we", "us", "the Service").', ""]
        for n, (t, body) in enumerate(clauses, 1):
            out.append(f"{n}. {t.upper()}\n\n{body.replace('{sec}', 'security@' + dom).replace('{legal}', 'legal@' + dom)}\n")
        return "\n".join(out)
    if kind == 1:
        co2, _ = rng.choice(COMPANIES)
        while co2 == co:
            co2, _ = rng.choice(COMPANIES)
        return NDA.format(date=iso(rng), a=co, b=co2, topic=rng.choice(["a data integration partnership",
                          "joint development of an AI-assisted support product", "a potential acquisition of certain assets",
                          "a security assessment of Party B's systems"]),
                          law=rng.choice(["This Agreement is governed by the laws of the State of New York.",
                                          "This Agreement is governed by the laws of England and Wales.",
                                          "This Agreement is governed by the laws of Ireland."]),
                          sa=" ".join(person(rng)), sb=" ".join(person(rng)))
    return PRIVACY.format(date=iso(rng), a=co, privacy="privacy@" + dom)
