/**
 * Network clients: every destination is judged (localhost runs, cloud
 * metadata is blocked, private networks and the internet ask); what they
 * write locally is judged by zone; options that send local files are uploads.
 */
import type { ProgramSpec } from "./types.ts";

export const NETWORK: ProgramSpec[] = [
  {
    names: ["curl"],
    opts: {
      "-o|--output|-D|--dump-header|-c|--cookie-jar|--trace|--trace-ascii|--stderr|--libcurl|--etag-save|--hsts|--alt-svc":
        { arity: 1, role: "write" },
      "--output-dir": { arity: 1, role: "target-dir" },
      "-O|--remote-name|-J|--remote-header-name|--remote-name-all|--create-dirs": "flag",
      "-K|--config": { arity: 1, role: "config" },
      "-T|--upload-file": { arity: 1, role: "upload" },
      "--url": { arity: 1, role: "url" },
      "-x|--proxy|--preproxy|--connect-to|--resolve|--doh-url": { arity: 1, role: "url" },
      "--unix-socket|--abstract-unix-socket": { arity: 1, role: "data" },
      "-b|--cookie|--cacert|--capath|-E|--cert|--key|--netrc-file|--etag-compare": {
        arity: 1,
        role: "read",
      },
      // `@FILE` (or `NAME=@FILE`) sends the file; `@-` the standard input.
      "-d|--data|--data-binary|--data-ascii|--json": {
        arity: 1,
        role: "upload-ref",
        fileRef: /(?:^|=)@(.*)$/s,
      },
      // `NAME=@FILE` attaches the file, `NAME=<FILE` its contents (`;type=…` modifiers follow).
      "-F|--form": { arity: 1, role: "upload-ref", fileRef: /=[@<]([^;]*)/s },
      // `@FILE` and `NAME@FILE` send the file (`NAME=CONTENT` is text, whatever it holds).
      "--data-urlencode": { arity: 1, role: "upload-ref", fileRef: /^[^=@]*@(.*)$/s },
      "--data-raw|--form-string|-H|--header|-u|--user|-A|--user-agent|-e|--referer|-X|--request|-m|--max-time|--connect-timeout|-r|--range|-w|--write-out|--retry|--retry-delay|--retry-max-time|-C|--continue-at|-z|--time-cond|--limit-rate|-Y|--speed-limit|-y|--speed-time|--max-filesize|--max-redirs|--interface|--local-port|--dns-servers|--oauth2-bearer|--aws-sigv4|--variable|--expand-url|-Q|--quote|--mail-from|--mail-rcpt|--proto|--proto-redir|--tls-max|--ciphers|--pinnedpubkey|--noproxy|--proxy-user|-U":
        { arity: 1, role: "data" },
    },
    operands: ["url"],
    unknownOptions: "ignore",
  },
  {
    names: ["wget", "wget2"],
    opts: {
      "-O|--output-document|-o|--output-file|-a|--append-output|--save-cookies|--warc-file": {
        arity: 1,
        role: "write",
      },
      "-P|--directory-prefix": { arity: 1, role: "target-dir" },
      "--load-cookies|--ca-certificate|--certificate|--private-key": { arity: 1, role: "read" },
      "-i|--input-file|--config": { arity: 1, role: "unknown" },
      "--post-file|--body-file": { arity: 1, role: "upload" },
      "-e|--execute": { arity: 1, role: "unknown" },
      "--use-askpass": { arity: 1, role: "exec-program" },
      "-r|--recursive|-m|--mirror": "flag",
    },
    operands: ["url"],
    unknownOptions: "ignore",
  },
  {
    names: ["rsync"],
    destLast: "copy",
    remoteOperands: true,
    opts: {
      "-e|--rsh|--rsync-path": { arity: 1, role: "exec-program" },
      "-r|--recursive|-a|--archive": "recursive",
      "--delete|--delete-before|--delete-during|--delete-delay|--delete-after|--delete-excluded|--del":
        { arity: 0, role: "mirror" },
      "--remove-source-files": { arity: 0, role: "flag" },
      "--files-from|--exclude-from|--include-from|--password-file|-f|--filter": {
        arity: 1,
        role: "read",
      },
      "--exclude|--include|--chmod|--chown|--usermap|--groupmap|--backup-dir|--suffix|--bwlimit|--timeout|--contimeout|--port|--log-file-format|--out-format|--info|--debug|--max-size|--min-size|--max-delete|--compare-dest|--copy-dest|--link-dest|--partial-dir|-T|--temp-dir|--modify-window|--block-size|-B|--checksum-choice|--compress-choice|--compress-level|--iconv|--sockopts|--outbuf|--stop-after|--stop-at":
        { arity: 1, role: "data" },
      "--log-file|--write-batch|--only-write-batch": { arity: 1, role: "write" },
      "--read-batch": { arity: 1, role: "read" },
    },
    unknownOptions: "ignore",
  },
  {
    names: ["scp", "sftp"],
    destLast: "copy",
    remoteOperands: true,
    opts: {
      "-r": "recursive",
      "-S|-o|-F": { arity: 1, role: "exec-program" },
      "-i|-c|-J|-l|-P|-D|-X": { arity: 1, role: "data" },
    },
    unknownOptions: "ignore",
  },
  {
    names: [
      "psql",
      "mysql",
      "mariadb",
      "redis-cli",
      "mongosh",
      "mongo",
      "pg_isready",
      "clickhouse-client",
    ],
    opts: {
      "-h|--host|-H|--hostname|-u|--uri": { arity: 1, role: "url" },
      "-c|--command|-e|--execute|--eval": { arity: 1, role: "data" },
      "-f|--file": { arity: 1, role: "read" },
      "-o|--output|-L|--log-file": { arity: 1, role: "write" },
      "-U|--username|-d|--dbname|-p|--port|-P|-a|-n|-D|--database|-W|--password": {
        arity: 1,
        role: "data",
      },
    },
    operands: ["data"],
    unknownOptions: "ignore",
  },
  {
    names: ["http", "https", "xh", "xhs", "httpie"],
    opts: { "-o|--output|--download": { arity: 1, role: "write" } },
    // Request items: `NAME@FILE` uploads the file, `NAME=@FILE` / `NAME:=@FILE` embed it, `@FILE`
    // is the body; the standard input is the body too.
    operands: ["url", "upload-ref"],
    operandFileRef: /^(?:[^\-=@:][^=@:]*(?:=|:=)?)?@(.*)$/s,
    stdinBody: true,
    unknownOptions: "ignore",
  },
];
