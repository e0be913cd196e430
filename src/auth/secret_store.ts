/**
 * Where secrets live: the system keyring when one is available (macOS
 * `security`, Linux `secret-tool`), otherwise a 0600 file in the state
 * directory. Secrets are always passed to helper programs on stdin, never in
 * argv (argv is visible to every process through `ps`).
 */
import { writePrivateFile } from "../state/state_dir.ts";

export type StoreKind = "keychain" | "secret-service" | "file";

export interface SecretStore {
  readonly kind: StoreKind;
  get(name: string): Promise<string | null>;
  set(name: string, secret: string): Promise<void>;
  delete(name: string): Promise<void>;
}

/** Runs a helper program; injected so tests can use fakes. */
export type Runner = (
  cmd: string,
  args: string[],
  stdin: string | null,
) => Promise<{ code: number; stdout: string; stderr: string }>;

export const denoRunner: Runner = async (cmd, args, stdin) => {
  const child = new Deno.Command(cmd, {
    args,
    stdin: stdin === null ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  if (stdin !== null) {
    const w = child.stdin.getWriter();
    await w.write(new TextEncoder().encode(stdin));
    await w.close();
  }
  const out = await child.output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
};

/** The absolute paths guard may run (mirrored in deno.json's --allow-run). */
export const SECURITY = "/usr/bin/security";
export const SECRET_TOOL = "/usr/bin/secret-tool";

const SERVICE = "aiguard";

/** Fallback: `~/.aiguard/<name>` with mode 0600. */
export class FileStore implements SecretStore {
  readonly kind = "file" as const;
  constructor(private readonly dir: string) {}
  private path(name: string): string {
    if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`bad secret name ${name}`);
    return `${this.dir}/${name}`;
  }
  // deno-lint-ignore require-await -- async so that every failure is a rejected promise
  async get(name: string): Promise<string | null> {
    const p = this.path(name);
    try {
      const info = Deno.lstatSync(p);
      if (!info.isFile) throw new Error(`${p} is not a regular file`);
      if (info.mode !== null && (info.mode & 0o077) !== 0) {
        throw new Error(
          `${p} is readable by others (mode 0${
            (info.mode & 0o777).toString(8)
          }); run: chmod 600 ${p}`,
        );
      }
      return Deno.readTextFileSync(p).trim() || null;
    } catch (e) {
      if (e instanceof Deno.errors.NotFound) return null;
      throw e;
    }
  }
  // deno-lint-ignore require-await -- see get()
  async set(name: string, secret: string): Promise<void> {
    writePrivateFile(this.path(name), secret + "\n");
  }
  // deno-lint-ignore require-await -- see get()
  async delete(name: string): Promise<void> {
    try {
      Deno.removeSync(this.path(name));
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
    }
  }
}

/** macOS Keychain through `security -i`, which reads its commands (and the secret) from stdin. */
export class KeychainStore implements SecretStore {
  readonly kind = "keychain" as const;
  constructor(private readonly run: Runner, private readonly account: string) {}
  async get(name: string): Promise<string | null> {
    const r = await this.run(SECURITY, [
      "find-generic-password",
      "-a",
      this.account,
      "-s",
      `${SERVICE}-${name}`,
      "-w",
    ], null);
    return r.code === 0 ? r.stdout.trim() || null : null;
  }
  async set(name: string, secret: string): Promise<void> {
    if (!/^[A-Z2-7=]+$/i.test(secret)) throw new Error("secret must be base32");
    const line = `add-generic-password -U -a ${this.account} -s ${SERVICE}-${name} -w ${secret}\n`;
    const r = await this.run(SECURITY, ["-i"], line);
    if (r.code !== 0) throw new Error(`security failed: ${r.stderr.trim()}`);
  }
  async delete(name: string): Promise<void> {
    await this.run(SECURITY, [
      "delete-generic-password",
      "-a",
      this.account,
      "-s",
      `${SERVICE}-${name}`,
    ], null);
  }
}

/** Linux Secret Service through `secret-tool` (the secret goes on stdin). */
export class SecretServiceStore implements SecretStore {
  readonly kind = "secret-service" as const;
  constructor(private readonly run: Runner) {}
  async get(name: string): Promise<string | null> {
    const r = await this.run(SECRET_TOOL, ["lookup", "service", SERVICE, "name", name], null);
    return r.code === 0 ? r.stdout.trim() || null : null;
  }
  async set(name: string, secret: string): Promise<void> {
    const r = await this.run(SECRET_TOOL, [
      "store",
      "--label",
      `guard ${name}`,
      "service",
      SERVICE,
      "name",
      name,
    ], secret);
    if (r.code !== 0) throw new Error(`secret-tool failed: ${r.stderr.trim()}`);
  }
  async delete(name: string): Promise<void> {
    await this.run(SECRET_TOOL, ["clear", "service", SERVICE, "name", name], null);
  }
}

/**
 * Picks the store: the keyring when its tool exists and answers, else the file.
 * `probe` stores and reads back a marker, so a keyring that is installed but
 * locked or without a session (headless Linux) falls back to the file.
 */
export async function chooseStore(
  stateDir: string,
  os: string,
  run: Runner = denoRunner,
): Promise<SecretStore> {
  // guard may not even stat /usr/bin (it reads only its state directory): a missing tool
  // shows up as the spawn failing, which the probe below treats as "unavailable".
  const candidates: SecretStore[] = [];
  if (os === "darwin") candidates.push(new KeychainStore(run, "guard"));
  if (os === "linux") candidates.push(new SecretServiceStore(run));
  for (const c of candidates) {
    try {
      await c.set("probe", "GUARDPROBE");
      const back = await c.get("probe");
      await c.delete("probe");
      if (back === "GUARDPROBE") return c;
    } catch {
      // unavailable: try the next one
    }
  }
  return new FileStore(stateDir);
}

/** The store that holds an existing secret, recorded at enrolment in `store.json`. */
export function storeFor(kind: StoreKind, stateDir: string, run: Runner = denoRunner): SecretStore {
  switch (kind) {
    case "keychain":
      return new KeychainStore(run, "guard");
    case "secret-service":
      return new SecretServiceStore(run);
    default:
      return new FileStore(stateDir);
  }
}
