// guard-touchid — Touch ID approval helper for guard (macOS).
//
// Protocol (one JSON line on stdout; see src/auth/touchid.ts):
//   guard-touchid enroll --key <path>
//       creates a P-256 key in the Secure Enclave whose every use needs
//       biometrics (no passcode fallback), saves its encrypted blob at <path>
//       and prints {"ok":true,"publicKey":"<base64 X9.63>"}.
//   guard-touchid sign --key <path> --reason <text>
//       reads a base64 challenge on stdin, asks for Touch ID with <text> as the
//       reason, signs the challenge with the enclave key and prints
//       {"ok":true,"signature":"<base64 DER ECDSA-SHA256>"}.
//   Failures print {"ok":false,"error":"..."} and exit 1.
//
// The key blob is only usable by this Mac's Secure Enclave; guard verifies the
// signature with the public key it stored at enrolment, so a replaced helper
// cannot fake an approval. Refuses to run under SSH.
import CryptoKit
import Foundation
import LocalAuthentication

func reply(_ fields: [String: Any], _ code: Int32) -> Never {
  if let data = try? JSONSerialization.data(withJSONObject: fields) {
    FileHandle.standardOutput.write(data)
    FileHandle.standardOutput.write("\n".data(using: .utf8)!)
  }
  exit(code)
}

func fail(_ message: String) -> Never { reply(["ok": false, "error": message], 1) }

func option(_ name: String) -> String? {
  let args = CommandLine.arguments
  guard let i = args.firstIndex(of: name), i + 1 < args.count else { return nil }
  return args[i + 1]
}

func underSSH() -> Bool {
  let env = ProcessInfo.processInfo.environment
  return env["SSH_CONNECTION"] != nil || env["SSH_CLIENT"] != nil || env["SSH_TTY"] != nil
}

func biometricContext(reason: String) -> LAContext {
  let ctx = LAContext()
  ctx.touchIDAuthenticationAllowableReuseDuration = 0  // every approval needs a fresh touch
  ctx.localizedReason = reason
  ctx.localizedFallbackTitle = ""  // no "Enter Password" button
  var error: NSError?
  guard ctx.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error) else {
    fail("biometrics unavailable: \(error?.localizedDescription ?? "unknown")")
  }
  return ctx
}

func accessControl() -> SecAccessControl {
  var error: Unmanaged<CFError>?
  guard let ac = SecAccessControlCreateWithFlags(
    nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, [.privateKeyUsage, .biometryCurrentSet], &error)
  else { fail("cannot create access control") }
  return ac
}

guard CommandLine.arguments.count >= 2 else { fail("usage: guard-touchid enroll|sign --key <path> [--reason <text>]") }
if underSSH() { fail("refusing Touch ID under SSH") }
guard SecureEnclave.isAvailable else { fail("no Secure Enclave on this Mac") }
guard let keyPath = option("--key") else { fail("missing --key <path>") }

switch CommandLine.arguments[1] {
case "enroll":
  do {
    let key = try SecureEnclave.P256.Signing.PrivateKey(accessControl: accessControl())
    try key.dataRepresentation.write(to: URL(fileURLWithPath: keyPath), options: [.atomic])
    chmod(keyPath, 0o600)
    reply(["ok": true, "publicKey": key.publicKey.x963Representation.base64EncodedString()], 0)
  } catch {
    fail("could not create a Secure Enclave key: \(error.localizedDescription)")
  }
case "sign":
  let reason = option("--reason") ?? "approve a guard challenge"
  guard let line = readLine(strippingNewline: true),
    let challenge = Data(base64Encoded: line.trimmingCharacters(in: .whitespaces))
  else { fail("no base64 challenge on stdin") }
  guard let blob = try? Data(contentsOf: URL(fileURLWithPath: keyPath)) else {
    fail("no enrolled key at \(keyPath); run: guard touchid setup")
  }
  do {
    let ctx = biometricContext(reason: reason)
    let key = try SecureEnclave.P256.Signing.PrivateKey(dataRepresentation: blob, authenticationContext: ctx)
    let signature = try key.signature(for: challenge)  // prompts for Touch ID
    reply(["ok": true, "signature": signature.derRepresentation.base64EncodedString()], 0)
  } catch {
    fail("not approved: \(error.localizedDescription)")
  }
default:
  fail("unknown command \(CommandLine.arguments[1])")
}
