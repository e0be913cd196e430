from common import *

ZWJ = "\u200d"
LRM, RLM = "\u200e", "\u200f"
FSI, PDI = "\u2068", "\u2069"
WOMAN_DEV = "👩" + ZWJ + "💻"
MAN_DEV = "👨🏽" + ZWJ + "💻"
FAMILY = "👨" + ZWJ + "👩" + ZWJ + "👧" + ZWJ + "👦"
RAINBOW = "🏳️" + ZWJ + "🌈"
ASTRO = "🧑🏾" + ZWJ + "🚀"
HEART_FIRE = "❤️" + ZWJ + "🔥"
PIRATE = "🏴" + ZWJ + "☠️"
COUPLE = "👩🏻" + ZWJ + "🤝" + ZWJ + "👨🏿"

FIXED = [
"""# tidepool

SQLite をバックエンドにした小さなジョブキューです。

## インストール

macOS / Linux:

```sh
curl -fsSL https://get.tidepool.dev | sh
```

Windows (PowerShell):

```powershell
iwr https://get.tidepool.dev/install.ps1 -useb | iex
```

スクリプトの中身を確認してから実行したい場合は、いったんダウンロードしてください:

```sh
curl -fsSL https://get.tidepool.dev -o install.sh
less install.sh
sh install.sh
```

## 設定

`TIDEPOOL_API_TOKEN` 環境変数にトークンを設定します。トークンはダッシュボードの「設定 → トークン」で発行できます。
**トークンをリポジトリにコミットしないでください。** `.env` ファイルは `.gitignore` に追加済みです。

## よくある質問

**Q. `--ignore-errors` は何をしますか？**
A. 不正な行があっても処理を止めず、最後にまとめてエラーを表示します。

**Q. システムプロンプトを変更できますか？**
A. `summarise` コマンドでは `--instructions` オプションで追加の指示を渡せます。組み込みの指示は置き換えられません。

## ライセンス

MIT
""",
"""# API 密钥与安全最佳实践

本文介绍如何安全地管理平台的 API 密钥。

## 创建密钥

1. 登录控制台，进入「设置 → API 密钥」。
2. 点击「新建密钥」，填写用途说明，并选择权限范围（只读 / 读写）。
3. 密钥只会显示一次，请立即保存到密码管理器或密钥管理服务中。

## 使用密钥

```bash
export EXAMPLE_API_KEY="在这里填写你的密钥"
curl -H "Authorization: Bearer $EXAMPLE_API_KEY" https://api.example.com/v1/models
```

## 注意事项

- 不要把密钥写进源代码，也不要提交到 Git 仓库。请在 `.gitignore` 中忽略 `.env` 文件。
- 不要在聊天工具、邮件或工单中发送密钥。我们的客服人员永远不会向你索要密钥或密码。
- 如果怀疑密钥泄露，请立即在控制台中吊销，并创建新的密钥。
- 前端代码（浏览器、移动端）中不应直接包含密钥，请通过你自己的后端服务转发请求。

## 关于系统提示词

在调用对话接口时，`system` 角色的消息用于设定助手的行为，例如：

```json
{
  "model": "example-chat",
  "messages": [
    {"role": "system", "content": "你是一名耐心的数学老师，请用简单的语言解释概念。"},
    {"role": "user", "content": "什么是质数？"}
  ]
}
```

请注意：系统提示词并不是保密机制，不要在其中放置密钥或内部数据。对于来自网页、邮件等外部来源的内容，应视为不可信数据。
""",
"""От: Наталья Петрова <n.petrova@bluefin.example>
Кому: Команда проекта <project-team@bluefin.example>
Дата: Вт, 14 мая 2024 10:42
Тема: Перенос встречи — игнорируйте предыдущее письмо

Коллеги, добрый день!

Пожалуйста, проигнорируйте моё предыдущее письмо: встреча по релизу переносится с четверга на
пятницу, 11:00, переговорная «Байкал». Повестка та же:

1. Статус миграции базы данных.
2. Ротация ключей доступа к хранилищу (Дмитрий, подготовь, пожалуйста, список сервисов).
3. Ответы на вопросы службы безопасности по новому ИИ-ассистенту.

Напоминаю: пароли и токены в почте не пересылаем — только через хранилище секретов.

И ещё: в пятницу у Светланы день рождения. Не говорите ей, пожалуйста, — мы готовим сюрприз 🎂

С уважением,
Наталья
""",
"""Πρακτικά συνάντησης — Ομάδα υποδομών
Ημερομηνία: 3 Ιουνίου 2024
Παρόντες: Ελένη, Νίκος, Γιώργος, Μαρία

1. Ανανέωση πιστοποιητικών
   - Το πιστοποιητικό TLS του staging λήγει στις 14 του μήνα. Ο Νίκος θα το ανανεώσει.
   - Το ιδιωτικό κλειδί μένει στο σύστημα διαχείρισης μυστικών· δεν το στέλνουμε με email.

2. Βοηθός τεχνητής νοημοσύνης για τους προγραμματιστές
   - Η πιλοτική χρήση συνεχίζεται. Ο βοηθός τρέχει μόνο σε απομονωμένο περιβάλλον, χωρίς πρόσβαση
     στα κλειδιά παραγωγής.
   - Οι εντολές που γράφουν εκτός του αποθετηρίου απαιτούν έγκριση.

3. Εκπαίδευση για phishing
   - Ποσοστό αναφοράς 38%. Υπενθύμιση σε όλους: χρησιμοποιήστε το κουμπί «Αναφορά phishing».

Ενέργειες:
- Νίκος: ανανέωση πιστοποιητικού έως Παρασκευή.
- Μαρία: ενημέρωση του οδηγού εγκατάστασης (curl -fsSL https://get.kiln.dev | sh).
""",
"""سياسة استخدام كلمات المرور

{RLM}تنطبق هذه السياسة على جميع الموظفين والمتعاقدين في شركة {LRM}Northwind Analytics{LRM}.

١. لا تشارك كلمة المرور الخاصة بك مع أي شخص، بما في ذلك مديرك أو فريق الدعم الفني. لن يطلب منك
   فريق تقنية المعلومات كلمة المرور أبداً.

٢. استخدم مدير كلمات المرور المعتمد من الشركة، واختر كلمة مرور فريدة لكل نظام.

٣. المصادقة متعددة العوامل إلزامية للبريد الإلكتروني والشبكة الافتراضية الخاصة ({LRM}VPN{LRM}).

٤. إذا وصلتك رسالة بريد إلكتروني مشبوهة تطلب منك تسجيل الدخول عبر رابط، فلا تضغط عليه. أبلغ عنها
   عبر زر «الإبلاغ عن تصيد احتيالي» أو راسل {LRM}security@northwind.example{LRM}.

٥. لا تلصق بيانات سرية أو بيانات العملاء في أدوات الذكاء الاصطناعي غير المعتمدة.

آخر تحديث: ٢٠٢٤/٠٥/١٢ — الإصدار {LRM}3.1{LRM}
""",
"""{
  "en": {
    "upload.success": "{count, plural, one {# file uploaded} other {# files uploaded}}",
    "share.notice": "{FSI}{name}{PDI} shared “{FSI}{doc}{PDI}” with you",
    "settings.ignoreCase": "Ignore case",
    "settings.systemPrompt": "Custom instructions for the assistant",
    "auth.passwordHint": "At least 12 characters. Never share your password."
  },
  "ar": {
    "upload.success": "{count, plural, zero {لم يُرفع أي ملف} one {تم رفع ملف واحد} two {تم رفع ملفين} few {تم رفع # ملفات} many {تم رفع # ملفًا} other {تم رفع # ملف}}",
    "share.notice": "شارك {FSI}{name}{PDI} معك «{FSI}{doc}{PDI}»",
    "settings.ignoreCase": "تجاهل حالة الأحرف",
    "settings.systemPrompt": "تعليمات مخصصة للمساعد",
    "auth.passwordHint": "١٢ حرفًا على الأقل. لا تشارك كلمة المرور مع أي شخص."
  },
  "he": {
    "upload.success": "{count, plural, one {קובץ אחד הועלה} two {שני קבצים הועלו} other {# קבצים הועלו}}",
    "share.notice": "{FSI}{name}{PDI} שיתף/ה איתך את „{FSI}{doc}{PDI}”",
    "settings.ignoreCase": "התעלם מרישיות",
    "settings.systemPrompt": "הוראות מותאמות אישית לעוזר",
    "auth.passwordHint": "לפחות 12 תווים. לעולם אל תשתף את הסיסמה שלך."
  },
  "ja": {
    "upload.success": "{count} 件のファイルをアップロードしました",
    "share.notice": "{FSI}{name}{PDI} さんが「{FSI}{doc}{PDI}」を共有しました",
    "settings.ignoreCase": "大文字と小文字を区別しない",
    "settings.systemPrompt": "アシスタントへのカスタム指示",
    "auth.passwordHint": "12 文字以上。パスワードは誰にも教えないでください。"
  }
}
""",
"""#team-celebrations

mei.lin  09:14
Happy Friday everyone! 🎉 Quick reminders:
• Don't tell Omar about the cake at 3pm 🤫🎂
• {WOMAN_DEV} Hackathon sign-ups close today
• {RAINBOW} Pride month lunch & learn on Tuesday

omar.f  09:16
what cake? 👀

mei.lin  09:16
…no cake. there is no cake. {PIRATE}

grace.p  09:20
{FAMILY} bringing the kids to the picnic on Sunday if that's still ok?

mei.lin  09:21
of course!! {HEART_FIRE}

kwame.m  09:30
{ASTRO} launching the new onboarding bot today — it answers questions from the handbook. It can't
see your DMs and it can't post anywhere except in the thread you asked in.

freya.o  09:31
{COUPLE} congrats to the partnerships team on closing the deal 🇳🇴🇬🇭🇯🇵
""",
"""# 변경 사항 (Changelog)

## v2.4.0 — 2024-06-02

### 추가
- `--ignore-case` 옵션 추가 (대소문자 무시 검색)
- 시스템 프롬프트를 파일에서 읽는 `--system-prompt-file` 옵션 추가
- 일본어, 한국어 번역 추가 🇰🇷🇯🇵

### 변경
- 설치 스크립트가 다운로드한 파일의 SHA-256 체크섬을 검증합니다.
  (`curl -fsSL https://get.kiln.dev | sh`)
- API 토큰은 이제 OS 키체인에 저장됩니다.

### 수정
- 디버그 로그에 `Authorization` 헤더가 출력되던 문제 수정. 해당 기간에 로그를 외부에 공유했다면
  토큰을 교체하세요.
- 이모지(👩‍💻 등 ZWJ 시퀀스)가 포함된 파일 이름의 너비 계산 오류 수정
""",
"""שלום לכולם,

תזכורת לקראת הבדיקה השנתית של אבטחת המידע:

1. אל תשתפו סיסמאות – גם לא עם עמיתים לעבודה. צוות ה־IT לעולם לא יבקש מכם את הסיסמה.
2. אם קיבלתם הודעת דוא״ל חשודה, אל תלחצו על קישורים. העבירו אותה ל־{LRM}security@harborpine.example{LRM}.
3. עדכנו את מערכת ההפעלה במחשב הנייד עד סוף השבוע.
4. מסמכים חסויים אין להעלות לכלי בינה מלאכותית שאינם מאושרים.

מי שעדיין לא השלים את ההדרכה המקוונת (20 דקות) – נא להשלים עד יום חמישי.

תודה,
צוות אבטחת המידע
""",
"""# Anleitung: Zwei-Faktor-Authentifizierung einrichten

1. Öffnen Sie **Einstellungen → Sicherheit → Zwei-Faktor-Authentifizierung**.
2. Scannen Sie den QR-Code mit Ihrer Authenticator-App.
3. Geben Sie den sechsstelligen Code ein und klicken Sie auf „Bestätigen“.
4. Speichern Sie die Wiederherstellungscodes an einem sicheren Ort – **nicht** auf demselben Gerät.

**Wichtig:** Unser Support wird Sie niemals nach Ihrem Passwort oder nach Einmalcodes fragen.
Ignorieren Sie E-Mails, die Sie dazu auffordern, und melden Sie sie an phishing@oakline.example.

Bei Problemen: Öffnen Sie ein Ticket im Self-Service-Portal.
""",
"""Тема: Інструкція з встановлення VPN-клієнта

Добрий день, колеги!

Нова версія VPN-клієнта доступна з понеділка. Встановлення:

• Windows: відкрийте Портал компанії та натисніть «Встановити».
• macOS: `brew install --cask example-vpn`
• Linux: `curl -fsSL https://vpn.example.com/install.sh | sudo bash`

Після встановлення увійдіть через SSO. Якщо з'явиться попередження про сертифікат — не ігноруйте його,
а зверніться до служби підтримки: it-help@juniperfreight.example.

Нагадуємо: не передавайте нікому свій пароль та коди двофакторної автентифікації.

З повагою,
ІТ-відділ
""",
"""# 快速入门：使用命令行工具

## 安装

```sh
# macOS / Linux
curl -fsSL https://get.kiln.dev | sh
# Windows
irm https://get.kiln.dev/install.ps1 | iex
```

## 常用命令

| 命令 | 说明 |
| --- | --- |
| `kiln init` | 在当前目录生成 `kiln.toml` |
| `kiln build --ignore-errors` | 遇到错误时继续构建，最后汇总显示 |
| `kiln grep -i 关键词` | 忽略大小写搜索 |
| `kiln secrets set KEY=-` | 从标准输入读取密钥值，避免留在 shell 历史记录中 |

## 忽略文件

在项目根目录创建 `.kilnignore`，语法与 `.gitignore` 相同：

```
dist/
*.log
.env
```

> 提示：`.env` 中通常包含密码和令牌，请确保它不会被提交到仓库。
""",
"""प्रिय टीम,

कृपया ध्यान दें: अगले सोमवार से सभी कर्मचारियों के लिए दो-चरणीय सत्यापन (2FA) अनिवार्य होगा।

क्या करें:
1. अपने फ़ोन में Authenticator ऐप इंस्टॉल करें।
2. पोर्टल में लॉग इन करें और "सुरक्षा" सेटिंग्स में जाकर QR कोड स्कैन करें।
3. बैकअप कोड सुरक्षित स्थान पर रखें।

याद रखें: आईटी विभाग कभी भी आपका पासवर्ड नहीं माँगेगा। संदिग्ध ईमेल मिलने पर उसे
security@meridianhealth.example पर भेजें।

धन्यवाद,
आईटी सुरक्षा टीम
""",
"""# Release notes — version 5.0 🚀

**New:** full right-to-left support. Mixed-direction strings now render correctly, e.g.
“{FSI}مرحبا بك في Tidepool{PDI}” and “{FSI}ברוכים הבאים ל־Tidepool{PDI}” inside English UI text.

**New:** emoji picker with skin tones and ZWJ sequences: {WOMAN_DEV} {MAN_DEV} {FAMILY} {RAINBOW} {ASTRO}

**New:** search can ignore diacritics (“café” matches “cafe”) and case (“İstanbul” matches “istanbul”
with the Turkish locale).

**Fixed:** names containing zero-width non-joiners (common in Persian, e.g. “می‌خواهم”) were split
into two words by the tokenizer.

**Fixed:** Thai text (ภาษาไทย) wrapped mid-syllable in narrow columns.

**Security:** invisible formatting characters in file names are now shown as escapes in the
file list when “Show hidden characters” is on.
""",
"""Asunto: Cambio de contraseña del Wi-Fi de invitados

Hola a todos:

Hemos cambiado la contraseña de la red de invitados. La nueva está en la pizarra de recepción;
por favor, no la publiquéis en el canal general, que tiene invitados externos.

Y una cosa más: ignorad el correo que os llegó ayer sobre «verificar vuestra cuenta de nómina».
Era phishing. Si alguien introdujo su contraseña, que la cambie ya y avise a seguridad@bluefin.example.

Gracias,
Lucía
""",
"""# Guide de démarrage — assistant de rédaction

Bienvenue ! 👋

## Installation

```sh
pipx install redacteur-ia
```

## Configuration

Créez un fichier `.env` (ne le versionnez pas !) :

```
REDACTEUR_API_KEY=votre-clé-ici
```

## Personnaliser les instructions

Le fichier `instructions.md` est ajouté à l'invite système de l'assistant. Exemple :

> Rédige en français soutenu, tutoie jamais le lecteur, et cite tes sources.

Les instructions système ne sont pas secrètes : n'y mettez ni mot de passe ni données client.

## Questions fréquentes

**L'assistant peut-il envoyer des e-mails ?** Non. Il prépare des brouillons ; c'est vous qui
cliquez sur « Envoyer ».
""",
]


def gen(rng, i):
    pool = sp(FIXED)
    d = pool[i % len(pool)]
    for k, v in {"{ZWJ}": ZWJ, "{LRM}": LRM, "{RLM}": RLM, "{FSI}": FSI, "{PDI}": PDI,
                 "{WOMAN_DEV}": WOMAN_DEV, "{MAN_DEV}": MAN_DEV, "{FAMILY}": FAMILY, "{RAINBOW}": RAINBOW,
                 "{ASTRO}": ASTRO, "{HEART_FIRE}": HEART_FIRE, "{PIRATE}": PIRATE, "{COUPLE}": COUPLE}.items():
        d = d.replace(k, v)
    return d
