#!/usr/bin/env bash
# Builds the Touch ID helper (macOS only) and installs it where guard runs it:
# ~/.aiguard/bin/guard-touchid (the path is in guard's --allow-run flag).
# Then enrol with: deno task guard touchid setup
set -euo pipefail
if [ "$(uname -s)" != "Darwin" ]; then
  echo "the Touch ID helper needs macOS (LocalAuthentication, Secure Enclave)" >&2
  exit 1
fi
here="$(cd "$(dirname "$0")" && pwd)"
dest="$HOME/.aiguard/bin"
mkdir -p "$dest"
chmod 700 "$HOME/.aiguard" "$dest"
swiftc -O -o "$dest/guard-touchid" "$here/touchid/main.swift"
chmod 700 "$dest/guard-touchid"
codesign --force --sign - "$dest/guard-touchid" 2>/dev/null || true
echo "installed $dest/guard-touchid"
