/**
 * A working day's asks (issue 14): calls a developer makes again and again that guard asks
 * about by design — pushing branches, opening pull requests, installing global tools, reaching
 * the team's API, unknown project tools — each shape several times with other arguments.
 * Replayed with the routine corpus by scripts/bench_asks.ts to measure how many asks are left
 * once a user has remembered the approvals they would make in the first hour.
 */

const branches = ["feature-login", "fix-cache", "docs-readme", "refactor-db", "bump-deps"];

export const SESSION_ASKS: string[] = [
  ...branches.map((b) => `git push origin ${b}`),
  ...branches.map((b) => `git push -u origin ${b}`),
  ...branches.slice(0, 4).map(() => "gh pr create --fill"),
  ...["typescript", "eslint", "prettier", "tsx"].map((p) => `npm install -g ${p}`),
  ...["repos/acme/app/issues", "repos/acme/app/pulls", "user", "repos/acme/app"].map((p) =>
    `curl -s https://api.github.com/${p}`
  ),
  ...["status", "lint", "gen", "status", "gen", "lint"].map((s) => `acme-cli ${s} ./src`),
  ...["deploy-staging", "migrate"].flatMap((s) => [`make-release ${s}`, `make-release ${s}`]),
  ...["uptime", "df -h", "uptime"].map((c) => `ssh staging ${c}`),
  ...["1.2.0", "1.2.1", "1.3.0"].map((v) => `docker push registry.acme.dev/app:${v}`),
  ...["a", "b", "c"].map((x) => `pip install --user tool-${x}`),
];
