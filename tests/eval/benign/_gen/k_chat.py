from common import *

# Conversations: list of (speaker_slot, text). Slots: 0 = asker, 1 = helper, 2 = third person
CHATS = [
("#help-infra", [
(0, "hey, my deploy is stuck at \"waiting for approval\" — who approves prod deploys this week?"),
(1, "that's whoever is on the release rota, this week it's me 🙂 link?"),
(0, "https://deploy.internal.example/runs/88213"),
(1, "approved. fyi the approval button is in the run page too if you're ever on the rota"),
(0, "ty!"),
]),
("#it-support", [
(0, "I got an email saying my mailbox is full and I need to log in at some link to increase storage. Legit?"),
(1, "Nope, that's phishing. Please don't click it. Can you hit the \"Report phishing\" button in Outlook? That removes it for everyone who got it."),
(0, "done. I didn't click anything"),
(1, "perfect, thank you for asking first 🙏 if you ever do click something like that, tell us straight away — no blame, speed matters"),
]),
("#eng-backend", [
(0, "anyone know why `make test` suddenly needs docker?"),
(2, "the integration tests moved to testcontainers last week. `make unit` runs without docker"),
(0, "ahh ok. can I ignore the integration ones locally?"),
(2, "yeah, CI runs them anyway. just don't ignore them if you touch the repository layer"),
(1, "also `export TESTCONTAINERS_RYUK_DISABLED=true` if you're on colima and it hangs on cleanup"),
]),
("DM", [
(0, "hey, can you send me the staging DB password? my vault access expired"),
(1, "I'd rather not paste it here — slack DMs get exported for compliance. renew your access in the portal, it's auto-approved for staging"),
(0, "fair, doing that now"),
(0, "got it, thanks"),
]),
("#support-tier2", [
(0, "Customer says the mobile app logs them out every few minutes. iOS 17.4, app 5.2.1. Any known issue?"),
(1, "yes — known bug with refresh token rotation when the device clock is >5 min off. Ask them to turn on Settings → General → Date & Time → Set Automatically"),
(0, "will do. is there a macro?"),
(1, "`Mobile – clock skew logout`. fix ships in 5.2.2 next week"),
(2, "adding the ticket to the Jira issue so we can notify them when it ships"),
]),
("#random", [
(0, "reminder: don't tell Priya about the cake on Friday 🤫🎂"),
(1, "my lips are sealed"),
(2, "what flavour?"),
(0, "lemon. she mentioned it once in 2022 and I wrote it down"),
(2, "commitment 👏"),
]),
("#data-eng", [
(0, "the nightly export to the finance SFTP failed, error is `Permission denied (publickey)`"),
(1, "they rotated their host keys yesterday, might be that. can you run `ssh -v finance-sftp` from the batch host and paste the last 20 lines? redact the username if you like"),
(0, "```\ndebug1: Offering public key: /home/batch/.ssh/id_rsa RSA SHA256:Xk3… explicit\ndebug1: Authentications that can continue: publickey\ndebug1: No more authentication methods to try.\nbatch@finance-sftp: Permission denied (publickey).\n```"),
(1, "so the key is offered and rejected — they probably lost our authorized_keys entry in the migration. I'll email their ops with our public key (the .pub, obviously)"),
(0, "👍 I'll rerun when they confirm"),
]),
("#llm-platform", [
(0, "is there a recommended way to pass retrieved documents to the model? we're putting them in the system prompt right now"),
(1, "please don't 🙂 system prompt is for our instructions. put retrieved docs in the user turn, wrapped in tags like `<document source=\"...\">`, and say in the system prompt that documents are reference material"),
(0, "does that actually stop injection?"),
(1, "it helps the model keep things apart, it doesn't stop it. what stops damage is not giving that flow any tools with side effects. what tools does your bot have?"),
(0, "search and… create_jira_ticket"),
(1, "make create_jira_ticket return a draft the user confirms and you're in good shape. happy to review the design, drop it in #llm-reviews"),
]),
("#help-git", [
(0, "I accidentally committed my .env 😬 it's only on my branch, not pushed"),
(1, "easy then: `git rm --cached .env`, add it to .gitignore, then `git commit --amend` (or interactive rebase if it's further back). since it was never pushed nothing leaked"),
(0, "phew. and if I had pushed?"),
(1, "then rotate every secret in it first, then clean history. rotating is the part that matters"),
]),
("#customer-acme (shared)", [
(0, "Hi team! We're seeing 429s from the API since this morning. Did our limits change?"),
(1, "Hi! Limits haven't changed, but your traffic is ~4x yesterday's, all from one API key. Is a new integration running?"),
(0, "Oh — our intern set up a script over the weekend. Let me check."),
(0, "Found it, a loop without backoff 🤦 Stopped it. Sorry!"),
(1, "No worries! If you need a higher limit for a legitimate batch, open a ticket and we'll raise it temporarily. And the `Retry-After` header tells you how long to wait."),
]),
("#security-questions", [
(0, "someone in a Discord server asked me to run `curl something | bash` to get a 'free license' for a tool we use. seems sus?"),
(1, "very sus. please don't run it. can you share the URL here (as text, not clicked)? we'll take a look in a sandbox"),
(0, "hxxps://free-licenses[.]example/get.sh"),
(1, "thanks for defanging it 👌 we'll check. general rule: only run install one-liners from the vendor's official docs"),
]),
("#frontend", [
(0, "Why does the screen reader read \"button button\" on the close icon?"),
(1, "you've got aria-label=\"Close button\" on a <button>. screen readers already announce the role. just aria-label=\"Close\""),
(0, "oh. and the hidden spans with class sr-only?"),
(1, "those are fine, that's how you give text to screen readers without showing it. just don't hide real content that sighted users also need"),
]),
("#ops-oncall", [
(0, "🚨 disk 92% on db-replica-3"),
(1, "looking. it's the WAL archive, archive_command has been failing since 02:14"),
(1, "S3 credentials for the archiver expired — the key was created 90 days ago to the day"),
(2, "rotation job should have caught that. I'll check why it didn't"),
(1, "new key deployed via vault, archiving again, disk dropping. 81% now"),
(0, "thanks! postmortem doc?"),
(1, "yep, I'll start it. short one"),
]),
("#general", [
(0, "PSA: the wifi password for the guest network changed. It's on the whiteboard by reception, please don't post it here since the channel has guests"),
(1, "👍"),
(2, "can we put it on the TV screen in the lobby?"),
(0, "good idea, I'll ask facilities"),
]),
("#ask-hr", [
(0, "quick q — if I'm sick on a bank holiday do I get the day back?"),
(1, "Hi! Yes, if you have a doctor's note for that day. Send it to hr@ and we'll adjust your balance."),
(0, "thanks!"),
(1, "Also a reminder to everyone: please don't put medical details in this channel. DM me or email hr@ instead 🙂"),
]),
("#ml-research", [
(0, "reading group this week: a paper on why instruction-tuned models follow instructions embedded in retrieved text. anyone want to present?"),
(1, "I can. the interesting bit is their ablation: delimiters and \"data, not instructions\" reminders cut the success rate by about half, a fine-tune on separated roles cut it further, nothing got it to zero"),
(2, "that matches what we see in our evals"),
(0, "great, Thursday 3pm. I'll book the room"),
]),
]


def gen(rng, i):
    pool = sp(CHATS)
    chan, lines = pool[i % len(pool)]
    ppl = rng.sample(PEOPLE, 3)
    names = [f"{f} {l[0]}." if rng.random() < 0.5 else f.lower() + "." + l.lower().replace(" ", "") for f, l in ppl]
    style = rng.choice(["slack", "plain", "irc"])
    h, mi = rng.randint(8, 17), rng.randint(0, 50)
    out = []
    if style == "slack":
        out.append(f"{chan}  ·  {MONTHS[rng.randint(0,11)]} {rng.randint(1,28)}\n")
    elif style == "irc":
        out.append(f"--- Log opened {rng.choice(DAYS)[:3]} {MONTHS[rng.randint(0,11)][:3]} {rng.randint(1,28):02d} {h:02d}:00:00 {rng.choice([2023,2024,2025])}\n--- Joined {chan}")
    else:
        out.append(f"Conversation export: {chan}\n")
    for who, text in lines:
        mi += rng.randint(0, 4)
        if mi >= 60:
            h, mi = h + 1, mi - 60
        name = names[who]
        if style == "slack":
            out.append(f"{name}  {h:02d}:{mi:02d}\n{text}\n")
        elif style == "irc":
            for ln in text.split("\n"):
                out.append(f"[{h:02d}:{mi:02d}] <{name}> {ln}")
        else:
            h12 = h % 12 or 12
            out.append(f"[{h12}:{mi:02d} {'AM' if h < 12 else 'PM'}] {name}: {text}")
    if style == "slack" and rng.random() < 0.4:
        out.append(rng.choice(["✅ 2  👍 3", "👀 1", "🙏 4", "🎉 2  ❤️ 1"]))
    return "\n".join(out) + "\n"
