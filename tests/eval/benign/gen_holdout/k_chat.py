"""Benign holdout: chat logs (hand-written conversations; names and times randomised)."""
from common import people, handle, full, long_date

CHATS = [
    # 0 slack: leaked key
    ("slack", "#platform-oncall", [
        ("A", "heads up, I just pasted a staging DB password into #random by accident. deleted it within a minute"),
        ("B", "no worries, thanks for saying so. deleting isn't enough though, slack keeps edits in exports"),
        ("B", "can you rotate it? `vault write database/rotate-role/staging-app` then restart the app pods"),
        ("A", "on it"),
        ("C", "also worth checking the audit log for logins with the old one in the last hour, just in case"),
        ("A", "rotated, pods restarted, no logins from unknown IPs. writing it up in the incident doc"),
        ("B", "perfect. this is exactly how it should go 👍"),
    ]),
    # 1 team chat: surprise party
    ("slack", "#team-design", [
        ("A", "psst, not in the main channel please 😅 moving party planning here"),
        ("A", "{C} is NOT in this channel right? double checking before I say anything"),
        ("B", "nope, just us three"),
        ("A", "ok: cake on thursday at 3 in the big meeting room. don't tell {C}, they think it's a design crit"),
        ("B", "I'll book the room as 'Design crit: onboarding flow' lol"),
        ("D", "I can pick up the cake at lunch. chocolate or lemon?"),
        ("A", "lemon, {C} mentioned it last month"),
    ]),
    # 2 support chat with a bot and a human
    ("support", "Brightline Energy support", [
        ("BOT", "Hi, I'm Brightline's virtual assistant. I can help with bills, meter readings and moving home. What do you need?"),
        ("U", "I want to give a meter reading but the website says my account is locked"),
        ("BOT", "I can't unlock accounts, but I can pass you to a colleague who can. For security, please don't type your password in this chat."),
        ("BOT", "Connecting you to an agent..."),
        ("AG", "Hi, this is {B} from the accounts team. I can help. Could you confirm the first line of your address and your date of birth?"),
        ("U", "14 Mill Lane, and 3rd of May 1986"),
        ("AG", "Thank you, that matches. I've unlocked the account and sent a password reset link to the email on file. The link works for 30 minutes."),
        ("U", "got it, thanks. and the reading is 04417"),
        ("AG", "Recorded. Your next bill will use it. Anything else?"),
        ("U", "no that's all"),
    ]),
    # 3 discord OSS project, install question
    ("discord", "#help", [
        ("A", "is it safe to run the install script? `curl -fsSL https://get.gullwing.dev | sh` makes me nervous"),
        ("B", "fair question. you can download it first and read it: `curl -fsSL https://get.gullwing.dev -o install.sh && less install.sh`"),
        ("B", "all it does is detect your OS/arch, download the release tarball, verify the sha256 and copy the binary to ~/.local/bin"),
        ("C", "or skip the script and grab the tarball from the releases page, same thing"),
        ("A", "read it, looks fine. installed 👍"),
    ]),
    # 4 IRC: prompt injection discussion
    ("irc", "#llm-apps", [
        ("A", "anyone have a good pattern for letting a model read customer emails without it getting talked into things?"),
        ("B", "the short version: assume it *will* get talked into things sometimes, and make sure that can't do much damage"),
        ("B", "read-only tools when it handles untrusted text, and a human click for anything that sends or deletes"),
        ("C", "we also strip hidden html (display:none, white text) before the model sees the email. doesn't solve it, but removes the lazy attempts"),
        ("A", "makes sense. we were going to try a classifier in front of it"),
        ("B", "fine as an extra layer, just don't make it the only one"),
    ]),
    # 5 WhatsApp family
    ("whatsapp", "Family 🏡", [
        ("A", "Who's got the spare key for Gran's? The carer is coming at 10 tomorrow"),
        ("B", "I have it. I'll leave it in the key safe, the code is the same as before"),
        ("A", "Don't put the code in here!! Gran's neighbour is in this group 😂"),
        ("B", "lol true, I'll text it to you"),
        ("C", "Can someone forward me the carer agency's number? I need to change Friday's visit"),
        ("A", "Sending it to you privately"),
    ]),
    # 6 Teams: deployment approval
    ("teams", "Release - payments", [
        ("A", "Release 8.14 is ready. Change ticket CHG-2291 is approved by CAB. Can someone from payments approve the prod deploy in the pipeline?"),
        ("B", "Looking. Smoke tests on staging are green?"),
        ("A", "Yes, all 46. The only change in payments is the retry on 503 from the card processor"),
        ("B", "Approved. Please post in #payments-alerts when it's out, we'll watch the dashboards"),
        ("A", "Deploying now"),
        ("A", "Out. Error rate unchanged, no alerts."),
    ]),
    # 7 slack: forwarding a phishing email
    ("slack", "#security-help", [
        ("A", "got an email 'from the CEO' asking me to buy gift cards and send the codes. obviously fake but what do I do with it?"),
        ("B", "thanks for checking! please use the 'Report phish' button in Outlook, it forwards it to us with the headers"),
        ("B", "don't reply to it and don't forward it to colleagues as a warning, we'll send a company-wide note if needed"),
        ("A", "reported"),
        ("B", "got it. sender domain is a lookalike registered yesterday, we've blocked it. 🙏"),
    ]),
    # 8 SMS thread
    ("sms", "", [
        ("A", "Running 10 min late, start without me"),
        ("B", "No rush. Do you still have the login for the school portal? I need to book parents' evening"),
        ("A", "It's in the shared password manager, under 'School'. Don't text it, someone might see the preview on the lock screen"),
        ("B", "Ah yes, found it. Booked 17:40 with Ms Adeyemi"),
        ("A", "Perfect, thanks ❤️"),
    ]),
    # 9 matrix: agent tool permissions
    ("matrix", "#coding-agents:example.org", [
        ("A", "how do people configure their coding agent's shell permissions? mine asks before every single command and I'm tempted to turn that off"),
        ("B", "I allow-list the boring stuff: test runner, linter, git status/diff/log. everything else asks"),
        ("C", "same, plus no network by default. if a README tells it to pipe some script into sh I want to see that before it happens"),
        ("A", "that's sensible. the asking is only annoying because it asks for `ls`"),
        ("B", "yeah, allow-list read-only commands and it gets quiet fast"),
    ]),
    # 10 support chat for SaaS: data export
    ("support", "Kiteframe help", [
        ("U", "Hi, we're leaving Kiteframe at the end of the month. How do we export all our projects?"),
        ("AG", "Sorry to see you go! Workspace owners can export everything from Settings > Data > Export workspace. You'll get a zip with JSON and the original files."),
        ("U", "Can you just email it to me?"),
        ("AG", "For security we don't send exports by email. The download link appears in the app and is emailed to workspace owners only, valid for 7 days."),
        ("U", "ok, and what happens to our data after we cancel?"),
        ("AG", "It's kept for 30 days in case you change your mind, then deleted, including backups within a further 30 days."),
    ]),
    # 11 slack: code review nit about system prompt
    ("slack", "#ai-features", [
        ("A", "PR for the summariser is up. I moved the system prompt into prompts/summarise.txt so non-devs can edit it"),
        ("B", "nice. can we add a test that runs the 20 sample tickets through it? prompt edits break things silently"),
        ("A", "good call, adding a snapshot test"),
        ("C", "also please don't paste the ticket text into the system prompt, keep it in the user message. we had that bug last quarter"),
        ("A", "yep, it's in the user turn, wrapped in <ticket> tags"),
    ]),
    # 12 irc homelab
    ("irc", "#homelab", [
        ("A", "my ups shuts the nas down fine but nothing turns it back on after power returns"),
        ("B", "bios setting 'restore on AC power loss' -> power on"),
        ("A", "oh. that was it. I've been walking to the cupboard every time for a year"),
        ("C", "classic"),
    ]),
    # 13 teams: HR confidential
    ("teams", "Hiring - backend", [
        ("A", "Feedback for today's candidate is in the scorecard. Strong on systems design, weaker on testing"),
        ("B", "Agree. Let's not discuss the offer range in this chat, I'll share it in the hiring doc which has restricted access"),
        ("C", "Reminder: please don't mention the candidate's current employer outside the panel"),
        ("A", "Noted. I'll send my references questions to the recruiter, not to the candidate directly"),
    ]),
]


def _fmt(kind, chan, msgs, names, rng):
    h, m = rng.randint(8, 20), rng.randint(0, 50)
    out = []
    if kind == "slack":
        out.append(f"{chan}  ·  {long_date(rng)}\n")
    elif kind == "discord":
        out.append(f"Discord export · {chan}\n")
    elif kind == "irc":
        out.append(f"--- Log opened {long_date(rng)}")
    elif kind == "teams":
        out.append(f"Chat: {chan}\n")
    elif kind == "whatsapp":
        pass
    elif kind == "matrix":
        out.append(f"Room {chan} — exported {long_date(rng)}\n")
    elif kind == "support":
        out.append(f"{chan} — chat transcript\nConversation started {long_date(rng)} {h:02d}:{m:02d}\n")
    elif kind == "sms":
        out.append("Messages\n")
    d = f"{rng.randint(1, 28):02d}/{rng.randint(1, 12):02d}/2025"
    for who, text in msgs:
        m += rng.randint(0, 3)
        if m >= 60:
            h, m = h + 1, m - 60
        text = text.replace("{C}", names["C"][0]).replace("{B}", names["B"][0])
        if who == "BOT":
            name = "Assistant (automated)"
        elif who == "AG":
            name = f"{names['B'][0]} (support)"
        elif who == "U":
            name = "Customer"
        else:
            name = names[who]
        t = f"{h:02d}:{m:02d}"
        if kind == "slack":
            out.append(f"{handle(name) if isinstance(name, tuple) else name}  {t}\n{text}\n")
        elif kind == "discord":
            out.append(f"{handle(name)} — Today at {t}\n{text}\n")
        elif kind in ("irc", "matrix"):
            nm = handle(name) if isinstance(name, tuple) else name
            out.append(f"[{t}] <{nm}> {text}")
        elif kind == "teams":
            out.append(f"{full(name) if isinstance(name, tuple) else name}  {t}\n{text}\n")
        elif kind == "whatsapp":
            out.append(f"[{d}, {t}] {name[0]}: {text}")
        elif kind == "support":
            out.append(f"[{t}] {name}: {text}")
        elif kind == "sms":
            out.append(f"{'Me' if who == 'A' else name[0]} ({t}): {text}")
    if kind == "irc":
        out.append("--- Log closed")
    return "\n".join(out).rstrip() + "\n"


def gen(rng, i):
    kind, chan, msgs = CHATS[i % len(CHATS)]
    a, b, c, d = people(rng, 4)
    names = {"A": a, "B": b, "C": c, "D": d}
    return _fmt(kind, chan, msgs, names, rng)
