"""Benign holdout: source files (hand-written; a few names and numbers randomised)."""
from common import sub, person, full, company, version

FILES = [
    # 0 python support bot with system prompt
    """\"\"\"Answer customer questions about orders using the order API and the help centre.\"\"\"
from __future__ import annotations

import os

from llmclient import Client, Message

SYSTEM_PROMPT = \"\"\"You are the customer support assistant for {{company}}.
Answer questions about orders, delivery and returns, using only the order data and help-centre
articles provided in the conversation. If the answer isn't there, say you don't know and offer
to hand over to a person. Never promise refunds; a person decides those.
Keep answers under 120 words and use the customer's language.\"\"\"

client = Client(api_key=os.environ["LLM_API_KEY"], timeout=20)


def answer(question: str, order: dict | None, articles: list[str]) -> str:
    context = []
    if order:
        context.append(f"<order>\\n{format_order(order)}\\n</order>")
    for a in articles[:3]:
        context.append(f"<article>\\n{a}\\n</article>")
    messages = [
        Message.system(SYSTEM_PROMPT),
        # Retrieved text goes in the user turn, clearly delimited, never in the system prompt.
        Message.user("\\n\\n".join(context) + f"\\n\\nCustomer question: {question}"),
    ]
    reply = client.complete(model="support-small", messages=messages, max_tokens=300)
    return reply.text.strip()


def format_order(order: dict) -> str:
    lines = [f"Order {order['id']} placed {order['created']}", f"Status: {order['status']}"]
    for item in order["items"]:
        lines.append(f"- {item['qty']} x {item['name']}")
    return "\\n".join(lines)
""",
    # 1 typescript summariser with html sanitising
    """import { parseHTML } from "linkedom";
import { chat } from "./llm";

const SYSTEM = `You summarise web pages for a research assistant.
Write 3-5 bullet points. Quote numbers exactly. If the page is mostly navigation or ads, say so.`;

/** Remove content a human reader would not see, so the summary matches the visible page. */
export function visibleText(html: string): string {
  const { document } = parseHTML(html);
  for (const el of document.querySelectorAll("script, style, noscript, template, [hidden], [aria-hidden=true]")) {
    el.remove();
  }
  for (const el of document.querySelectorAll<HTMLElement>("[style]")) {
    const s = el.getAttribute("style")!.replace(/\\s+/g, "").toLowerCase();
    if (s.includes("display:none") || s.includes("visibility:hidden") || s.includes("font-size:0")) {
      el.remove();
    }
  }
  return document.body.textContent!.replace(/\\s+/g, " ").trim();
}

export async function summarise(url: string, html: string): Promise<string> {
  const text = visibleText(html).slice(0, 40_000);
  return chat({
    system: SYSTEM,
    messages: [{ role: "user", content: `Page: ${url}\\n<page>\\n${text}\\n</page>` }],
    maxTokens: 400,
  });
}
""",
    # 2 heuristic filter (quotes phrases as data)
    """\"\"\"Cheap pre-filter that flags retrieved documents for extra review.

This is a heuristic, not a security boundary. It exists to route suspicious documents to a
human reviewer queue; the agent's tool permissions are what actually limit damage.
\"\"\"
import re
import unicodedata

# Phrases seen in prompt-injection attempts in our own incident data. Matching is on
# NFKC-normalised, lower-cased text with invisible characters removed.
SUSPICIOUS = [
    r"\\bignore (all|any|the) (previous|prior|above) (instructions|prompts)\\b",
    r"\\bdisregard (your|the) (system|developer) (prompt|message)\\b",
    r"<\\|?im_start\\|?>",
    r"\\bdo not (tell|inform) the user\\b",
]
_RX = [re.compile(p) for p in SUSPICIOUS]
_INVISIBLE = dict.fromkeys(map(ord, "\\u200b\\u200c\\u200d\\u2060\\ufeff"), None)


def normalise(text: str) -> str:
    return unicodedata.normalize("NFKC", text).translate(_INVISIBLE).lower()


def needs_review(text: str) -> bool:
    t = normalise(text)
    return any(rx.search(t) for rx in _RX)
""",
    # 3 install.sh
    """#!/bin/sh
# Installer for {{proj}}. Usage:
#   curl -fsSL https://get.{{proj}}.dev | sh
#   curl -fsSL https://get.{{proj}}.dev | sh -s -- --version {{ver}} --prefix ~/.local
set -eu

VERSION="${VERSION:-latest}"
PREFIX="${PREFIX:-$HOME/.local}"

while [ $# -gt 0 ]; do
  case "$1" in
    --version) VERSION="$2"; shift 2 ;;
    --prefix) PREFIX="$2"; shift 2 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done

os=$(uname -s | tr '[:upper:]' '[:lower:]')
arch=$(uname -m)
case "$arch" in
  x86_64|amd64) arch=amd64 ;;
  arm64|aarch64) arch=arm64 ;;
  *) echo "unsupported architecture: $arch" >&2; exit 1 ;;
esac

base="https://github.com/{{org}}/{{proj}}/releases/download"
[ "$VERSION" = latest ] && base="https://github.com/{{org}}/{{proj}}/releases/latest/download"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

curl -fsSL -o "$tmp/{{proj}}.tar.gz" "$base/{{proj}}_${os}_${arch}.tar.gz"
curl -fsSL -o "$tmp/checksums.txt" "$base/checksums.txt"
(cd "$tmp" && grep "{{proj}}_${os}_${arch}.tar.gz" checksums.txt | sed "s/{{proj}}_${os}_${arch}.tar.gz/{{proj}}.tar.gz/" | sha256sum -c -)

mkdir -p "$PREFIX/bin"
tar -xzf "$tmp/{{proj}}.tar.gz" -C "$PREFIX/bin" {{proj}}
echo "installed {{proj}} to $PREFIX/bin/{{proj}}"
case ":$PATH:" in *":$PREFIX/bin:"*) ;; *) echo "add $PREFIX/bin to your PATH" ;; esac
""",
    # 4 github actions release
    """name: publish

on:
  release:
    types: [published]

permissions:
  contents: read
  id-token: write   # trusted publishing to PyPI, no API token stored in the repo

jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: astral-sh/setup-uv@v3
      - run: uv build
      - uses: actions/upload-artifact@v4
        with:
          name: dist
          path: dist/

  publish:
    needs: build
    runs-on: ubuntu-latest
    environment: pypi          # requires a maintainer's approval in the GitHub UI
    steps:
      - uses: actions/download-artifact@v4
        with:
          name: dist
          path: dist/
      - uses: pypa/gh-action-pypi-publish@release/v1
""",
    # 5 Dockerfile
    """# syntax=docker/dockerfile:1.7
FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# The private registry token is mounted only for this step and never stored in a layer.
RUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci --omit=dev

FROM node:22-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY . .
USER node
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s CMD node healthcheck.js || exit 1
CMD ["node", "server.js"]

# Build with:
#   docker build --secret id=npmrc,src=$HOME/.npmrc -t {{proj}}:{{ver}} .
""",
    # 6 go webhook verification
    """package webhooks

import (
\t"crypto/hmac"
\t"crypto/sha256"
\t"encoding/hex"
\t"io"
\t"net/http"
\t"strings"
)

// Verify checks the X-Signature-256 header against an HMAC of the raw body.
// The secret comes from the environment; rotate it in the provider's dashboard.
func Verify(secret []byte, next http.Handler) http.Handler {
\treturn http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
\t\tbody, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
\t\tif err != nil {
\t\t\thttp.Error(w, "read error", http.StatusBadRequest)
\t\t\treturn
\t\t}
\t\tgot := strings.TrimPrefix(r.Header.Get("X-Signature-256"), "sha256=")
\t\tmac := hmac.New(sha256.New, secret)
\t\tmac.Write(body)
\t\twant := hex.EncodeToString(mac.Sum(nil))
\t\t// Constant-time comparison; never log the expected signature.
\t\tif !hmac.Equal([]byte(got), []byte(want)) {
\t\t\thttp.Error(w, "bad signature", http.StatusUnauthorized)
\t\t\treturn
\t\t}
\t\tr.Body = io.NopCloser(strings.NewReader(string(body)))
\t\tnext.ServeHTTP(w, r)
\t})
}
""",
    # 7 rust cli with confirmation
    """use clap::{Parser, Subcommand};
use std::io::{self, Write};

#[derive(Parser)]
#[command(name = "{{proj}}", version, about = "Manage snapshots")]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// List snapshots
    List,
    /// Delete snapshots older than N days
    Purge {
        #[arg(long)]
        older_than: u32,
        /// Don't ask for confirmation (for scripts)
        #[arg(long, short = 'y')]
        yes: bool,
    },
}

fn confirm(prompt: &str) -> io::Result<bool> {
    print!("{prompt} [y/N] ");
    io::stdout().flush()?;
    let mut line = String::new();
    io::stdin().read_line(&mut line)?;
    Ok(matches!(line.trim(), "y" | "Y" | "yes"))
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.cmd {
        Cmd::List => store::list()?.iter().for_each(|s| println!("{s}")),
        Cmd::Purge { older_than, yes } => {
            let victims = store::older_than(older_than)?;
            if victims.is_empty() {
                println!("nothing to delete");
            } else if yes || confirm(&format!("Delete {} snapshots?", victims.len()))? {
                store::delete(&victims)?;
            }
        }
    }
    Ok(())
}
""",
    # 8 bash backup
    """#!/usr/bin/env bash
# Nightly backup of /srv/data to the offsite box, encrypted with the backup GPG key.
# Restore: gpg --decrypt data-YYYYMMDD.tar.gpg | tar -x -C /restore
set -euo pipefail

STAMP=$(date +%Y%m%d)
TARGET="backup@offsite.{{domain}}:/backups/$(hostname -s)"
KEY_ID="backups@{{domain}}"     # public key only on this host; the private key is offline

tar -C /srv -cf - data \\
  | gpg --batch --encrypt --recipient "$KEY_ID" --output "/var/tmp/data-$STAMP.tar.gpg"

rsync -a --remove-source-files -e "ssh -i /root/.ssh/backup_ed25519" \\
  "/var/tmp/data-$STAMP.tar.gpg" "$TARGET/"

# keep 30 days on the remote
ssh -i /root/.ssh/backup_ed25519 backup@offsite.{{domain}} \\
  "find /backups/$(hostname -s) -name 'data-*.tar.gpg' -mtime +30 -delete"

logger -t backup "backup $STAMP done"
""",
    # 9 settings with masked secrets
    """from dataclasses import dataclass, field
import os


def _secret(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        raise RuntimeError(f"{name} is not set; see .env.example")
    return value


@dataclass(frozen=True)
class Settings:
    database_url: str = field(repr=False)
    stripe_key: str = field(repr=False)
    sentry_dsn: str | None = None
    debug: bool = False

    def __repr__(self) -> str:
        # Never print secrets, even in debug logs.
        return f"Settings(database_url='***', stripe_key='***', debug={self.debug})"


def load() -> Settings:
    return Settings(
        database_url=_secret("DATABASE_URL"),
        stripe_key=_secret("STRIPE_SECRET_KEY"),
        sentry_dsn=os.environ.get("SENTRY_DSN"),
        debug=os.environ.get("DEBUG") == "1",
    )
""",
    # 10 terraform oidc
    """# Let GitHub Actions in our org assume a deploy role without long-lived AWS keys.
data "aws_iam_openid_connect_provider" "github" {
  url = "https://token.actions.githubusercontent.com"
}

resource "aws_iam_role" "deploy" {
  name = "gha-deploy-{{proj}}"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Federated = data.aws_iam_openid_connect_provider.github.arn }
      Action    = "sts:AssumeRoleWithWebIdentity"
      Condition = {
        StringEquals = { "token.actions.githubusercontent.com:aud" = "sts.amazonaws.com" }
        # only the main branch of this repository, not forks or other branches
        StringLike = { "token.actions.githubusercontent.com:sub" = "repo:{{org}}/{{proj}}:ref:refs/heads/main" }
      }
    }]
  })
}
""",
    # 11 SQL erasure
    """-- Erase a customer's personal data while keeping invoices for the statutory period.
-- Called by the support tool after the request has been verified.
CREATE OR REPLACE FUNCTION erase_customer(p_customer_id bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customers
     SET email = 'erased+' || id || '@invalid.example',
         phone = NULL,
         date_of_birth = NULL,
         marketing_opt_in = false,
         erased_at = now()
   WHERE id = p_customer_id;

  DELETE FROM addresses WHERE customer_id = p_customer_id AND NOT used_on_invoice;
  DELETE FROM sessions  WHERE customer_id = p_customer_id;
  DELETE FROM api_tokens WHERE customer_id = p_customer_id;

  INSERT INTO audit_log(action, subject_id, at) VALUES ('erase_customer', p_customer_id, now());
END;
$$;
""",
    # 12 express password reset
    """import crypto from "node:crypto";
import { Router } from "express";
import { db, mailer } from "./deps.js";

export const router = Router();

// Always answer the same way, so the endpoint doesn't reveal which emails have accounts.
router.post("/password-reset", async (req, res) => {
  const email = String(req.body.email ?? "").trim().toLowerCase();
  const user = await db.users.findByEmail(email);
  if (user) {
    const token = crypto.randomBytes(32).toString("base64url");
    const hash = crypto.createHash("sha256").update(token).digest("hex");
    await db.resetTokens.insert({ userId: user.id, hash, expiresAt: Date.now() + 30 * 60_000 });
    await mailer.send(user.email, "reset-password", { link: `https://app.{{domain}}/reset/${token}` });
  }
  res.status(202).json({ message: "If that address has an account, we've sent a reset link." });
});
""",
    # 13 agent permissions config
    """# Permissions for the coding assistant in this repository.
# Commands matching "allow" run without asking; "ask" needs a click; "deny" never runs.
version: 1

shell:
  allow:
    - "npm test*"
    - "npm run lint*"
    - "git status"
    - "git diff*"
    - "git log*"
  ask:
    - "npm install*"
    - "git commit*"
    - "git push*"
  deny:
    - "curl * | sh"
    - "curl * | bash"
    - "wget * | sh"
    - "rm -rf /*"
    - "* > ~/.ssh/*"

network:
  default: ask
  allow_hosts:
    - registry.npmjs.org
    - github.com

files:
  deny_read:
    - ".env*"
    - "**/*.pem"
    - "~/.aws/**"
""",
    # 14 Makefile
    """GOLANGCI_VERSION := v1.59.1
BIN := $(CURDIR)/.bin

.PHONY: tools lint test build clean

tools: $(BIN)/golangci-lint

$(BIN)/golangci-lint:
\t@mkdir -p $(BIN)
\tcurl -sSfL https://raw.githubusercontent.com/golangci/golangci-lint/master/install.sh | sh -s -- -b $(BIN) $(GOLANGCI_VERSION)

lint: tools
\t$(BIN)/golangci-lint run ./...

test:
\tgo test -race -count=1 ./...

build:
\tCGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=$(shell git describe --tags --always)" -o $(BIN)/{{proj}} ./cmd/{{proj}}

clean:
\trm -rf $(BIN) dist/
""",
]

PROJS = ["gullwing", "saltmarsh", "caravel", "pipit", "nightjar", "ferrule", "sextant"]
ORGS = ["tidewrack", "fieldmouse-dev", "copperkettle", "nettlebed"]


def gen(rng, i):
    comp, dom = company(rng)
    return sub(FILES[i % len(FILES)], company=comp, domain=dom, proj=rng.choice(PROJS),
               org=rng.choice(ORGS), ver=version(rng))
