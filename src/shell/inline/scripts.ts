/**
 * perl (`-e`/`-E`, with `-n`/`-p`/`-i` on its operands), ruby (`-e`) and php (`-r`) inline code
 * → effects, without a grammar: a scanner. First the literal forms guard resolves are read off
 * the text — `system('…')`, backticks, `qx{…}`, `%x(…)`, `open(F, '>', '…')`, `unlink`,
 * `File.write`, `FileUtils.rm_rf`, `file_put_contents`, `%ENV`, `Net::HTTP.get(URI('…'))` … —
 * and taken out; then, with string literals blanked, any remaining word that can have an effect
 * (`system`, `eval`, `open`, `require`, a variable function …) is `inline.unresolved`. The scan
 * errs towards asking: a dangerous word inside a regex or a comment asks too. Pure.
 */
import type { Acc } from "./code.ts";
import type { RWord } from "../words.ts";

export type ScriptLanguage = "perl" | "ruby" | "php";

/** A literal string without interpolation: '…' or "…" with no `$`, `@`, `#{`, `\`. */
const S = String.raw`(?:'([^'\\]*)'|"([^"\\$@#{}]*)")`;
const lit = (m: RegExpExecArray, at: number): string | null => m[at] ?? m[at + 1] ?? null;

interface Resolver {
  re: RegExp;
  apply(m: RegExpExecArray, acc: Acc): void;
}

/** A path: a literal, or the home directory spelled the language's way. */
function pathRe(home: string): string {
  return String.raw`(?:${S}|(${home}))`;
}
function pathOf(m: RegExpExecArray, at: number, acc: Acc): string | null {
  if (m[at + 2] !== undefined) return acc.home;
  return lit(m, at);
}

const PERL_HOME = String.raw`\$ENV\{\s*['"]?HOME['"]?\s*\}`;
const RUBY_HOME = String.raw`Dir\.home|ENV\[\s*['"]HOME['"]\s*\]`;
const PHP_HOME = String.raw`getenv\(\s*['"]HOME['"]\s*\)|\$_SERVER\[\s*['"]HOME['"]\s*\]`;

function perlResolvers(): Resolver[] {
  const P = pathRe(PERL_HOME);
  return [
    {
      re: new RegExp(String.raw`\b(?:system|exec)\s*\(?\s*${S}\s*\)?`, "g"),
      apply: (m, a) => a.shell(lit(m, 1), "system"),
    },
    { re: /`([^`$@\\]*)`/g, apply: (m, a) => a.shell(m[1], "backticks") },
    {
      re: /\bqx\s*(?:\{([^}$@\\]*)\}|\(([^)$@\\]*)\)|\/([^/$@\\]*)\/|!([^!$@\\]*)!)/g,
      apply: (m, a) => a.shell(m[1] ?? m[2] ?? m[3] ?? m[4], "qx"),
    },
    {
      re: new RegExp(String.raw`\b(unlink|rmdir)\s*\(?\s*${P}\s*\)?`, "g"),
      apply: (m, a) => a.del(pathOf(m, 2, a)),
    },
    {
      re: new RegExp(String.raw`\b(remove_tree|rmtree)\s*\(?\s*${P}\s*\)?`, "g"),
      apply: (m, a) => a.del(pathOf(m, 2, a), true),
    },
    {
      re: new RegExp(String.raw`\b(make_path|mkpath|mkdir)\s*\(?\s*${P}`, "g"),
      apply: (m, a) => a.write(pathOf(m, 2, a)),
    },
    {
      re: new RegExp(String.raw`\brename\s*\(?\s*${P}\s*,\s*${P}\s*\)?`, "g"),
      apply: (m, a) => a.move(pathOf(m, 1, a), pathOf(m, 4, a)),
    },
    {
      // open(my $f, '>', 'path') / open(F, '<', 'path')
      re: new RegExp(
        String.raw`\bopen\s*\(?\s*(?:my\s+)?\$?\w+\s*,\s*['"](\+?<|\+?>>?)['"]\s*,\s*${P}\s*\)?`,
        "g",
      ),
      apply: (m, a) => {
        const p = pathOf(m, 2, a);
        if (m[1].includes(">") || m[1].includes("+")) a.write(p);
        if (m[1].includes("<")) a.read(p);
      },
    },
    {
      // open(F, ">path") / open(F, "path")
      re:
        /\bopen\s*\(?\s*(?:my\s+)?\$?\w+\s*,\s*(?:'\s*(>>?|\+?<|)\s*([^'|\\]+?)\s*'|"\s*(>>?|\+?<|)\s*([^"|\\$@]+?)\s*")\s*\)?/g,
      apply: (m, a) => {
        const mode = m[1] ?? m[3] ?? "";
        const p = m[2] ?? m[4];
        if (mode.includes(">")) a.write(p);
        else a.read(p);
      },
    },
    {
      re: /(?:keys|values|each|print|say|join|map|grep)?\s*%ENV\b(?!\s*\{)/g,
      apply: (_m, a) => a.envDump("%ENV"),
    },
    {
      re: new RegExp(String.raw`\b(?:get|head|getprint)\s*\(\s*${S}\s*\)`, "g"),
      apply: (m, a) => a.net(lit(m, 1)),
    },
    {
      re: new RegExp(String.raw`\b(?:getstore|mirror)\s*\(\s*${S}\s*,\s*${P}\s*\)`, "g"),
      apply: (m, a) => {
        a.net(lit(m, 1));
        a.write(pathOf(m, 3, a));
      },
    },
    { re: new RegExp(String.raw`\$ENV\{\s*['"]?\w+['"]?\s*\}`, "g"), apply: () => {} },
    {
      re:
        /\buse\s+(strict|warnings|utf8|feature|v?5[\d.]*|List::Util|Scalar::Util|POSIX|Data::Dumper|JSON::PP|Time::HiRes|Getopt::Long|File::Basename|File::Spec|Cwd|constant|File::Path|LWP::Simple|open|integer|bigint|Encode|MIME::Base64|Digest::MD5|Digest::SHA|Time::Local|Text::Wrap)\b[^;]*;?/g,
      apply: () => {},
    },
  ];
}
const PERL_DANGER =
  /\b(system|exec|qx|readpipe|open|sysopen|unlink|rename|rmdir|mkdir|chmod|chown|utime|truncate|link|symlink|kill|fork|syscall|eval|do|require|use|no|socket|connect|bind|opendir|glob|remove_tree|rmtree|make_path|mkpath|copy|move|getstore|mirror|get|dbmopen|dump|ENV|STDOUT|select|can|CORE|__PACKAGE__|local|sub)\b|`|%ENV|&\s*[{$]|\*\s*\{|->\s*[\w$(]|@ARGV\s*=|(?:push|unshift|splice)\s*\(?\s*@ARGV|<\s*\*|<\s*\$\w+\s*>|\bs\s*\{[^}]*\}\s*\{[^}]*\}[a-z]*e|\bs\s*([^\w\s{])(?:(?!\2).)*\2(?:(?!\2).)*\2[a-z]*e[a-z]*/;

function rubyResolvers(): Resolver[] {
  const P = pathRe(RUBY_HOME);
  const ARGS = String.raw`(${S}(?:\s*,\s*${S})*)`;
  return [
    {
      re: new RegExp(String.raw`\b(system|exec|spawn)\s*\(?\s*${ARGS}\s*\)?`, "g"),
      apply: (m, a) => {
        const words = [...m[2].matchAll(new RegExp(S, "g"))].map((x) => x[1] ?? x[2]);
        if (words.length === 1) a.shell(words[0], m[1]);
        else a.argv(words, m[1]);
      },
    },
    { re: /`([^`#\\]*)`/g, apply: (m, a) => a.shell(m[1], "backticks") },
    {
      re: /%x(?:\{([^}#\\]*)\}|\(([^)#\\]*)\)|\[([^\]#\\]*)\])/g,
      apply: (m, a) => a.shell(m[1] ?? m[2] ?? m[3], "%x"),
    },
    {
      re: new RegExp(String.raw`\b(?:File|IO)\.(write|binwrite)\s*\(?\s*${P}`, "g"),
      apply: (m, a) => a.write(pathOf(m, 2, a)),
    },
    {
      re: new RegExp(
        String
          .raw`\b(?:File|IO)\.(read|readlines|foreach|binread|exist\?|file\?|directory\?|size)\s*\(?\s*${P}`,
        "g",
      ),
      apply: (
        m,
        a,
      ) => (m[1].endsWith("?") || m[1] === "size" ? undefined : a.read(pathOf(m, 2, a))),
    },
    {
      re: new RegExp(String.raw`\bFile\.(delete|unlink)\s*\(?\s*${P}`, "g"),
      apply: (m, a) => a.del(pathOf(m, 2, a)),
    },
    {
      re: new RegExp(String.raw`\bFile\.open\s*\(?\s*${P}\s*(?:,\s*['"]([rwa]\+?b?)['"])?`, "g"),
      apply: (m, a) => {
        const p = pathOf(m, 1, a);
        if (m[4] && /[wa+]/.test(m[4])) a.write(p);
        else a.read(p);
      },
    },
    {
      re: new RegExp(String.raw`\bFile\.rename\s*\(?\s*${P}\s*,\s*${P}`, "g"),
      apply: (m, a) => a.move(pathOf(m, 1, a), pathOf(m, 4, a)),
    },
    {
      re: new RegExp(
        String
          .raw`\bFileUtils\.(rm_rf|rm_r|remove_dir|remove_entry|rmtree|remove_entry_secure|rm|rm_f|remove|rmdir)\s*\(?\s*${P}`,
        "g",
      ),
      apply: (m, a) => a.del(pathOf(m, 2, a), /r(_|tree|m_r|emove_(dir|entry))/.test(m[1])),
    },
    {
      re: new RegExp(String.raw`\bFileUtils\.(mkdir_p|mkdir|touch|makedirs)\s*\(?\s*${P}`, "g"),
      apply: (m, a) => a.write(pathOf(m, 2, a)),
    },
    {
      re: new RegExp(String.raw`\bFileUtils\.(cp|cp_r|copy|mv|move)\s*\(?\s*${P}\s*,\s*${P}`, "g"),
      apply: (m, a) =>
        m[1].startsWith("m")
          ? a.move(pathOf(m, 2, a), pathOf(m, 5, a))
          : a.copy(pathOf(m, 2, a), pathOf(m, 5, a), m[1] === "cp_r"),
    },
    {
      re: new RegExp(String.raw`\bDir(?:\.glob\s*\(?|\[)\s*${S}\s*[\])]?`, "g"),
      apply: (m, a) => a.list(lit(m, 1)?.replace(/\/[^/]*[*?[{].*$/, "") || ".", true),
    },
    {
      re: new RegExp(
        String
          .raw`\b(?:Net::HTTP\.(?:get|get_response|get_print)\s*\(?\s*URI(?:\.parse)?\s*\(?|URI\.open\s*\(?|URI(?:\.parse)?\s*\(|Net::HTTP\.(?:start|new)\s*\(?)\s*${S}\s*\)*(?:\.read)?`,
        "g",
      ),
      apply: (m, a) => a.net(lit(m, 1)),
    },
    {
      re: /\bENV\s*(?:\[\s*['"]\w+['"]\s*\]|\.fetch\s*\(\s*['"]\w+['"]\s*(?:,[^)]*)?\))/g,
      apply: () => {},
    },
    { re: /\bENV\b(?!\s*\[)/g, apply: (_m, a) => a.envDump("ENV") },
    {
      re:
        /\brequire\s*\(?\s*['"](json|set|date|time|digest|base64|securerandom|pp|open-uri|net\/http|fileutils|uri|english|benchmark|bigdecimal|shellwords|stringio|erb|optparse|ostruct)['"]\s*\)?/g,
      apply: () => {},
    },
  ];
}
const RUBY_DANGER =
  /\b(system|exec|spawn|popen|Open3|Kernel|File|FileUtils|Dir|Pathname|IO|ENV|Net|URI|open|Socket|TCPSocket|UDPSocket|eval|instance_eval|class_eval|module_eval|send|__send__|public_send|method|const_get|require|require_relative|load|fork|trap|syscall|ObjectSpace|binding|define_method|instance_variable_get|exit!|at_exit|Process|Signal|PTY|Tempfile|YAML|Marshal|ARGF|reopen|instance_exec|class_exec|alias_method|Module|Class|Object|BasicObject|Fiddle|DL|Ractor|Thread)\b|`|%x|\$[<>]|\$stdout\s*=|\$std(?:out|err)\.reopen/;

function phpResolvers(): Resolver[] {
  const P = pathRe(PHP_HOME);
  return [
    {
      re: new RegExp(
        String.raw`\b(system|exec|shell_exec|passthru|popen|proc_open)\s*\(\s*${S}`,
        "gi",
      ),
      apply: (m, a) => a.shell(lit(m, 2), m[1]),
    },
    { re: /`([^`$\\]*)`/gi, apply: (m, a) => a.shell(m[1], "backticks") },
    {
      re: new RegExp(String.raw`\b(unlink|rmdir)\s*\(\s*${P}`, "gi"),
      apply: (m, a) => a.del(pathOf(m, 2, a)),
    },
    {
      re: new RegExp(String.raw`\b(file_put_contents|mkdir|chmod|touch|chown)\s*\(\s*${P}`, "gi"),
      apply: (m, a) => a.write(pathOf(m, 2, a)),
    },
    {
      re: new RegExp(
        String.raw`\b(file_get_contents|file|readfile|fopen)\s*\(\s*${P}(?:\s*,\s*${S})?`,
        "gi",
      ),
      apply: (m, a) => {
        const p = pathOf(m, 2, a);
        if (p !== null && /^[a-z][a-z0-9+.-]*:\/\//i.test(p)) return void a.net(p);
        const mode = lit(m, 5);
        if (
          m[1] === "fopen" &&
          (mode === null ? m[5] !== undefined || m[6] !== undefined : /[waxc+]/.test(mode))
        ) a.write(p);
        else a.read(p);
      },
    },
    {
      re: new RegExp(String.raw`\b(rename|copy)\s*\(\s*${P}\s*,\s*${P}`, "gi"),
      apply: (m, a) =>
        m[1] === "rename"
          ? a.move(pathOf(m, 2, a), pathOf(m, 5, a))
          : a.copy(pathOf(m, 2, a), pathOf(m, 5, a)),
    },
    {
      re: new RegExp(String.raw`\b(scandir|glob|opendir)\s*\(\s*${S}`, "gi"),
      apply: (m, a) => a.list(lit(m, 2)?.replace(/\/[^/]*[*?[{].*$/, "") || "."),
    },
    {
      re: new RegExp(String.raw`\b(curl_init|fsockopen|stream_socket_client)\s*\(\s*${S}`, "gi"),
      apply: (m, a) => a.net(lit(m, 2)),
    },
    { re: /\bgetenv\s*\(\s*\)/gi, apply: (_m, a) => a.envDump("getenv()") },
    { re: /\bgetenv\s*\(\s*['"]\w+['"]\s*\)/gi, apply: () => {} },
    { re: /\$_(ENV|SERVER)\s*\[\s*['"]\w+['"]\s*\]/gi, apply: () => {} },
    { re: /\$_(ENV|SERVER)\b/gi, apply: (m, a) => a.envDump(`$_${m[1]}`) },
  ];
}
const PHP_DANGER =
  /\b(system|exec|shell_exec|passthru|popen|proc_open|pcntl_exec|pcntl_fork|unlink|rmdir|file_put_contents|file_get_contents|fopen|rename|copy|mkdir|chmod|chown|touch|symlink|link|getenv|putenv|curl_\w+|fsockopen|stream_socket_client|socket_\w+|eval|assert|create_function|include|include_once|require|require_once|preg_replace|preg_replace_callback|call_user_func|call_user_func_array|dl|mail|readfile|file|scandir|glob|opendir|ini_set|array_map|array_walk|usort|uasort|array_filter|ob_start|register_shutdown_function|extract|parse_str|fwrite|fputs|tempnam|move_uploaded_file|posix_\w+|new|ReflectionFunction|invoke|escapeshellcmd|exit|die|header|setcookie|session_\w+|highlight_file|show_source|php_uname|phpinfo|get_defined_vars|compact|unserialize|var_export|GLOBALS|apache_\w+|getallheaders)\b|`|\$\w+\s*\(|\$\$|\$_(ENV|SERVER|GET|POST|REQUEST|COOKIE|FILES)|\$GLOBALS|::|\)\s*\(/i;

/** Blanks the text inside string literals (the scan looks at code, not at data). */
function blankStrings(s: string): string {
  return s.replace(
    /'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g,
    (m) => m[0] + " ".repeat(m.length - 2) + m[0],
  );
}

export function analyseScript(
  lang: ScriptLanguage,
  code: string,
  acc: Acc,
  rest: RWord[],
  perl?: { loop: boolean; inplace: boolean },
): void {
  const resolvers = lang === "perl"
    ? perlResolvers()
    : lang === "ruby"
    ? rubyResolvers()
    : phpResolvers();
  let text = code;
  for (const r of resolvers) {
    text = text.replace(r.re, (...groups) => {
      const m = groups.slice(0, -2) as unknown as RegExpExecArray;
      r.apply(m, acc);
      return " ".repeat(groups[0].length);
    });
  }
  const skeleton = blankStrings(text);
  const danger = lang === "perl" ? PERL_DANGER : lang === "ruby" ? RUBY_DANGER : PHP_DANGER;
  const hit = danger.exec(skeleton);
  if (hit) acc.unresolved(`uses ${hit[0].trim().slice(0, 30)}, which guard cannot follow here`);
  // perl -n/-p read the operand files (or stdin); -i writes them back in place.
  if (lang === "perl" && perl && (perl.loop || perl.inplace)) {
    for (const w of rest) {
      for (const v of w.values) {
        const p = w.dynamic ? null : v;
        acc.effects.push({ k: "read", path: acc.ref(p, w.display, w.glob), recursive: false });
        if (perl.inplace) acc.effects.push({ k: "write", path: acc.ref(p, w.display, w.glob) });
      }
    }
  } else if (lang === "perl" && rest.length && /<>|<<>>|<ARGV>|\bARGV\b/.test(code)) {
    for (const w of rest) {
      acc.effects.push({
        k: "read",
        path: acc.ref(w.dynamic ? null : w.value, w.display),
        recursive: false,
      });
    }
  }
}
