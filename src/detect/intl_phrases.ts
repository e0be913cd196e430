/**
 * The words of the two most common injected instructions — "ignore the previous instructions"
 * and "do not tell the user" — in other languages, as data: written as people write them (accents,
 * other scripts); the injection rules fold them as they fold the text they read
 * (src/detect/injection.ts `INTL_RULES`, src/detect/normalize.ts). Latin-script languages become
 * word rules tried at their first word; the others are patterns tried where their first words
 * occur (`anchor`), gaps measured in characters, since their words are not runs of a–z.
 *
 * Languages: Spanish, Portuguese, French, Italian, German, Dutch, Polish, Turkish, Indonesian and
 * Malay, Vietnamese, Swedish, Danish and Norwegian, Romanian, Czech and Slovak, Finnish, Hungarian;
 * Russian and Ukrainian, Chinese (both scripts), Japanese, Korean, Arabic, Hindi.
 */

/** Imperatives that set something aside: ignore, disregard, forget, skip. */
export const IGNORE_VERBS = [
  // es ("ignore", the formal imperative, left out: it is the English word, a lead too common)
  "ignora",
  "ignoren",
  "ignorad",
  "olvida",
  "olvide",
  "olviden",
  "olvidad",
  "descarta",
  "descarte",
  "omite",
  "omita",
  "desestima",
  "desestime",
  "haz caso omiso de",
  "haga caso omiso de",
  "no hagas caso de",
  "no hagas caso a",
  // pt
  "ignorem",
  "esqueça",
  "esqueçam",
  "esquece",
  "desconsidere",
  "desconsidera",
  "descartem",
  "não siga",
  "não sigas",
  // fr
  "ignorez",
  "oublie",
  "oubliez",
  "ne tiens pas compte des",
  "ne tenez pas compte des",
  "fais abstraction des",
  "faites abstraction des",
  // it
  "ignori",
  "ignorate",
  "dimentica",
  "dimentichi",
  "dimenticate",
  "non considerare",
  "trascura",
  "tralascia",
  // de
  "ignoriere",
  "ignorieren sie",
  "ignoriert",
  "vergiss",
  "vergessen sie",
  "missachte",
  "missachten sie",
  // nl
  "negeer",
  "negeert",
  "vergeet",
  // pl
  "zignoruj",
  "zignorujcie",
  "ignoruj",
  "zapomnij",
  "zapomnijcie",
  "pomiń",
  // tr
  "yok say",
  "yoksay",
  "görmezden gel",
  "unut",
  // id, ms
  "abaikan",
  "lupakan",
  "jangan hiraukan",
  "jangan ikuti",
  // vi
  "bỏ qua",
  "phớt lờ",
  "quên",
  // sv, da, no
  "ignorera",
  "glöm",
  "bortse från",
  "ignorer",
  "glem",
  "se bort fra",
  // ro
  "ignorați",
  "uită",
  "uitați",
  // cs, sk
  "ignoruj",
  "ignorujte",
  "zapomeň",
  "zapomeňte",
  "zabudni",
  // fi
  "ohita",
  "unohda",
  "unohtakaa",
  // hu
  "hagyd figyelmen kívül",
  "felejtsd el",
];

/** "Previous", "earlier", "above", "all the", said of instructions. */
export const PRIOR_WORDS = [
  "anteriores",
  "previas",
  "precedentes",
  "de antes",
  "prévias",
  "acima",
  "précédentes",
  "antérieures",
  "ci-dessus",
  "precedenti",
  "anteriori",
  "sopra",
  "vorherigen",
  "vorherige",
  "bisherigen",
  "obigen",
  "früheren",
  "vorigen",
  "vorige",
  "eerdere",
  "voorgaande",
  "bovenstaande",
  "poprzednie",
  "wcześniejsze",
  "powyższe",
  "önceki",
  "yukarıdaki",
  "sebelumnya",
  "di atas",
  "trước đó",
  "trước",
  "tidigare",
  "föregående",
  "tidligere",
  "forrige",
  "anterioare",
  "precedente",
  "předchozí",
  "predchádzajúce",
  "aiemmat",
  "edelliset",
  "korábbi",
  "előző",
];

/** The verbs of languages that put them last (`önceki talimatları unut`). */
export const IGNORE_VERBS_LAST = ["unut", "yok say", "yoksay", "görmezden gel", "ohita", "unohda"];

/** The "previous" of languages that put the verb last (`önceki talimatları unut`). */
export const PRIOR_VERB_LAST = ["önceki", "yukarıdaki", "aiemmat", "edelliset", "korábbi", "előző"];

/**
 * First words too common to try a rule at (`no`, `ne`, `sin`, `sans`, …): a phrase that starts
 * with them is tried at its first other word, with them required before it.
 */
export const COMMON_FIRST_WORDS = [
  "no",
  "não",
  "ne",
  "non",
  "nie",
  "nu",
  "le",
  "de",
  "se",
  "bo",
  "bỏ",
  "haz",
  "haga",
  "fais",
  "faites",
  "sin",
  "sem",
  "sans",
  "senza",
  "bez",
  "tanpa",
  "jangan",
  "đừng",
  "không",
  "ikke",
  "zeg",
  "vertel",
];

/** Instructions, rules, directions. */
export const INSTRUCTION_NOUNS = [
  "instrucciones",
  "indicaciones",
  "órdenes",
  "reglas",
  "directrices",
  "instruções",
  "ordens",
  "regras",
  "diretrizes",
  "instructions",
  "consignes",
  "directives",
  "règles",
  "istruzioni",
  "indicazioni",
  "regole",
  "direttive",
  "anweisungen",
  "instruktionen",
  "befehle",
  "regeln",
  "vorgaben",
  "instructies",
  "aanwijzingen",
  "regels",
  "opdrachten",
  "instrukcje",
  "polecenia",
  "zasady",
  "wytyczne",
  "talimatları",
  "talimatlar",
  "komutları",
  "kuralları",
  "yönergeleri",
  "instruksi",
  "perintah",
  "aturan",
  "petunjuk",
  "arahan",
  "hướng dẫn",
  "chỉ thị",
  "lệnh",
  "instruktioner",
  "instruktionerna",
  "instruksjoner",
  "instruksjonene",
  "regler",
  "instrucțiunile",
  "instrucțiuni",
  "regulile",
  "instrukce",
  "pokyny",
  "inštrukcie",
  "ohjeet",
  "ohjeita",
  "utasításokat",
  "utasítások",
];

/** Negated imperatives of telling: "don't tell", "don't mention", "don't inform". */
export const DONT_TELL = [
  "no le digas",
  "no le diga",
  "no digas",
  "no menciones",
  "no mencione",
  "no informes",
  "no avises",
  "no le cuentes",
  "não diga",
  "não conte",
  "não mencione",
  "não informe",
  "não avise",
  "ne dis rien",
  "ne dites rien",
  "ne mentionne pas",
  "ne mentionnez pas",
  "ne préviens pas",
  "ne prévenez pas",
  "non dire",
  "non dirlo",
  "non menzionare",
  "non informare",
  "non avvisare",
  "vertel",
  "zeg",
  "nie mów",
  "nie informuj",
  "nie wspominaj",
  "jangan beritahu",
  "jangan memberitahu",
  "jangan bilang",
  "đừng nói",
  "không nói",
  "berätta inte",
  "fortæl ikke",
  "ikke fortell",
  "nu spune",
  "neříkej",
  "älä kerro",
  "ne mondd el",
];

/** Without telling: "sin avisar", "sans prévenir", "senza dire". */
export const WITHOUT_TELLING = [
  "sin avisar",
  "sin decir",
  "sin decirle",
  "sin decírselo",
  "sin informar",
  "sin notificar",
  "sem avisar",
  "sem dizer",
  "sem informar",
  "sem notificar",
  "sans prévenir",
  "sans le dire",
  "sans informer",
  "sans avertir",
  "senza avvisare",
  "senza dire",
  "senza dirlo",
  "senza informare",
  "bez informowania",
  "bez powiadamiania",
  "tanpa memberitahu",
  "tanpa memberi tahu",
  "utan att berätta",
  "uden at fortælle",
];

/** The user, as the one not to be told. */
export const USER_NOUNS = [
  "usuario",
  "usuaria",
  "utilisateur",
  "utilisatrice",
  "utente",
  "gebruiker",
  "użytkownikowi",
  "użytkownika",
  "kullanıcıya",
  "pengguna",
  "người dùng",
  "användaren",
  "brugeren",
  "brukeren",
  "utilizatorului",
  "uživateli",
  "käyttäjälle",
  "felhasználónak",
];

/** German puts the user between the verb and "nichts": `sag dem Benutzer nichts`. */
export const DE_TELL = ["sag", "sage", "erzähl", "erzähle", "verrat", "verrate", "sagen sie"];
export const DE_USER = ["benutzer", "nutzer", "anwender", "benutzerin", "nutzerin"];

/**
 * Scripts without a–z words: each entry is [first words, gap, middle words, gap, last words] —
 * the three groups in that order, each gap at most that many characters of one sentence.
 */
export type ScriptPhrase = [string[], number, string[], number, string[]];

export const SCRIPT_IGNORE: ScriptPhrase[] = [
  // zh (simplified, traditional): 忽略之前的所有指令
  [
    [
      "忽略",
      "无视",
      "無視",
      "忽视",
      "忽視",
      "不要理会",
      "不要理會",
      "忘记",
      "忘記",
      "忘掉",
      "抛开",
      "拋開",
    ],
    10,
    [
      "之前",
      "以前",
      "先前",
      "此前",
      "上面",
      "上述",
      "前面",
      "原来",
      "原來",
      "原先",
      "所有",
      "全部",
    ],
    10,
    ["指令", "指示", "说明", "說明", "规则", "規則", "提示", "要求", "命令"],
  ],
  // ja: 以前の指示をすべて無視して
  [
    ["以前", "前", "上記", "これまで", "先ほど", "今まで", "すべて", "全て"],
    12,
    ["指示", "命令", "指令", "ルール", "プロンプト", "説明", "設定"],
    12,
    ["無視", "忘れ"],
  ],
  // ko: 이전의 모든 지시를 무시하세요
  [
    ["이전", "앞의", "위의", "앞서", "지금까지", "기존", "모든"],
    14,
    ["지시", "명령", "지침", "규칙", "프롬프트", "안내"],
    10,
    ["무시", "잊어", "잊으"],
  ],
  // ru, uk: игнорируй все предыдущие инструкции
  [
    [
      "игнорируй",
      "проигнорируй",
      "игнорировать",
      "забудь",
      "забудьте",
      "не обращай внимания на",
      "не обращайте внимания на",
      "ігноруй",
      "проігноруй",
      "забудь про",
    ],
    24,
    ["предыдущие", "прежние", "предшествующие", "вышеуказанные", "все", "попередні", "усі", "всі"],
    24,
    ["инструкции", "указания", "команды", "правила", "распоряжения", "інструкції", "вказівки"],
  ],
  // ar: تجاهل التعليمات السابقة
  [
    ["تجاهل", "تجاهلي", "تجاهلوا", "انس", "انسى", "لا تتبع"],
    30,
    ["التعليمات", "الأوامر", "التوجيهات", "القواعد"],
    20,
    ["السابقة", "الماضية", "أعلاه", "القديمة"],
  ],
  // hi: पिछले सभी निर्देशों को अनदेखा करें
  [
    ["पिछले", "पिछली", "पूर्व", "ऊपर", "सभी"],
    20,
    ["निर्देश", "निर्देशों", "आदेश", "आदेशों", "नियम", "नियमों"],
    20,
    ["अनदेखा", "नजरअंदाज", "नज़रअंदाज़", "भूल"],
  ],
];

export const SCRIPT_DONT_TELL: ScriptPhrase[] = [
  // zh: 不要告诉用户
  [
    ["不要", "别", "別", "勿", "请勿", "請勿", "不得", "切勿"],
    6,
    ["告诉", "告訴", "通知", "提及", "透露", "提醒"],
    6,
    ["用户", "用戶", "使用者"],
  ],
  // ja: ユーザーには伝えないで
  [["ユーザー", "利用者", "使用者"], 6, ["言わ", "伝え", "知らせ", "教え", "報告し"], 4, [
    "ないで",
    "ず",
    "ぬ",
  ]],
  // ko: 사용자에게 말하지 마세요
  [["사용자", "유저"], 8, ["말하지", "알리지", "알려주지", "보고하지"], 4, ["마", "말고", "않"]],
  // ru, uk: не говори пользователю
  [
    ["не говори", "не сообщай", "не рассказывай", "не упоминай", "не кажи", "не повідомляй"],
    16,
    ["пользовател", "користувач"],
    4,
    ["ю", "ям", "еві", "у", "ам"],
  ],
];
