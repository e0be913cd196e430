/**
 * The capability vocabulary alone (the policy validates `[flow.tools]` against
 * it without loading the classification tables of `capabilities.ts`).
 */
export type Capability =
  | "reads-local" // reads ordinary local files / project data
  | "reads-private" // credentials, secret stores, private mail and messages
  | "reads-untrusted-external" // content written by outsiders: web, issues, mail, chat
  | "writes-local" // modifies local files or state
  | "executes" // runs code or commands
  | "network-egress" // can send data off the machine
  | "sends-message"; // sends a message to people

export const CAPABILITIES: readonly Capability[] = Object.freeze<Capability[]>([
  "reads-local",
  "reads-private",
  "reads-untrusted-external",
  "writes-local",
  "executes",
  "network-egress",
  "sends-message",
]);
