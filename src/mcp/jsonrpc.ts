/**
 * JSON-RPC basics the proxy's session and its upstreams share: a request id as a map key, and
 * whether a value is a JSON object. Pure.
 */

/** A request id as a map key (`1` and `"1"` stay apart); null when it is not a valid id. */
export function idKey(id: unknown): string | null {
  return typeof id === "string" || typeof id === "number" ? JSON.stringify(id) : null;
}

/** A JSON object (not null, not an array). */
export function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === "object" && !Array.isArray(v);
}
