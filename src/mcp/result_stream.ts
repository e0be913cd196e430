/**
 * A large server message scanned as it arrives, in bounded memory. The bytes
 * are lexed incrementally (a validating JSON lexer that never builds the
 * object); every string a `tools/call` result shows the model — the places
 * `result_filter.ts` reads: `content[].text`, resource text, resource-link
 * name/title/description, every string of `structuredContent` — is decoded in
 * pieces and scanned in overlapping windows: injection over the slots joined
 * as one text (as `filterResult` joins them), secrets per slot. A phrase or a
 * secret split across network chunks or windows is still found (the overlap is
 * at least the longest run a detector decodes). The raw bytes are kept as they
 * came (once), so a clean result is forwarded byte-exact, a masked one is
 * rebuilt slot by slot, and a withheld one never leaves: the verdict exists
 * before the first byte goes out. Pure (the caller supplies the clock).
 *
 * Whether the message is a response to a pending call is known only at its end
 * (servers often put `id` last), so every large message is scanned; a block's
 * `type` may also follow its text, so block strings are scanned as candidates
 * and kept or discarded by type at the end.
 *
 * A `resources/read` answer has another shape: `result.contents[]`, each entry's
 * `text`, and its `blob` when its `mimeType` is textual or absent, base64- and
 * UTF-8-decoded as it arrives (channels.ts reads the same places); a
 * `prompts/get` answer a third: its `description` and every message's content
 * blocks (text, resource-link prose, an embedded resource read as above). Each
 * reading is its own joined text (`StreamVerdict.contents`, `.prompt`), so
 * whichever request the message answers is judged on exactly its own strings.
 * Where a streamed reading could differ from the whole one (a blob that turns
 * out not to be base64 of UTF-8, a `mimeType` after its blob that is not
 * textual, duplicate keys, both `text` and a blob in one entry, a block's type
 * after its text, strings in another order than channels.ts joins them, a tool
 * result nested in a prompt) it says so (`whole`), and the caller judges the
 * kept bytes whole instead.
 */
import {
  type InjectionHit,
  type InjectionResult,
  ScanDeadline,
  summarise,
} from "../detect/injection.ts";
import { scanInjection } from "../detect/injection.ts";
import { effectiveRules, findSecrets, mergeHits, type SecretHit } from "../detect/secrets.ts";
import { DEFAULT_DETECTORS, type DetectorSettings } from "../detect/settings.ts";
import { INJECTION_RULES } from "../detect/injection.ts";
import { SHOWN_FIELDS, STRUCTURED_DEPTH } from "./result_filter.ts";
import { bytesToBase64, textualMime } from "./channels.ts";

/** Window and overlap of a scan, in UTF-16 units (the overlap ≥ the longest base64 run rescanned). */
export const SCAN_WINDOW = 1 << 20;
export const SCAN_OVERLAP = 64 * 1024;

export interface StreamScanOptions {
  settings?: DetectorSettings;
  /** Beyond this many bytes the message is not kept (the result is withheld as too large). */
  maxBytes: number;
  /** Throws (the detectors' deadline errors) once `now()` passes `deadline(bytesSoFar)`. */
  deadline?: (bytes: number) => number;
  now?: () => number;
  window?: number;
  overlap?: number;
}

type Role =
  | "top"
  | "result"
  | "content"
  | "block"
  | "resource"
  | "structured"
  | "contents"
  | "entry"
  | "pmessages"
  | "pmessage"
  | "pcontent"
  | "pblock"
  | "presource"
  | "other";

/** One joined text scanned for an injection: a tool result's strings, or a resource's. */
interface Shape {
  joined: Windows;
  hits: InjectionHit[];
  /** Its injection hits so far already cross the threshold. */
  flagged: boolean;
  any: boolean;
  /** Why this reading must be judged whole instead (see ContentsVerdict.whole), or null. */
  whole: string | null;
}

/** An entry of a resources/read answer's `contents`. */
interface Entry {
  /** The reading it belongs to (a resources/read answer's, or a prompt's embedded resource). */
  shape: Shape;
  /** Its `mimeType` so far: none yet, a textual one, or anything else (its blob is not text). */
  mime: "unseen" | "textual" | "other";
  /** Keys seen of those that decide what is scanned (a duplicate: judged whole). */
  keys: Set<string>;
  /** Strings of it being scanned (text, blob). */
  scanned: number;
  blobSeen: boolean;
}

/** A content block of a prompt's message (channels.ts blockSlots). */
interface PromptBlock {
  type: string | null;
  keys: Set<string>;
  /** The index in SHOWN_FIELDS of the last string scanned (they must come in that order). */
  last: number;
}

interface Block {
  type: string | null;
  /** Its strings not yet in the joined text (type unknown or not showing them yet, resource links). */
  held: Slot[];
}

interface Slot {
  /** Raw byte span of the string token, quotes included. */
  start: number;
  end: number;
  block: Block | null;
  /** A field of SHOWN_FIELDS (`text`, `name`, …, `resource.text`), or `structured`. */
  key: string;
  /** The joined text it belongs to. */
  shape: Shape;
  /** A resource blob: base64 of UTF-8 text, decoded for the scan and re-encoded when masked. */
  blob: boolean;
  /** A blob that did not decode (it is not scanned; the message is judged whole). */
  dead: boolean;
  /** Its text while held back from the joined injection text (see Block.held). */
  text: string[] | null;
  secrets: SecretHit[];
}

interface Frame {
  kind: "obj" | "arr";
  role: Role;
  /** The key whose value comes next (objects), after the colon. */
  key: string | null;
  /** obj: expecting a key / a colon / a value / a comma; arr: a value / a comma. */
  expect: "key" | "colon" | "value" | "comma" | "first";
  block: Block | null;
  entry: Entry | null;
  pblock: PromptBlock | null;
  /** The result object's keys that decide a reading (a duplicate: judged whole). */
  seen?: Set<string>;
  depth: number;
}

/** What a string token being read is for. */
type StringUse =
  | { kind: "skip" }
  | {
    kind: "capture";
    into: "key" | "type" | "resultType" | "method" | "id" | "mime" | "ptype";
    bytes: number[];
  }
  | { kind: "slot"; slot: Slot };

const Q = 0x22;
const BS = 0x5c;

export class MalformedJson extends Error {}

/**
 * Sliding windows over a growing text: `scan(window, base)` sees every part at least once whole.
 * Pieces are joined into each window at once, so the detectors read one flat string (a string
 * grown by `+=` is a rope, measurably slower to scan).
 */
class Windows {
  private pieces: string[] = [];
  private held = 0;
  private base = 0;
  constructor(
    private readonly size: number,
    private readonly overlap: number,
    private readonly scan: (text: string, base: number) => void,
  ) {}
  push(text: string) {
    this.pieces.push(text);
    this.held += text.length;
    while (this.held >= this.size + this.overlap) {
      // The window is everything held (≥ size + overlap, up to a piece more): scanned as joined,
      // not as a slice of it — unless one piece was very long.
      const all = this.pieces.join("");
      const slack = all.length - this.size - this.overlap;
      this.scan(slack <= this.overlap ? all : all.slice(0, this.size + this.overlap), this.base);
      const rest = all.slice(this.size);
      this.pieces = [rest];
      this.held = rest.length;
      this.base += this.size;
    }
  }
  /** Scans what is left (with the overlap already seen once: harmless, hits are merged). */
  end() {
    if (this.held || this.base === 0) this.scan(this.pieces.join(""), this.base);
    this.pieces = [];
    this.held = 0;
  }
}

/** Decodes a JSON string's content given in arbitrary byte pieces. */
class StringDecoder {
  private dec = new TextDecoder(); // as JSON.parse of the decoded line would see it
  private held = "";
  /** The unescaped text of `bytes` (plus what was held back), holding back an unfinished escape. */
  push(bytes: Uint8Array, last: boolean): string {
    let s = this.held + this.dec.decode(bytes, { stream: !last });
    if (last && s.length === 0) return s;
    this.held = "";
    if (s.indexOf("\\") < 0) return s;
    // Hold back an escape cut by the piece's end.
    let i = s.indexOf("\\");
    while (i >= 0) {
      const len = s.charCodeAt(i + 1) === 0x75 ? 6 : 2; // \uXXXX or \x
      if (i + len > s.length) {
        if (last) throw new MalformedJson("unfinished escape in a string");
        this.held = s.slice(i);
        s = s.slice(0, i);
        break;
      }
      i = s.indexOf("\\", i + len);
    }
    try {
      return JSON.parse(`"${s}"`);
    } catch {
      throw new MalformedJson("invalid string");
    }
  }
}

/**
 * A blob's text given in pieces of its (JSON-decoded) base64: as `atob` after removing every
 * whitespace character, then strict UTF-8 (what channels.ts's `blobText` accepts, piece by piece).
 * `push` returns null once the blob is not base64 of UTF-8.
 */
export class Base64Text {
  private rest = "";
  private pad = 0;
  private n = 0;
  private bad = false;
  private utf8 = new TextDecoder("utf-8", { fatal: true });
  push(piece: string, last: boolean): string | null {
    if (this.bad) return null;
    try {
      return this.decode(piece, last);
    } catch {
      this.bad = true;
      return null;
    }
  }
  private decode(piece: string, last: boolean): string {
    let s = piece.replace(/\s+/g, "");
    if (s.length) {
      const eq = s.indexOf("=");
      if (this.pad && eq !== 0) throw new Error("data after padding");
      if (eq >= 0) {
        if (!/^=+$/.test(s.slice(eq))) throw new Error("data after padding");
        this.pad += s.length - eq;
        s = s.slice(0, eq);
      }
      if (!/^[A-Za-z0-9+/]*$/.test(s)) throw new Error("not base64");
      this.n += s.length;
    }
    let all = this.rest + s;
    let out = "";
    const whole = all.length - (all.length % 4);
    if (whole) {
      out = this.text(all.slice(0, whole), false);
      all = all.slice(whole);
    }
    this.rest = all;
    if (!last) return out;
    // atob: a length that is a multiple of 4 may end in one or two "="; a remainder of 1 fails.
    if (this.pad && ((this.n + this.pad) % 4 !== 0 || this.pad > 2)) throw new Error("padding");
    if (this.n % 4 === 1) throw new Error("length");
    return out + this.text(this.rest, true);
  }
  private text(b64: string, last: boolean): string {
    const bin = b64 ? atob(b64) : "";
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return this.utf8.decode(bytes, { stream: !last });
  }
}

/** Text encoded as UTF-8 then base64, in pieces (three bytes at a time; padded at the end). */
class Base64Writer {
  private enc = new TextEncoder();
  private carry = new Uint8Array(0);
  private high: string | null = null;
  push(text: string, last: boolean): string {
    // A surrogate pair cut between pieces is encoded whole.
    if (this.high !== null) {
      text = this.high + text;
      this.high = null;
    }
    const c = text.length ? text.charCodeAt(text.length - 1) : 0;
    if (!last && c >= 0xd800 && c <= 0xdbff) {
      this.high = text.slice(-1);
      text = text.slice(0, -1);
    }
    const fresh = this.enc.encode(text);
    const bytes = new Uint8Array(this.carry.length + fresh.length);
    bytes.set(this.carry);
    bytes.set(fresh, this.carry.length);
    const cut = last ? bytes.length : bytes.length - (bytes.length % 3);
    this.carry = bytes.slice(cut);
    return bytesToBase64(bytes.subarray(0, cut));
  }
}

export interface StreamVerdict {
  size: number;
  /** The message's kept bytes are gone: it was larger than `maxBytes`. */
  tooLarge: boolean;
  /** The top level is an array (a batch): the caller handles it whole. */
  batch: boolean;
  id: unknown;
  hasId: boolean;
  method: string | null;
  hasResult: boolean;
  resultType: string | null;
  /** The scan passed its deadline (its findings are incomplete). */
  deadlinePassed: boolean;
  injection: InjectionResult;
  /** Visible slots with secrets, and the rule ids found. */
  secrets: string[];
  /** The message as received (empty when too large). */
  bytes(): Uint8Array[];
  /** The message with every secret of a visible slot masked as `[REDACTED:<rule>]` (built once). */
  redacted(): Uint8Array[];
  /** The same verdict for the message read as a `resources/read` answer (`result.contents[]`). */
  contents: ContentsVerdict;
  /** And read as a `prompts/get` answer (`description`, every message's content blocks). */
  prompt: ContentsVerdict;
}

export interface ContentsVerdict {
  /** Why the streamed verdict may differ from the whole one (judge the bytes whole), or null. */
  whole: string | null;
  injection: InjectionResult;
  secrets: string[];
  /** The message with every secret of an entry's text or textual blob masked (built once). */
  redacted(): Uint8Array[];
}

export class ResultStream {
  private chunks: Uint8Array[] = [];
  private size = 0;
  private tooLarge = false;
  private stack: Frame[] = [];
  private topSeen = false;
  private done = false;
  private batch = false;
  /** Inside a string token: its use, and whether the previous byte was a backslash. */
  private str: { use: StringUse; escaped: boolean } | null = null;
  private lit: { text: string; key: string | null; role: Role } | null = null;
  private decoder: StringDecoder | null = null;
  private slotText: Windows | null = null;
  private slots: Slot[] = [];
  /** A tool result's strings, a resources/read answer's, a prompts/get answer's. */
  private tool: Shape;
  private res: Shape;
  private prm: Shape;
  private blob: Base64Text | null = null;
  /** The scan ran out of time: the verdict says so (the caller withholds); lexing goes on. */
  private deadlinePassed = false;

  /** Whether scanning can stop: the deadline passed, or an injection already withholds it. */
  private late(shape: Shape): boolean {
    if (shape.flagged) return true;
    if (this.deadlinePassed) return true;
    if (this.o.deadline && this.o.now && this.o.now() > this.o.deadline(this.size)) {
      this.deadlinePassed = true;
    }
    return this.deadlinePassed;
  }
  private idText: string | null = null;
  private method: string | null = null;
  private resultType: string | null = null;
  private hasResult = false;
  private readonly settings: DetectorSettings;
  private readonly rules;
  private readonly injRules;
  private readonly win: number;
  private readonly ov: number;

  constructor(private readonly o: StreamScanOptions) {
    this.settings = o.settings ?? DEFAULT_DETECTORS;
    this.rules = effectiveRules(this.settings.secretRules, this.settings.secretDisable);
    const off = new Set(this.settings.injectionDisable);
    this.injRules = off.size ? INJECTION_RULES.filter((r) => !off.has(r.id)) : INJECTION_RULES;
    this.win = o.window ?? SCAN_WINDOW;
    this.ov = o.overlap ?? SCAN_OVERLAP;
    this.tool = this.shape();
    this.res = this.shape();
    this.prm = this.shape();
  }

  private shape(): Shape {
    const shape: Shape = { joined: null!, hits: [], flagged: false, any: false, whole: null };
    shape.joined = new Windows(this.win, this.ov, (text, base) => {
      if (!text || this.late(shape)) return;
      let r;
      try {
        r = scanInjection(text, {
          threshold: this.settings.injectionThreshold,
          rules: this.injRules,
          deadline: this.o.deadline?.(this.size),
          now: this.o.now,
          ...(this.settings.injectionDisable.includes("inj.model")
            ? { model: false as const }
            : {}),
        });
      } catch (e) {
        if (!(e instanceof ScanDeadline)) throw e;
        this.deadlinePassed = true;
        return;
      }
      for (const h of r.hits) shape.hits.push({ ...h, start: h.start + base, end: h.end + base });
      // The score only grows (noisy-OR of distinct rules): once over the threshold the result is
      // withheld whatever follows, so the rest is lexed for its id but no longer scanned.
      if (r.hits.length) {
        shape.flagged = summarise(shape.hits, this.settings.injectionThreshold).flagged;
      }
    });
    return shape;
  }

  /** Feeds the next bytes of the message (without its newline). */
  push(chunk: Uint8Array): void {
    const base = this.size;
    this.size += chunk.length;
    if (!this.tooLarge) {
      if (this.size > this.o.maxBytes) {
        this.tooLarge = true;
        this.chunks = [];
      } else this.chunks.push(chunk);
    }
    this.lex(chunk, base);
  }

  end(): StreamVerdict {
    if (this.str || this.stack.length || !this.topSeen) {
      if (this.lit && this.stack.length === 0) this.finishLiteral();
      if (this.str || this.stack.length || !this.topSeen) {
        throw new MalformedJson("the message ends inside a value");
      }
    }
    this.tool.joined.end();
    this.res.joined.end();
    this.prm.joined.end();
    const summary = (shape: Shape): InjectionResult =>
      shape.any
        ? summarise(shape.hits, this.settings.injectionThreshold)
        : { score: 0, flagged: false, threshold: this.settings.injectionThreshold, hits: [] };
    const shown = this.slots.filter((s) =>
      s.shape === this.tool && (s.block === null || shows(s.block.type, s.key))
    );
    const injection = summary(this.tool);
    const masked = shown.filter((s) => s.secrets.length);
    const secrets = masked.flatMap((s) => s.secrets.map((h) => h.rule));
    const reading = (shape: Shape): ContentsVerdict => {
      const masked = this.slots.filter((s) => s.shape === shape && !s.dead && s.secrets.length);
      let rebuilt: Uint8Array[] | null = null;
      return {
        whole: shape.whole,
        injection: summary(shape),
        secrets: masked.flatMap((s) => s.secrets.map((h) => h.rule)),
        redacted: () => (rebuilt ??= rebuild(chunks, masked)),
      };
    };
    let id: unknown = undefined;
    if (this.idText !== null) {
      try {
        id = JSON.parse(this.idText);
      } catch {
        throw new MalformedJson("invalid id");
      }
    }
    const chunks = this.chunks;
    let rebuilt: Uint8Array[] | null = null; // built once: flow tracking and the client both read it
    return {
      size: this.size,
      tooLarge: this.tooLarge,
      batch: this.batch,
      id,
      hasId: this.idText !== null,
      method: this.method,
      hasResult: this.hasResult,
      resultType: this.resultType,
      deadlinePassed: this.deadlinePassed,
      injection,
      secrets,
      bytes: () => chunks,
      redacted: () => (rebuilt ??= rebuild(chunks, masked)),
      contents: reading(this.res),
      prompt: reading(this.prm),
    };
  }

  // ── the lexer ──────────────────────────────────────────────────────────────

  private lex(c: Uint8Array, base: number) {
    let i = 0;
    const n = c.length;
    while (i < n) {
      if (this.str) {
        i = this.inString(c, i, base);
        continue;
      }
      const b = c[i];
      if (this.lit) {
        if (isLiteralByte(b)) {
          this.lit.text += String.fromCharCode(b);
          if (this.lit.text.length > 64) throw new MalformedJson("literal too long");
          i++;
          continue;
        }
        this.finishLiteral();
      }
      if (isSpace(b)) {
        i++;
        continue;
      }
      if (this.done) throw new MalformedJson("data after the message");
      const top = this.stack[this.stack.length - 1];
      if (top && top.kind === "obj") {
        if (top.expect === "key" || top.expect === "first") {
          if (b === 0x7d && top.expect === "first") {
            this.close();
            i++;
            continue;
          }
          if (b !== Q) throw new MalformedJson("expected a key");
          this.str = {
            use: { kind: "capture", into: "key", bytes: [] },
            escaped: false,
          };
          i++;
          continue;
        }
        if (top.expect === "colon") {
          if (b !== 0x3a) throw new MalformedJson("expected ':'");
          top.expect = "value";
          i++;
          continue;
        }
        if (top.expect === "comma") {
          if (b === 0x2c) top.expect = "key";
          else if (b === 0x7d) this.close();
          else throw new MalformedJson("expected ',' or '}'");
          i++;
          continue;
        }
      } else if (top && top.kind === "arr") {
        if (top.expect === "comma") {
          if (b === 0x2c) top.expect = "value";
          else if (b === 0x5d) this.close();
          else throw new MalformedJson("expected ',' or ']'");
          i++;
          continue;
        }
        if (b === 0x5d && top.expect === "first") {
          this.close();
          i++;
          continue;
        }
      }
      // A value starts.
      this.value(b, base + i);
      i++;
    }
  }

  /** The role and use of a value about to start under the current frame. */
  private roleOf(kind: "obj" | "arr" | "str" | "lit"): { role: Role; use: StringUse } {
    const top = this.stack[this.stack.length - 1];
    const skip: StringUse = { kind: "skip" };
    if (!top) return { role: "top", use: skip };
    const key = top.kind === "obj" ? top.key : null;
    const slot = (k: string, block: Block | null, shape = this.tool, blob = false): StringUse => ({
      kind: "slot",
      slot: { start: 0, end: 0, block, key: k, shape, blob, dead: false, text: null, secrets: [] },
    });
    switch (top.role) {
      case "top":
        if (key === "result") {
          if (this.hasResult) {
            // JSON.parse keeps the last result: the readings that never guess say so.
            this.res.whole ??= "a duplicate result";
            this.prm.whole ??= "a duplicate result";
          }
          if (kind === "obj") this.hasResult = true;
          return { role: kind === "obj" ? "result" : "other", use: skip };
        }
        if (key === "method" && kind === "str") {
          return { role: "other", use: { kind: "capture", into: "method", bytes: [] } };
        }
        if (key === "id" && kind === "str") {
          return { role: "other", use: { kind: "capture", into: "id", bytes: [] } };
        }
        return { role: "other", use: skip };
      case "result":
        if (key === "contents" || key === "messages" || key === "description") {
          const seen = (top.seen ??= new Set());
          if (seen.has(key)) {
            (key === "contents" ? this.res : this.prm).whole ??= `duplicate "${key}"`;
          }
          seen.add(key);
        }
        if (key === "content") return { role: kind === "arr" ? "content" : "other", use: skip };
        if (key === "contents") return { role: kind === "arr" ? "contents" : "other", use: skip };
        if (key === "messages") return { role: kind === "arr" ? "pmessages" : "other", use: skip };
        if (key === "description") {
          // A prompt's description (the other readings do not show it).
          if (kind === "str") {
            if (this.prm.any) this.prm.whole ??= "a prompt's description after its messages";
            return { role: "other", use: slot("description", null, this.prm) };
          }
          return { role: "other", use: skip };
        }
        // Only a structured object or array is walked (a bare string is not, as in result_filter).
        if (key === "structuredContent") return { role: "structured", use: skip };
        if (key === "resultType" && kind === "str") {
          return { role: "other", use: { kind: "capture", into: "resultType", bytes: [] } };
        }
        return { role: "other", use: skip };
      case "content":
        return { role: kind === "obj" ? "block" : "other", use: skip };
      case "contents":
        return { role: kind === "obj" ? "entry" : "other", use: skip };
      case "pmessages":
        return { role: kind === "obj" ? "pmessage" : "other", use: skip };
      case "pmessage": {
        if (key !== "content") return { role: "other", use: skip };
        const seen = (top.seen ??= new Set());
        if (seen.has(key)) this.prm.whole ??= `duplicate "content" in a prompt's message`;
        seen.add(key);
        return {
          role: kind === "obj" ? "pblock" : kind === "arr" ? "pcontent" : "other",
          use: skip,
        };
      }
      case "pcontent":
        return { role: kind === "obj" ? "pblock" : "other", use: skip };
      case "pblock": {
        // channels.ts's blockSlots; anything it could read in another order is judged whole.
        const pb = top.pblock!;
        if (key === null) return { role: "other", use: skip };
        if (pb.keys.has(key)) this.prm.whole ??= `duplicate "${key}" in a prompt's content block`;
        pb.keys.add(key);
        if (key === "type") {
          if (kind === "str") {
            return { role: "other", use: { kind: "capture", into: "ptype", bytes: [] } };
          }
          return { role: "other", use: skip };
        }
        const fields = pb.type !== null ? SHOWN_FIELDS.get(pb.type) : undefined;
        if (pb.type === null && (SHOWN_KEYS.has(key) || key === "resource" || key === "content")) {
          if (kind === "str" || kind === "obj" || kind === "arr") {
            this.prm.whole ??= "a prompt's content block with its type after its text";
          }
          return { role: "other", use: skip };
        }
        if (pb.type === "resource" && key === "resource" && kind === "obj") {
          return { role: "presource", use: skip };
        }
        if (pb.type === "tool_result" && key === "content") {
          this.prm.whole ??= "a tool result inside a prompt's message";
          return { role: "other", use: skip };
        }
        const at = fields && key !== "resource.text" ? fields.indexOf(key) : -1;
        if (kind !== "str" || at < 0) return { role: "other", use: skip };
        if (at < pb.last) this.prm.whole ??= "a prompt's content block with its strings reordered";
        pb.last = at;
        return { role: "other", use: slot(key, null, this.prm) };
      }
      case "presource":
      case "entry": {
        // channels.ts's contentsSlots: `text`, and `blob` unless its mimeType is not textual.
        const entry = top.entry!;
        if (key === "text" || key === "blob" || key === "mimeType") {
          if (entry.keys.has(key)) {
            entry.shape.whole ??= `duplicate "${key}" in a resource's contents`;
          }
          entry.keys.add(key);
        }
        if (key === "mimeType") {
          if (kind === "str") {
            return { role: "other", use: { kind: "capture", into: "mime", bytes: [] } };
          }
          this.mime(entry, "other");
          return { role: "other", use: skip };
        }
        if (kind !== "str" || (key !== "text" && key !== "blob")) {
          return { role: "other", use: skip };
        }
        if (key === "blob") {
          entry.blobSeen = true;
          if (entry.mime === "other") return { role: "other", use: skip };
        }
        if (++entry.scanned > 1) {
          entry.shape.whole ??= "a resource's contents with both text and a blob";
        }
        return { role: "other", use: slot(key, null, entry.shape, key === "blob") };
      }
      case "block": {
        const block = top.block!;
        if (key === "type" && kind === "str") {
          return { role: "other", use: { kind: "capture", into: "type", bytes: [] } };
        }
        if (kind === "str" && key !== null && SHOWN_KEYS.has(key)) {
          return { role: "other", use: slot(key, block) };
        }
        if (key === "resource" && kind === "obj") return { role: "resource", use: skip };
        return { role: "other", use: skip };
      }
      case "resource":
        if (kind === "str" && SHOWN_KEYS.has(`resource.${key}`)) {
          return { role: "other", use: slot(`resource.${key}`, top.block) };
        }
        return { role: "other", use: skip };
      case "structured": {
        // result_filter walks STRUCTURED_DEPTH levels below structuredContent (at depth 3 here).
        const deeper = (kind === "obj" || kind === "arr") && top.depth - 2 <= STRUCTURED_DEPTH;
        return {
          role: deeper ? "structured" : "other",
          use: kind === "str" ? slot("structured", null) : skip,
        };
      }
      default:
        return { role: "other", use: skip };
    }
  }

  private value(b: number, at: number) {
    const top = this.stack[this.stack.length - 1];
    if (top && top.kind === "obj" && top.expect !== "value") {
      throw new MalformedJson("expected a key");
    }
    if (!top && this.topSeen) throw new MalformedJson("data after the message");
    if (b === 0x7b || b === 0x5b) {
      const kind = b === 0x7b ? "obj" : "arr";
      if (!top && kind === "arr") this.batch = true;
      const { role } = this.roleOf(kind);
      const block: Block | null = role === "block"
        ? { type: null, held: [] }
        : role === "resource"
        ? top!.block
        : null;
      const entry: Entry | null = role === "entry" || role === "presource"
        ? {
          shape: role === "entry" ? this.res : this.prm,
          mime: "unseen",
          keys: new Set(),
          scanned: 0,
          blobSeen: false,
        }
        : null;
      const pblock: PromptBlock | null = role === "pblock"
        ? { type: null, keys: new Set(), last: -1 }
        : null;
      this.afterValue();
      this.stack.push({
        kind,
        role,
        key: null,
        expect: "first",
        block,
        entry,
        pblock,
        depth: (top?.depth ?? 0) + 1,
      });
      this.topSeen = true;
      return;
    }
    if (b === Q) {
      const { use } = this.roleOf("str");
      if (use.kind === "slot") {
        use.slot.start = at;
        const b = use.slot.block;
        // Streamed into the joined text when its block already shows it; else held to the
        // block's end, where its final type decides (a later duplicate "type" cannot hide it).
        // A type showing several strings (a resource link) holds them too: they are joined in
        // the filter's order.
        const fields = b?.type ? SHOWN_FIELDS.get(b.type) : undefined;
        if (b && !(fields?.length === 1 && fields[0] === use.slot.key)) use.slot.text = [];
        else this.separate(use.slot.shape);
        this.decoder = new StringDecoder();
        this.blob = use.slot.blob ? new Base64Text() : null;
        const slot = use.slot;
        const found: SecretHit[] = slot.secrets;
        this.slotText = new Windows(this.win, this.ov, (text, base) => {
          if (this.late(slot.shape)) return;
          for (
            const h of findSecrets(text, { rules: this.rules, allow: this.settings.secretAllow })
          ) {
            found.push({ rule: h.rule, start: h.start + base, end: h.end + base });
          }
        });
      }
      this.str = { use, escaped: false };
      this.topSeen = true;
      return;
    }
    if (isLiteralByte(b) && b !== 0x2b && b !== 0x2e) {
      const key = top && top.kind === "obj" ? top.key : null;
      // A mimeType (or a prompt block's type) that is not a string.
      if (top?.role === "entry" || top?.role === "presource" || top?.role === "pblock") {
        this.roleOf("lit");
      }
      this.lit = { text: String.fromCharCode(b), key, role: top?.role ?? "top" };
      this.topSeen = true;
      return;
    }
    throw new MalformedJson(`unexpected byte ${b}`);
  }

  private finishLiteral() {
    const l = this.lit!;
    this.lit = null;
    const t = l.text;
    if (
      !(t === "true" || t === "false" || t === "null" ||
        /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(t))
    ) {
      throw new MalformedJson("invalid literal");
    }
    if (l.role === "top" && l.key === "id") this.idText = t;
    this.afterValue();
    if (!this.stack.length) this.done = true;
  }

  /** A value has been read under the current frame. */
  private afterValue() {
    const top = this.stack[this.stack.length - 1];
    if (!top) return;
    top.expect = "comma";
  }

  /** The separator between two slots of the joined text (as result_filter joins them). */
  private separate(shape: Shape) {
    if (shape.any) shape.joined.push("\n\n");
    shape.any = true;
  }

  /** A resource entry's mimeType: a blob already scanned must have been text (else: whole). */
  private mime(entry: Entry, m: "textual" | "other") {
    if (entry.blobSeen && m === "other" && entry.mime !== "other") {
      entry.shape.whole ??= "a resource's mimeType after its blob";
    }
    entry.mime = m;
  }

  private close() {
    const f = this.stack.pop()!;
    if (f.role === "block") {
      // Held strings of a block, now that its type is final, in result_filter's order.
      const b = f.block!;
      for (const key of (b.type !== null && SHOWN_FIELDS.get(b.type)) || []) {
        for (const slot of b.held) {
          if (slot.key !== key) continue;
          this.separate(this.tool);
          for (const t of slot.text!) this.tool.joined.push(t);
        }
      }
      for (const slot of b.held) slot.text = null;
      b.held = [];
    }
    this.afterValue();
    if (!this.stack.length) this.done = true;
  }

  /** Reads string bytes from `i`; returns where reading stopped. */
  private inString(c: Uint8Array, i: number, base: number): number {
    const s = this.str!;
    const n = c.length;
    let j = i;
    // Find the closing quote: skip escaped bytes.
    if (s.escaped) {
      s.escaped = false;
      j++;
    }
    let endAt = -1;
    let q = c.indexOf(Q, j);
    let bs = c.indexOf(BS, j);
    while (j < n) {
      if (bs >= 0 && (q < 0 || bs < q)) {
        if (bs + 1 >= n) {
          s.escaped = true;
          break;
        }
        j = bs + 2;
        if (q >= 0 && q < j) q = c.indexOf(Q, j); // the escaped byte was the quote
        bs = c.indexOf(BS, j);
        continue;
      }
      if (q >= 0) endAt = q;
      break;
    }
    const stop = endAt >= 0 ? endAt : n;
    // Content bytes: [i, stop) (the opening quote was consumed when the token started).
    const u = s.use;
    if (u.kind === "slot" && !u.slot.dead) {
      let text: string | null = this.decoder!.push(c.subarray(i, stop), endAt >= 0);
      if (this.blob) {
        text = this.blob.push(text, endAt >= 0);
        if (text === null) {
          // Not base64 of UTF-8: the whole filter does not scan it, and what was scanned of it
          // is in the joined text already — the answer is judged whole.
          u.slot.dead = true;
          u.slot.shape.whole ??= "a resource blob that is not base64 of UTF-8 text";
        }
      }
      if (text) {
        if (u.slot.text) u.slot.text.push(text);
        else u.slot.shape.joined.push(text);
        this.slotText!.push(text);
      }
    } else if (u.kind === "capture") {
      for (let k = i; k < stop && u.bytes.length <= 4096; k++) u.bytes.push(c[k]);
      if (u.bytes.length > 4096) throw new MalformedJson("key too long");
    }
    if (endAt < 0) return n;
    // The string ends here.
    this.str = null;
    if (u.kind === "slot") {
      u.slot.end = base + endAt + 1;
      this.slotText!.end();
      this.slotText = null;
      this.decoder = null;
      this.blob = null;
      this.slots.push(u.slot);
      if (u.slot.text) u.slot.block!.held.push(u.slot);
      this.afterValue();
    } else if (u.kind === "capture") {
      let v: string;
      try {
        v = JSON.parse(`"${new TextDecoder().decode(new Uint8Array(u.bytes))}"`);
      } catch {
        throw new MalformedJson("invalid string");
      }
      if (u.into === "key") {
        const top = this.stack[this.stack.length - 1];
        top.key = v;
        top.expect = "colon";
      } else {
        if (u.into === "type") this.stack[this.stack.length - 1].block!.type = v;
        else if (u.into === "ptype") this.stack[this.stack.length - 1].pblock!.type = v;
        else if (u.into === "mime") {
          this.mime(this.stack[this.stack.length - 1].entry!, textualMime(v) ? "textual" : "other");
        } else if (u.into === "resultType") this.resultType = v;
        else if (u.into === "method") this.method = v;
        else if (u.into === "id") this.idText = JSON.stringify(v);
        this.afterValue();
      }
    } else this.afterValue();
    if (!this.stack.length) this.done = true;
    return endAt + 1;
  }
}

/** Whether a block of `type` shows its string `key` to the model. */
function shows(type: string | null, key: string): boolean {
  return type !== null && (SHOWN_FIELDS.get(type)?.includes(key) ?? false);
}

/** Every block field some type shows (`resource.text` for an embedded resource's text). */
const SHOWN_KEYS = new Set([...SHOWN_FIELDS.values()].flat());

function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}

function isLiteralByte(b: number): boolean {
  return (b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x7a) || b === 0x2d || b === 0x2b ||
    b === 0x2e || b === 0x45;
}

/**
 * The message with each listed slot's string replaced by its masked text. Bytes outside the slots
 * are copied as they came; a slot is decoded, masked and re-encoded piece by piece (never whole).
 */
function rebuild(chunks: Uint8Array[], slots: Slot[]): Uint8Array[] {
  if (!slots.length) return chunks;
  const enc = new TextEncoder();
  const out: Uint8Array[] = [];
  let pos = 0; // absolute offset of the next byte to copy
  let ci = 0;
  let coff = 0; // absolute offset of chunks[ci]
  /** Hands the bytes up to `end` to `sink`, in the chunks' own pieces. */
  const take = (end: number, sink: (b: Uint8Array) => void) => {
    while (pos < end) {
      const c = chunks[ci];
      const from = pos - coff;
      const to = Math.min(c.length, end - coff);
      sink(c.subarray(from, to));
      pos = coff + to;
      if (to === c.length) {
        coff += c.length;
        ci++;
      }
    }
  };
  const quote = enc.encode('"');
  for (const s of [...slots].sort((a, b) => a.start - b.start)) {
    take(s.start + 1, (b) => out.push(b)); // up to and with the opening quote
    const hits = mergeHits(s.secrets);
    const decoder = new StringDecoder();
    // A blob: its text decoded from base64, masked, and encoded again (as channels.ts does).
    const b64 = s.blob ? new Base64Text() : null;
    const writer = s.blob ? new Base64Writer() : null;
    let hi = 0;
    let marked = -1; // the hit whose marker is out
    let d = 0; // decoded offset of the next piece
    const emit = (text: string) => {
      let piece = "";
      const end = d + text.length;
      let p = d;
      while (p < end) {
        const h = hits[hi];
        if (!h || h.start >= end) {
          piece += text.slice(p - d);
          p = end;
        } else if (p < h.start) {
          piece += text.slice(p - d, h.start - d);
          p = h.start;
        } else {
          if (marked !== hi) {
            piece += `[REDACTED:${h.rule}]`;
            marked = hi;
          }
          p = Math.min(h.end, end);
          if (h.end <= end) hi++;
        }
      }
      d = end;
      if (writer) {
        const b = writer.push(piece, last);
        if (b) out.push(enc.encode(b));
      } else if (piece) out.push(enc.encode(JSON.stringify(piece).slice(1, -1)));
    };
    let last = false;
    const text = (t: string) => (b64 ? b64.push(t, last) ?? "" : t);
    take(s.end - 1, (b) => emit(text(decoder.push(b, false))));
    last = true;
    emit(text(decoder.push(new Uint8Array(0), true)));
    take(s.end, () => {}); // the closing quote, written anew
    out.push(quote);
  }
  take(chunks.reduce((n, c) => n + c.length, 0), (b) => out.push(b));
  return out;
}
