/**
 * `deno task hook-command [--agent claude|codex|kimi]`: prints the exact hook
 * command for this checkout (production flags from deno.json, absolute paths)
 * and the settings snippet to paste into the agent's configuration.
 * Running `deno run` directly avoids `deno task`'s extra process on every call.
 */
import { guardTask, MAIN_TS } from "./guard_flags.ts";

let agent = "claude";
for (let i = 0; i < Deno.args.length; i++) {
  if (Deno.args[i] === "--agent") agent = Deno.args[++i] ?? agent;
}
const words = guardTask().trim().split(/\s+/);
const flags = words.slice(2, words.indexOf("main.ts")).map((w) => w.replaceAll("$HOME", "${HOME}"));
const command = `deno run ${
  flags.map((f) => (f.includes("$") ? `"${f}"` : f)).join(" ")
} ${MAIN_TS} evaluate --agent ${agent}`;

console.log(command);
console.log("");
if (agent === "kimi") {
  console.log("# ~/.kimi-code/config.toml");
  console.log(
    `[[hooks]]\nevent = "PreToolUse"\nmatcher = ".*"\ncommand = ${
      JSON.stringify(command)
    }\ntimeout = 30`,
  );
} else if (agent === "codex") {
  console.log("# ~/.codex/hooks.json");
  console.log(
    JSON.stringify(
      { hooks: { PreToolUse: [{ matcher: "*", hooks: [{ type: "command", command }] }] } },
      null,
      2,
    ),
  );
} else {
  console.log("# ~/.claude/settings.json");
  console.log(
    JSON.stringify(
      {
        hooks: {
          PreToolUse: [{ matcher: "*", hooks: [{ type: "command", command, timeout: 30 }] }],
        },
      },
      null,
      2,
    ),
  );
}
