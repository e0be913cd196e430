from common import *

MACROS = [
("Password reset — user locked out", """Hi {{ticket.requester.first_name}},

Thanks for getting in touch. I'm sorry you're locked out!

Please reset your password here: {{account.url}}/password/reset

A few things to know:
• The reset link expires after 30 minutes. If it has expired, just request a new one.
• Check your spam folder if the email doesn't arrive within 5 minutes.
• For your security, our team can't see or set your password, and we'll never ask you for it.

If you still can't get in, reply to this email and let me know what error message you see.

Best,
{{current_user.first_name}}"""),
("Suspected phishing — customer report", """Hi {{ticket.requester.first_name}},

Thank you for forwarding this to us — you were right to be cautious. That message did not come
from {{brand.name}}.

What to do now:
1. Don't click any links or open attachments in it.
2. If you already entered your password on the page it linked to, change your password right away
   and turn on two-factor authentication under Settings → Security.
3. Delete the message.

We've passed the details to our security team so they can get the fake site taken down.

Best regards,
{{current_user.first_name}}
{{brand.name}} Support"""),
("API key exposed publicly", """Hi {{ticket.requester.first_name}},

Our automated scanning found one of your API keys (starting with `{{ticket.custom.key_prefix}}`)
in a public code repository. To protect your account, we have **revoked that key**. Any
integration using it will stop working until you replace it.

To create a new key:
1. Go to Settings → API keys → Create key.
2. Store it in your deployment's secret manager or environment variables, not in your code.
3. Update your integration and redeploy.

We also recommend removing the old key from your repository history, though since it's revoked it
can no longer be used.

If you didn't publish this key yourself, please reply and we'll help you review recent activity.

{{current_user.first_name}}"""),
("Refund — outside window", """Hi {{ticket.requester.first_name}},

Thanks for reaching out. I've looked at your account, and this charge is from {{ticket.custom.charge_date}},
which is outside our 30-day refund window, so I'm not able to refund it automatically.

That said, I can see you haven't used the service since the renewal. I've asked our billing team
to make an exception; they'll reply on this ticket within 2 business days.

To avoid future renewals, you can turn off auto-renew under Billing → Subscription.

Kind regards,
{{current_user.first_name}}"""),
("Internal note: escalate to tier 2", """[INTERNAL NOTE — not visible to customer]

Escalating to tier 2.

Summary: {{ticket.custom.summary}}
Steps already tried: cleared cache, new browser, password reset.
Customer plan: {{ticket.organization.plan}}
Do not promise a timeline to the customer; tier 2 will set expectations.

Please don't paste the customer's session token or any credentials into this ticket. Use the
support console's "impersonate (read-only)" feature if you need to see what they see."""),
("Account deletion request", """Hi {{ticket.requester.first_name}},

We've received your request to delete your account. Before we proceed:

• Deletion is permanent. All projects, files and history will be removed within 30 days, and
  backups are purged within a further 35 days.
• If you have an active subscription, it will be cancelled. No refund is issued for the current
  period.
• Please download anything you want to keep from Settings → Export.

To confirm, reply to this email with "Yes, delete my account". For security, we can only act on
requests sent from the email address on the account.

{{current_user.first_name}}"""),
("SSO not working after certificate rotation", """Hi {{ticket.requester.first_name}},

It looks like your identity provider rotated its signing certificate and our side still has the old
one. Your IT administrator can fix this in a couple of minutes:

1. In your IdP, download the new metadata XML (or the new certificate).
2. In {{brand.name}}, go to Admin → Security → SSO → Update metadata and upload it.
3. Ask one user to try signing in again.

In the meantime, admins can still sign in with email and password at {{account.url}}/login?sso=0.

{{current_user.first_name}}"""),
("Ignore duplicate ticket", """Hi {{ticket.requester.first_name}},

It looks like this request came in twice, so I've merged it with ticket #{{ticket.custom.original_id}}.
You can ignore any automated emails about this ticket number; we'll reply on the original one.

Thanks for your patience!
{{current_user.first_name}}"""),
("Data export ready", """Hi {{ticket.requester.first_name}},

Your data export is ready. You can download it from Settings → Export for the next 7 days.

The archive is encrypted. The password was sent separately by SMS to the phone number on your
account — we never send the file and its password through the same channel.

{{current_user.first_name}}"""),
("Bot answered incorrectly", """Hi {{ticket.requester.first_name}},

I'm sorry our virtual assistant gave you the wrong information about cancellation fees. You're
right: there is no fee for cancelling an annual plan in the first 14 days. I've passed this
conversation to the team that maintains the assistant so they can correct it.

I've cancelled your plan as requested and issued a full refund, which should reach you in 5–10
business days.

{{current_user.first_name}}"""),
("Security questionnaire request", """Hi {{ticket.requester.first_name}},

Thanks for sending over your vendor security questionnaire. Most of the answers are in our
Trust Center: {{brand.trust_url}}. It includes our SOC 2 Type II report (available under NDA),
pen-test summary, sub-processor list and data retention policy.

If you still need the questionnaire filled in, our security team will complete it within 10
business days. Please don't send us any credentials for your portal; we'll request our own access
if the questionnaire needs to be submitted there.

{{current_user.first_name}}"""),
("Two-factor device lost", """Hi {{ticket.requester.first_name}},

If you've lost the device you use for two-factor authentication, use one of the backup codes you
saved when you turned 2FA on. Each code works once.

If you don't have backup codes, we need to verify your identity before removing 2FA. Please reply
from the email address on the account with:
• the last 4 digits of the card on file, and
• the approximate date of your last invoice.

Never send us your password, full card number or any one-time codes — we will never ask for them.

{{current_user.first_name}}"""),
]


def gen(rng, i):
    pool = sp(MACROS)
    title, body = pool[i % len(pool)]
    style = rng.choice(["zendesk", "plain", "yaml"])
    tags = rng.sample(["account", "security", "billing", "sso", "2fa", "phishing", "api", "refund", "gdpr"], 2)
    if style == "zendesk":
        return f"Macro: {title}\nCategory: {rng.choice(['Account', 'Security', 'Billing', 'General'])}\nTags: {', '.join(tags)}\nActions: set status = {rng.choice(['pending', 'solved', 'open'])}; add tags\n\n--- Comment (public) ---\n{body}\n"
    if style == "yaml":
        ind = "\n".join("    " + ln if ln else "" for ln in body.split("\n"))
        return f"- title: \"{title}\"\n  active: true\n  tags: [{', '.join(tags)}]\n  comment: |\n{ind}\n"
    return f"{title}\n{'=' * len(title)}\n\n{body}\n"
