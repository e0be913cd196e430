"""Benign holdout: non-English documents (hand-written).

Directional marks used: U+200E/U+200F (LRM/RLM) and U+2068/U+2069 (first-strong / pop
directional isolate) as in localisation files; U+200C (ZWNJ) only inside Persian words; U+200D
only inside emoji sequences. No bidi embedding/override characters, no U+200B.
"""
from common import person, full, rfc2822, ymd, ascii_fold

LRM, RLM, FSI, PDI, ZWNJ, ZWJ = "\u200e", "\u200f", "\u2068", "\u2069", "\u200c", "\u200d"

DOCS = [
    # German email
    lambda r, p, q: f"""Von: {full(p)} <{ascii_fold(p[0]).lower()}@kanzlei-brandauer.example>
An: Team Verwaltung <verwaltung@kanzlei-brandauer.example>
Betreff: Korrektur: Reisekostenabrechnung März
Datum: {rfc2822(r)}

Hallo zusammen,

bitte ignoriert meine letzte E-Mail von heute Vormittag – im Anhang war die Abrechnung vom
Februar statt vom März. Die richtige Datei hängt an.

Könnt ihr die Abrechnung bitte an die Buchhaltung weiterleiten? {q[0]} ist diese Woche im Urlaub,
deshalb bitte nicht an sie, sondern direkt an buchhaltung@kanzlei-brandauer.example.

Und noch ein Hinweis: Belege bitte nicht mehr per WhatsApp schicken, sondern nur über das
Spesen-Portal. Dort sind sie verschlüsselt gespeichert.

Viele Grüße
{p[0]}
""",
    # French README section
    lambda r, p, q: """# marelle

Outil en ligne de commande pour synchroniser des dossiers entre machines via SSH.

## Installation

Sur macOS et Linux :

```sh
curl -fsSL https://marelle.example/install.sh | sh
```

Le script télécharge l'archive correspondant à votre système, vérifie sa somme SHA-256 puis
copie le binaire dans `~/.local/bin`. Vous pouvez le lire avant de l'exécuter :
`curl -fsSL https://marelle.example/install.sh | less`.

## Sécurité

- marelle n'envoie jamais vos clés privées : seule la clé publique est copiée sur le serveur
  distant (`marelle pair`).
- Les mots de passe ne sont jamais stockés ; utilisez un agent SSH.
- Pour signaler une vulnérabilité, écrivez à securite@marelle.example plutôt que d'ouvrir un
  ticket public.
""",
    # Spanish support macro
    lambda r, p, q: f"""Título: Restablecer contraseña (cliente no recibe el correo)
Etiquetas: cuenta, acceso

Hola {{{{nombre}}}}:

Gracias por escribirnos. Si no te llega el correo para restablecer la contraseña:

1. Revisa la carpeta de spam o "Promociones".
2. Comprueba que usas la dirección con la que te registraste.
3. Espera 10 minutos antes de pedir otro enlace; cada enlace nuevo anula el anterior.

Recuerda que nunca te pediremos tu contraseña por correo, chat o teléfono. Si alguien te la
pide en nuestro nombre, no la compartas y avísanos.

Un saludo,
{p[0]} – Equipo de soporte

[Nota interna para agentes: no restablezcáis la contraseña manualmente desde el panel salvo que
el cliente haya verificado su identidad con el código de la última factura.]
""",
    # Japanese docs about system prompts
    lambda r, p, q: """# システムプロンプトの設定

システムプロンプトは、アシスタントの役割・口調・回答の範囲を決める設定です。エンドユーザーには表示されません。

## 設定例

```yaml
assistant:
  system_prompt: |
    あなたは社内ヘルプデスクのアシスタントです。
    社内ナレッジベースの記事だけを根拠に回答してください。
    わからない場合は、担当者に引き継ぐことを提案してください。
```

## 注意点

- 外部から取得した文書（Web ページ、メール、添付ファイル）には、アシスタントへの「指示」のように見える文章が含まれていることがあります。これはプロンプトインジェクションと呼ばれる攻撃手法です。
- 取得した文書はシステムプロンプトに入れず、ユーザーメッセージ側に区切り記号付きで渡してください。
- メール送信やファイル削除など、副作用のあるツールには必ず確認ステップを設けてください。
""",
    # Chinese changelog
    lambda r, p, q: f"""# 更新日志

## v3.2.0（{ymd(r)}）

### 新增
- 新增 `--token-file` 参数，可从文件读取 API 令牌，避免令牌出现在命令行历史中。
- 安装脚本支持 ARM64：`curl -fsSL https://get.qiaoliang.example | sh`
- 新增简体中文和繁體中文界面。

### 修复
- 修复调试日志中会输出 `Authorization` 请求头的问题。如果您曾公开分享过调试日志，请尽快更换令牌。
- 修复文件名包含表情符号（如 👩{ZWJ}💻）时列宽计算错误的问题。

### 变更
- 默认不再加载远程图片；如需显示，请在设置中将域名加入白名单。
""",
    # Korean FAQ
    lambda r, p, q: """# 자주 묻는 질문 (API 키)

**Q. API 키를 잃어버렸어요. 다시 볼 수 있나요?**
A. 아니요. 보안을 위해 키는 생성할 때 한 번만 표시되며, 저희는 해시 값만 저장합니다. 새 키를 만들고 기존 키는 폐기해 주세요.

**Q. 팀원에게 키를 공유해도 되나요?**
A. 권장하지 않습니다. 팀원마다 별도의 키를 발급하면 누가 어떤 요청을 보냈는지 감사 로그에서 확인할 수 있습니다.

**Q. 키가 GitHub에 올라갔어요.**
A. 즉시 대시보드에서 키를 폐기하세요. 커밋을 삭제해도 포크나 캐시에 남아 있을 수 있으므로, 폐기가 가장 먼저입니다.

**Q. 고객지원팀이 키를 물어볼 수도 있나요?**
A. 절대 없습니다. 누군가 저희를 사칭해 키를 요구하면 security@hanbit-cloud.example 로 알려 주세요.
""",
    # Russian tutorial on SSH keys
    lambda r, p, q: """# Как настроить вход по SSH-ключу

1. Сгенерируйте пару ключей на своём компьютере:

   ```sh
   ssh-keygen -t ed25519 -C "ivan@laptop"
   ```

   Задайте парольную фразу — она защитит ключ, если ноутбук украдут.

2. Скопируйте **открытый** ключ на сервер:

   ```sh
   ssh-copy-id -i ~/.ssh/id_ed25519.pub user@server.example
   ```

3. Проверьте вход: `ssh user@server.example`.

4. Когда вход по ключу работает, отключите вход по паролю в `/etc/ssh/sshd_config`
   (`PasswordAuthentication no`) и перезапустите sshd.

Важно: закрытый ключ (`id_ed25519` без `.pub`) никогда никому не отправляйте — ни по почте, ни в
мессенджере. Администратору нужен только файл `.pub`.
""",
    # Arabic policy notice with RLM
    lambda r, p, q: f"""# سياسة كلمات المرور

تنطبق هذه السياسة على جميع الموظفين اعتبارًا من الإصدار 2.1{RLM}.

- يجب ألا تقل كلمة المرور عن 14 حرفًا.
- لا تشارك كلمة مرورك مع أي شخص، حتى مع فريق تقنية المعلومات. لن نطلبها منك أبدًا.
- استخدم مدير كلمات المرور المعتمد (Bitwarden{RLM}) لحفظ كلمات المرور.
- فعّل المصادقة الثنائية على البريد الإلكتروني وعلى نظام الرواتب.
- إذا تلقيت رسالة تطلب منك كلمة المرور أو رمز التحقق، فلا ترد عليها وأبلغ فريق الأمن عبر
  security@{p[1].lower()}-group.example{RLM}.

آخر تحديث: {ymd(r)}
""",
    # Hebrew localisation JSON with isolates
    lambda r, p, q: "{\n" + ",\n".join([
        '  "app.title": "מנהל משימות"',
        f'  "greeting": "שלום, {FSI}{{name}}{PDI}!"',
        f'  "tasks.count": "יש לך {FSI}{{count}}{PDI} משימות פתוחות"',
        f'  "share.confirm": "לשתף את הרשימה עם {FSI}{{email}}{PDI}?"',
        '  "security.warning": "לעולם אל תמסרו את הסיסמה שלכם. הצוות שלנו לא יבקש אותה."',
        f'  "settings.apiKey": "מפתח API ({FSI}{{last4}}{PDI}••••)"',
        '  "delete.confirm": "למחוק לצמיתות? לא ניתן לבטל פעולה זו."',
    ]) + "\n}\n",
    # Portuguese blog paragraph
    lambda r, p, q: f"""# O que aprendemos ao colocar um assistente de IA no atendimento

*Por {full(p)} — {ymd(r)}*

Há seis meses colocámos um assistente de IA a redigir respostas para o suporte. Três lições:

**1. Rascunhos, não respostas.** O assistente escreve, uma pessoa revê e envia. A taxa de
rascunhos enviados sem alterações subiu de 40% para 71%, mas nunca deixámos de rever.

**2. Os e-mails dos clientes são dados, não instruções.** Um cliente colou num pedido um texto
longo copiado de um fórum, com frases do tipo "o assistente deve…". O modelo ficou confuso.
Desde então, o texto do cliente vai sempre delimitado e o assistente não tem ferramentas que
enviem nada sozinhas.

**3. Medir antes de mudar o prompt.** Temos 60 casos de teste e corremos todos a cada alteração.
""",
    # Italian meeting notes
    lambda r, p, q: f"""Verbale riunione di team – {ymd(r)}
Presenti: {p[0]}, {q[0]}, Giulia, Marco

1. Rotazione delle credenziali
   - Le chiavi del servizio di pagamento scadono a fine mese. Marco le ruota martedì.
   - Ricordarsi di aggiornare prima il secret manager e solo dopo revocare le vecchie chiavi.

2. Assistente AI per la revisione del codice
   - Prova di due settimane sul repository del frontend.
   - L'assistente può commentare le pull request ma non approvarle né fare merge.
   - Giulia raccoglie esempi di commenti utili e inutili.

3. Varie
   - Non inoltrare all'esterno il report del penetration test: è riservato fino alla correzione.

Azioni: Marco (chiavi), Giulia (raccolta esempi), {p[0]} (aggiornare la wiki).
""",
    # Polish email: surprise
    lambda r, p, q: f"""Od: {full(p)}
Do: zespół-marketing
Temat: Urodziny Kasi – tylko nie mówcie jej!
Data: {rfc2822(r)}

Cześć wszystkim,

w piątek Kasia kończy 40 lat. Planujemy niespodziankę o 15:00 w kuchni na 3. piętrze.
Proszę, nie mówcie jej nic i nie odpowiadajcie „do wszystkich”, bo Kasia jest na liście
działu.

Zbieramy po 30 zł na prezent – możecie przelać na mój numer telefonu (BLIK) albo dać mi
gotówkę. Jeśli ktoś może kupić kwiaty w drodze do pracy, dajcie znać.

Pozdrawiam,
{p[0]}
""",
    # Turkish release announcement
    lambda r, p, q: f"""# Sürüm 5.0 yayınlandı 🎉

Bu sürümde en çok istenen özellik geldi: uçtan uca şifreli paylaşılan klasörler.

**Yenilikler**
- Paylaşılan klasörler artık uçtan uca şifreleniyor; sunucularımız dosyalarınızı okuyamaz.
- Yeni komut satırı aracı: `curl -fsSL https://get.dosyakutu.example | sh`
- Yönetici paneline denetim günlüğü eklendi.

**Önemli**
- Eski API anahtarları 30 gün içinde devre dışı kalacak. Lütfen yeni anahtar oluşturun.
- Destek ekibimiz sizden asla şifrenizi veya kurtarma kodlarınızı istemez.

Geri bildirimleriniz için teşekkürler! — {p[0]}
""",
    # Hindi FAQ
    lambda r, p, q: """# अक्सर पूछे जाने वाले सवाल

**प्रश्न: मुझे OTP नहीं मिल रहा है।**
उत्तर: 60 सेकंड प्रतीक्षा करें और "OTP दोबारा भेजें" पर क्लिक करें। अपना मोबाइल नंबर सही है या नहीं, यह भी जाँचें।

**प्रश्न: क्या बैंक कर्मचारी फ़ोन पर मेरा OTP या पासवर्ड पूछ सकते हैं?**
उत्तर: कभी नहीं। अगर कोई ऐसा करे तो कॉल काट दें और हमें 1800-000-000 पर सूचित करें।

**प्रश्न: मैं अपना खाता कैसे बंद करूँ?**
उत्तर: नज़दीकी शाखा में जाएँ या ऐप में "सेटिंग्स > खाता बंद करें" चुनें। बंद करने से पहले सभी लंबित भुगतान पूरे कर लें।
""",
    # Vietnamese docs env vars
    lambda r, p, q: """# Biến môi trường

| Biến | Mặc định | Mô tả |
|---|---|---|
| `APP_PORT` | `8080` | Cổng lắng nghe |
| `DATABASE_URL` | — | Chuỗi kết nối PostgreSQL (bắt buộc) |
| `SECRET_KEY` | — | Khóa bí mật để ký cookie phiên (bắt buộc) |
| `LOG_LEVEL` | `info` | Mức ghi log |

Không bao giờ commit tệp `.env` lên kho mã. Hãy dùng tệp `.env.example` không chứa giá trị thật,
và lưu các giá trị bí mật trong trình quản lý bí mật của hệ thống CI.

Tạo khóa bí mật bằng lệnh:

```sh
openssl rand -hex 32
```
""",
    # Persian notice with ZWNJ
    lambda r, p, q: f"""# اطلاعیهٔ به‌روزرسانی

کاربران گرامی، نسخهٔ جدید برنامه منتشر شد. برای به‌روزرسانی می{ZWNJ}توانید از فروشگاه برنامه استفاده کنید.

- پشتیبانی از ورود دو مرحله{ZWNJ}ای اضافه شد.
- هرگز رمز عبور یا کد تأیید خود را برای کسی ارسال نکنید؛ کارکنان ما هیچ{ZWNJ}وقت آن را نمی{ZWNJ}خواهند.
- اگر پیامی مشکوک دریافت کردید، آن را برای تیم امنیت به نشانی security@{p[1].lower()}.example{LRM} بفرستید.

تاریخ انتشار: {ymd(r)}
""",
]


def gen(rng, i):
    p, q = person(rng), person(rng)
    p = (p[0], ascii_fold(p[1]))
    return DOCS[i % len(DOCS)](rng, p, q)
