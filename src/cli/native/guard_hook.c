/*
 * guard-hook: guard's native hook client (docs/adr/0023, "The native client").
 *
 *   guard-hook <thin client command line> … evaluate <arg>...
 *
 * The same exchange as src/cli/hook_client.ts, in a process that starts in about a millisecond
 * instead of a Deno runtime's sixty: it connects to the resident evaluator's socket
 * ($HOME/.aiguard/guard.sock), sends the request (a JSON header line with the words after the
 * last `evaluate` and the hook's variables, then the payload read from stdin), prints the reply's
 * stderr and stdout lines and exits with its code.
 *
 * It decides nothing. Whenever it has no answer it can use — no HOME, no socket, a refusal, a
 * reply that is late, malformed, not ASCII, of another version, a payload too large, anything
 * unexpected — it runs its arguments, the Deno thin client's command line (which asks again and
 * otherwise evaluates in-process), with the same stdin: untouched when nothing was read yet, else
 * the bytes it read, replayed through a pipe. It never prints an answer it did not receive whole,
 * and its own failures end in that fallback or in exit 2 (a stop), never in exit 0.
 *
 * GUARD_VERSION is given at build time (`-DGUARD_VERSION="…"`, src/cli/native/native_client.ts).
 */
#define _POSIX_C_SOURCE 200809L
#define _DARWIN_C_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef GUARD_VERSION
#error "build with -DGUARD_VERSION=\"<version>\""
#endif

/* The bounds of src/cli/hook_client.ts (tests/native_client_test.ts holds them equal). */
#define MAX_PAYLOAD (8 * 1024 * 1024)
#define MAX_HEADER (16 * 1024)
#define MAX_REPLY (1024 * 1024)
#define CLIENT_TIMEOUT_MS 2000
#define MAX_ARGS 8

/* The variables the hook reads, forwarded in this order (hook_client.ts FORWARDED_ENV). */
static const char *const FORWARDED_ENV[] = {"HOME", "PWD", "DENO_DIR", "CLAUDE_CODE_ENTRYPOINT"};
#define N_ENV (sizeof FORWARDED_ENV / sizeof FORWARDED_ENV[0])

static char **fallback_argv;
/* The evaluator's connection (closed in the payload's writer, which outlives this process). */
static int sock_fd = -1;

/* ---- growable byte buffer ---------------------------------------------------------------- */

typedef struct {
  unsigned char *p;
  size_t n, cap;
} buf_t;

static int buf_reserve(buf_t *b, size_t extra) {
  if (b->n + extra <= b->cap) return 0;
  size_t cap = b->cap ? b->cap : 4096;
  while (cap < b->n + extra) cap *= 2;
  unsigned char *p = realloc(b->p, cap);
  if (!p) return -1;
  b->p = p;
  b->cap = cap;
  return 0;
}

static int buf_add(buf_t *b, const void *s, size_t n) {
  if (buf_reserve(b, n)) return -1;
  memcpy(b->p + b->n, s, n);
  b->n += n;
  return 0;
}

static int buf_str(buf_t *b, const char *s) { return buf_add(b, s, strlen(s)); }

/* ---- the fallback ------------------------------------------------------------------------ */

/*
 * Runs the fallback with the original stdin (nothing of it read). Never returns. A fallback that
 * cannot start exits as the shell would (127 not found, 126 not runnable), silently: the hook's
 * fail-closed wrapper turns that into the agent's stop with its one line, as without this client.
 */
static void fallback_untouched(void) {
  execvp(fallback_argv[0], fallback_argv);
  _exit(errno == ENOENT ? 127 : 126);
}

/*
 * Runs the fallback with `payload` as its stdin: a grandchild writes it into a pipe (its own
 * SIGPIPE ignored, so a fallback that stops reading ends it quietly) while this process becomes
 * the fallback. Never returns.
 */
static void fallback_with(const unsigned char *payload, size_t n) {
  int fds[2];
  if (pipe(fds) != 0) goto fail;
  pid_t child = fork();
  if (child < 0) goto fail;
  if (child == 0) {
    pid_t writer = fork();
    if (writer != 0) _exit(writer < 0 ? 1 : 0);
    signal(SIGPIPE, SIG_IGN);
    close(fds[0]);
    if (sock_fd >= 0) close(sock_fd);
    /* Nothing of the agent's: its stdout and stderr end when the fallback ends, not this writer. */
    close(0);
    close(1);
    close(2);
    size_t off = 0;
    while (off < n) {
      ssize_t w = write(fds[1], payload + off, n - off);
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) break;
      off += (size_t)w;
    }
    _exit(0);
  }
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) goto fail;
  close(fds[1]);
  if (dup2(fds[0], 0) < 0) goto fail;
  close(fds[0]);
  fallback_untouched();
fail:
  fprintf(stderr, "guard: FAIL-CLOSED [input.guard-unavailable] cannot replay the call to the "
                  "in-process hook: %s\n", strerror(errno));
  _exit(2);
}

/* ---- starting the evaluator ------------------------------------------------------------- */

/*
 * When nobody listens on the socket (none there, or a stale one: ENOENT, ECONNREFUSED), the call
 * falls back as always, and first, where `guard install` left a start line beside this binary
 * (`bin/guard-hook.start`: one shell line, the session-start hook's), starts the evaluator with
 * it in the background, so the next calls are answered warm where no service manager or
 * session-start hook brought it up (an agent without one, an evaluator killed mid-session).
 *
 * It does not start one when AIGUARD_NO_AUTOSTART is set (not empty), when `guard serve --stop`
 * left `serve.stopped`, when the line is not a regular file of this user's that nobody else can
 * write, or within AUTOSTART_BACKOFF_S of the last start by anyone (`serve.started`, which the
 * start line also touches; created O_EXCL here, so of several hooks finding it old only one
 * starts it). The started process has its own session, /dev/null for stdin, stdout and stderr
 * and none of the agent's other descriptors: the agent's wait for the hook's output does not
 * wait for it. It reads nothing of stdin, which the fallback then gets untouched.
 */
#define AUTOSTART_BACKOFF_S 30
#define MAX_START_LINE (16 * 1024)

static int state_path(char *out, size_t cap, const char *home, size_t hl, const char *name) {
  int n = snprintf(out, cap, "%.*s/.aiguard/%s", (int)hl, home, name);
  return n > 0 && (size_t)n < cap ? 0 : -1;
}

/* The start line, if one is there that only this user can have written (malloc'd), else NULL. */
static char *start_line(const char *home, size_t hl) {
  char path[4096];
  struct stat st;
  if (state_path(path, sizeof path, home, hl, "serve.stopped") || lstat(path, &st) == 0) {
    return NULL;
  }
  if (state_path(path, sizeof path, home, hl, "bin/guard-hook.start")) return NULL;
  int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return NULL;
  char *line = NULL;
  size_t n = 0;
  if (!fstat(fd, &st) && S_ISREG(st.st_mode) && st.st_uid == getuid() && !(st.st_mode & 022) &&
      st.st_size > 0 && st.st_size <= MAX_START_LINE) {
    line = malloc((size_t)st.st_size + 1);
  }
  while (line && n < (size_t)st.st_size) {
    ssize_t r = read(fd, line + n, (size_t)st.st_size - n);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    n += (size_t)r;
  }
  close(fd);
  if (line && (n != (size_t)st.st_size || memchr(line, 0, n))) {
    free(line);
    return NULL;
  }
  if (line) line[n] = 0;
  return line;
}

/* Is it this hook's turn to start the evaluator (nobody started one within the backoff)? */
static int claim_start(const char *home, size_t hl) {
  char path[4096];
  struct stat st;
  if (state_path(path, sizeof path, home, hl, "serve.started")) return 0;
  if (lstat(path, &st) == 0) {
    time_t now = time(NULL);
    /* Started lately by someone (a time ahead of the clock counts as old, never as forever). */
    if (st.st_mtime <= now && now - st.st_mtime < AUTOSTART_BACKOFF_S) return 0;
    if (unlink(path) != 0 && errno != ENOENT) return 0;
  }
  int mark = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (mark < 0) return 0; /* another hook is starting it, or no state directory */
  close(mark);
  return 1;
}

/* Runs `line` with /bin/sh in a session of its own, detached from every descriptor of ours. */
static void spawn_detached(const char *line) {
  pid_t child = fork();
  if (child == 0) {
    setsid();
    pid_t starter = fork();
    if (starter != 0) _exit(0);
    int null = open("/dev/null", O_RDWR);
    if (null < 0) _exit(1);
    dup2(null, 0);
    dup2(null, 1);
    dup2(null, 2);
    long max = sysconf(_SC_OPEN_MAX);
    if (max < 0 || max > 65536) max = 65536;
    for (int f = 3; f < max; f++) close(f);
    execl("/bin/sh", "sh", "-c", line, (char *)NULL);
    _exit(127);
  }
  if (child > 0) {
    while (waitpid(child, NULL, 0) < 0 && errno == EINTR) {
    }
  }
}

static void autostart(const char *home, size_t hl) {
  /* Opted out (a runner that wants no process outliving its hooks, guard's own tests). */
  const char *off = getenv("AIGUARD_NO_AUTOSTART");
  if (off && *off) return;
  char *line = start_line(home, hl);
  if (line && claim_start(home, hl)) spawn_detached(line);
  free(line);
}

/* ---- time -------------------------------------------------------------------------------- */

static int64_t now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* Waits for `events` on fd until the deadline: 1 ready, 0 late or failed. */
static int wait_fd(int fd, short events, int64_t deadline) {
  for (;;) {
    int64_t left = deadline - now_ms();
    if (left <= 0) return 0;
    struct pollfd p = {fd, events, 0};
    int r = poll(&p, 1, (int)left);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return 0;
    return (p.revents & (events | POLLHUP)) ? 1 : 0;
  }
}

/* ---- JSON out ---------------------------------------------------------------------------- */

/* Is s valid UTF-8 (no overlongs, no surrogates, ≤ U+10FFFF)? Deno would re-encode it otherwise. */
static int utf8_ok(const unsigned char *s) {
  while (*s) {
    unsigned c = *s;
    int n;
    unsigned min;
    if (c < 0x80) {
      s++;
      continue;
    } else if ((c & 0xe0) == 0xc0) {
      n = 1, min = 0x80, c &= 0x1f;
    } else if ((c & 0xf0) == 0xe0) {
      n = 2, min = 0x800, c &= 0x0f;
    } else if ((c & 0xf8) == 0xf0) {
      n = 3, min = 0x10000, c &= 0x07;
    } else {
      return 0;
    }
    s++;
    for (int i = 0; i < n; i++, s++) {
      if ((*s & 0xc0) != 0x80) return 0;
      c = (c << 6) | (*s & 0x3f);
    }
    if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff)) return 0;
  }
  return 1;
}

/* A JSON string; -1 when s is not UTF-8 (the fallback then sends what Deno would). */
static int json_str(buf_t *b, const char *s) {
  if (!utf8_ok((const unsigned char *)s)) return -1;
  if (buf_str(b, "\"")) return -1;
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    char esc[8];
    if (*p == '"' || *p == '\\') {
      esc[0] = '\\', esc[1] = (char)*p, esc[2] = 0;
    } else if (*p < 0x20) {
      snprintf(esc, sizeof esc, "\\u%04x", *p);
    } else {
      esc[0] = (char)*p, esc[1] = 0;
    }
    if (buf_str(b, esc)) return -1;
  }
  return buf_str(b, "\"");
}

/* ---- JSON in (the reply: one object of ASCII) -------------------------------------------- */

typedef struct {
  const char *s, *end;
} cur_t;

static void ws(cur_t *c) {
  while (c->s < c->end && (*c->s == ' ' || *c->s == '\t' || *c->s == '\n' || *c->s == '\r')) c->s++;
}

static int hex4(const char *s, unsigned *out) {
  unsigned v = 0;
  for (int i = 0; i < 4; i++) {
    char h = s[i];
    v <<= 4;
    if (h >= '0' && h <= '9') v |= (unsigned)(h - '0');
    else if (h >= 'a' && h <= 'f') v |= (unsigned)(h - 'a' + 10);
    else if (h >= 'A' && h <= 'F') v |= (unsigned)(h - 'A' + 10);
    else return -1;
  }
  *out = v;
  return 0;
}

static int put_utf8(buf_t *b, unsigned cp) {
  unsigned char u[4];
  size_t n;
  if (cp < 0x80) u[0] = (unsigned char)cp, n = 1;
  else if (cp < 0x800) u[0] = (unsigned char)(0xc0 | cp >> 6), u[1] = (unsigned char)(0x80 | (cp & 0x3f)), n = 2;
  else if (cp < 0x10000) {
    u[0] = (unsigned char)(0xe0 | cp >> 12), u[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
    u[2] = (unsigned char)(0x80 | (cp & 0x3f)), n = 3;
  } else {
    u[0] = (unsigned char)(0xf0 | cp >> 18), u[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3f));
    u[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f)), u[3] = (unsigned char)(0x80 | (cp & 0x3f));
    n = 4;
  }
  return buf_add(b, u, n);
}

/*
 * A JSON string at the cursor, decoded to UTF-8 into `out` (when not NULL) the way the Deno
 * client's TextEncoder writes it: a lone surrogate becomes U+FFFD. -1 when malformed.
 */
static int read_str(cur_t *c, buf_t *out) {
  if (c->s >= c->end || *c->s != '"') return -1;
  c->s++;
  while (c->s < c->end) {
    char ch = *c->s++;
    if (ch == '"') return 0;
    if ((unsigned char)ch < 0x20) return -1;
    if (ch != '\\') {
      if (out && buf_add(out, &ch, 1)) return -1;
      continue;
    }
    if (c->s >= c->end) return -1;
    char e = *c->s++;
    unsigned cp;
    switch (e) {
      case '"': cp = '"'; break;
      case '\\': cp = '\\'; break;
      case '/': cp = '/'; break;
      case 'b': cp = '\b'; break;
      case 'f': cp = '\f'; break;
      case 'n': cp = '\n'; break;
      case 'r': cp = '\r'; break;
      case 't': cp = '\t'; break;
      case 'u': {
        if (c->end - c->s < 4 || hex4(c->s, &cp)) return -1;
        c->s += 4;
        if (cp >= 0xd800 && cp <= 0xdbff) {
          unsigned lo;
          if (c->end - c->s >= 6 && c->s[0] == '\\' && c->s[1] == 'u' && !hex4(c->s + 2, &lo) &&
              lo >= 0xdc00 && lo <= 0xdfff) {
            c->s += 6;
            cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
          } else {
            cp = 0xfffd;
          }
        } else if (cp >= 0xdc00 && cp <= 0xdfff) {
          cp = 0xfffd;
        }
        break;
      }
      default: return -1;
    }
    if (out && put_utf8(out, cp)) return -1;
  }
  return -1;
}

static int skip_value(cur_t *c, int depth);

static int skip_number(cur_t *c) {
  const char *start = c->s;
  if (c->s < c->end && *c->s == '-') c->s++;
  if (c->s >= c->end) return -1;
  if (*c->s == '0') c->s++;
  else if (*c->s >= '1' && *c->s <= '9') while (c->s < c->end && *c->s >= '0' && *c->s <= '9') c->s++;
  else return -1;
  if (c->s < c->end && *c->s == '.') {
    c->s++;
    if (c->s >= c->end || *c->s < '0' || *c->s > '9') return -1;
    while (c->s < c->end && *c->s >= '0' && *c->s <= '9') c->s++;
  }
  if (c->s < c->end && (*c->s == 'e' || *c->s == 'E')) {
    c->s++;
    if (c->s < c->end && (*c->s == '+' || *c->s == '-')) c->s++;
    if (c->s >= c->end || *c->s < '0' || *c->s > '9') return -1;
    while (c->s < c->end && *c->s >= '0' && *c->s <= '9') c->s++;
  }
  return c->s > start ? 0 : -1;
}

static int skip_lit(cur_t *c, const char *lit) {
  size_t n = strlen(lit);
  if ((size_t)(c->end - c->s) < n || memcmp(c->s, lit, n)) return -1;
  c->s += n;
  return 0;
}

static int skip_value(cur_t *c, int depth) {
  if (depth > 64) return -1;
  ws(c);
  if (c->s >= c->end) return -1;
  char ch = *c->s;
  if (ch == '"') return read_str(c, NULL);
  if (ch == '{' || ch == '[') {
    char close = ch == '{' ? '}' : ']';
    c->s++;
    ws(c);
    if (c->s < c->end && *c->s == close) {
      c->s++;
      return 0;
    }
    for (;;) {
      if (ch == '{') {
        ws(c);
        if (read_str(c, NULL)) return -1;
        ws(c);
        if (c->s >= c->end || *c->s++ != ':') return -1;
      }
      if (skip_value(c, depth + 1)) return -1;
      ws(c);
      if (c->s >= c->end) return -1;
      if (*c->s == ',') {
        c->s++;
        continue;
      }
      if (*c->s++ == close) return 0;
      return -1;
    }
  }
  if (ch == 't') return skip_lit(c, "true");
  if (ch == 'f') return skip_lit(c, "false");
  if (ch == 'n') return skip_lit(c, "null");
  return skip_number(c);
}

typedef struct {
  int code; /* 0 or 2; -1: absent or anything else */
  int version_ok;
  int has_out, has_err;
  buf_t out, err;
} answer_t;

/*
 * The reply line as hook_client.ts `parseAnswer` accepts it: an object whose `v` is this version,
 * `code` 0 or 2, `stdout` and `stderr` strings when present (the last of a repeated key counts,
 * as in JSON.parse). 0 when accepted.
 */
static int parse_answer(const char *s, size_t n, answer_t *a) {
  cur_t c = {s, s + n};
  memset(a, 0, sizeof *a);
  a->code = -1;
  ws(&c);
  if (c.s >= c.end || *c.s++ != '{') return -1;
  ws(&c);
  if (c.s < c.end && *c.s == '}') {
    c.s++;
  } else {
    for (;;) {
      buf_t key = {0};
      ws(&c);
      if (read_str(&c, &key) || buf_add(&key, "", 1)) return free(key.p), -1;
      ws(&c);
      if (c.s >= c.end || *c.s++ != ':') return free(key.p), -1;
      ws(&c);
      const char *k = (const char *)key.p;
      if (!strcmp(k, "v")) {
        buf_t v = {0};
        if (c.s < c.end && *c.s == '"') {
          if (read_str(&c, &v) || buf_add(&v, "", 1)) return free(key.p), free(v.p), -1;
          a->version_ok = !strcmp((const char *)v.p, GUARD_VERSION) &&
                          v.n - 1 == strlen(GUARD_VERSION);
        } else {
          if (skip_value(&c, 0)) return free(key.p), -1;
          a->version_ok = 0;
        }
        free(v.p);
      } else if (!strcmp(k, "code")) {
        const char *start = c.s;
        if (skip_value(&c, 0)) return free(key.p), -1;
        size_t len = (size_t)(c.s - start);
        a->code = (len == 1 && (*start == '0' || *start == '2')) ? *start - '0' : -1;
      } else if (!strcmp(k, "stdout") || !strcmp(k, "stderr")) {
        int is_out = k[3] == 'o';
        buf_t *dst = is_out ? &a->out : &a->err;
        dst->n = 0;
        if (c.s < c.end && *c.s == '"') {
          if (read_str(&c, dst)) return free(key.p), -1;
          if (is_out) a->has_out = 1;
          else a->has_err = 1;
        } else {
          /* present and not a string: not guard's answer */
          free(key.p);
          return -1;
        }
      } else if (skip_value(&c, 0)) {
        return free(key.p), -1;
      }
      free(key.p);
      ws(&c);
      if (c.s >= c.end) return -1;
      if (*c.s == ',') {
        c.s++;
        continue;
      }
      if (*c.s++ == '}') break;
      return -1;
    }
  }
  ws(&c);
  if (c.s != c.end) return -1;
  return a->version_ok && (a->code == 0 || a->code == 2) ? 0 : -1;
}

/* ---- the exchange ------------------------------------------------------------------------ */

static int write_all(int fd, const unsigned char *p, size_t n, int64_t deadline) {
  size_t off = 0;
  while (off < n) {
#ifdef MSG_NOSIGNAL
    ssize_t w = send(fd, p + off, n - off, MSG_NOSIGNAL);
#else
    ssize_t w = send(fd, p + off, n - off, 0);
#endif
    if (w > 0) {
      off += (size_t)w;
      continue;
    }
    if (w < 0 && errno == EINTR) continue;
    if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      if (!wait_fd(fd, POLLOUT, deadline)) return -1;
      continue;
    }
    return -1;
  }
  return 0;
}

static void write_fd(int fd, const unsigned char *p, size_t n) {
  size_t off = 0;
  while (off < n) {
    ssize_t w = write(fd, p + off, n - off);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) _exit(2); /* a reply half-written is no reply: stop */
    off += (size_t)w;
  }
}

int main(int argc, char **argv) {
  /* The evaluation's arguments: the words after the thin client's last `evaluate`. */
  int at = -1;
  for (int i = 2; i < argc; i++) {
    if (!strcmp(argv[i], "evaluate")) at = i;
  }
  if (argc < 2 || at < 0 || argc - at - 1 > MAX_ARGS) {
    fprintf(stderr, "guard: FAIL-CLOSED [input.internal-error] usage: guard-hook <thin client "
                    "command line> evaluate <arg>...\n");
    return 2;
  }
  fallback_argv = argv + 1;
  int64_t deadline = now_ms() + CLIENT_TIMEOUT_MS;

  /* The socket of the home directory the hook names; none usable: evaluate in-process. */
  const char *home = getenv("HOME");
  if (!home || home[0] != '/') fallback_untouched();
  size_t hl = strlen(home);
  while (hl > 0 && home[hl - 1] == '/') hl--;
  struct sockaddr_un addr;
  memset(&addr, 0, sizeof addr);
  addr.sun_family = AF_UNIX;
  static const char tail[] = "/.aiguard/guard.sock";
  if (hl + sizeof tail > sizeof addr.sun_path) fallback_untouched();
  memcpy(addr.sun_path, home, hl);
  memcpy(addr.sun_path + hl, tail, sizeof tail);

  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd < 0) fallback_untouched();
  sock_fd = fd;
  fcntl(fd, F_SETFD, FD_CLOEXEC);
#ifdef SO_NOSIGPIPE
  int one = 1;
  setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof one);
#endif
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
  if (connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0) {
    if (errno != EINPROGRESS) {
      if (errno == ENOENT || errno == ECONNREFUSED) autostart(home, hl);
      fallback_untouched();
    }
    int err = 0;
    socklen_t len = sizeof err;
    if (!wait_fd(fd, POLLOUT, deadline) || getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) || err) {
      fallback_untouched();
    }
  }

  /* The payload, up to one byte past the bound (then the in-process path names it too large). */
  buf_t payload = {0};
  for (;;) {
    if (buf_reserve(&payload, 64 * 1024)) _exit(2);
    ssize_t r = read(0, payload.p + payload.n, 64 * 1024);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) _exit(2); /* stdin unreadable: nothing to replay; a stop */
    if (r == 0) break;
    payload.n += (size_t)r;
    if (payload.n > MAX_PAYLOAD) break;
  }
  if (payload.n > MAX_PAYLOAD) fallback_with(payload.p, payload.n);
  /* Reading stdin is the agent's time, not the evaluator's: the deadline starts again. */
  deadline = now_ms() + CLIENT_TIMEOUT_MS;

  buf_t req = {0};
  int bad = buf_str(&req, "{\"v\":") || json_str(&req, GUARD_VERSION) ||
            buf_str(&req, ",\"op\":\"evaluate\",\"args\":[");
  for (int i = at + 1; !bad && i < argc; i++) {
    bad = (i > at + 1 && buf_str(&req, ",")) || json_str(&req, argv[i]);
  }
  bad = bad || buf_str(&req, "],\"env\":{");
  int first = 1;
  for (size_t i = 0; !bad && i < N_ENV; i++) {
    const char *v = getenv(FORWARDED_ENV[i]);
    if (!v) continue;
    bad = (!first && buf_str(&req, ",")) || json_str(&req, FORWARDED_ENV[i]) ||
          buf_str(&req, ":") || json_str(&req, v);
    first = 0;
  }
  char len[40];
  snprintf(len, sizeof len, "},\"length\":%zu}\n", payload.n);
  bad = bad || buf_str(&req, len);
  if (bad || req.n > MAX_HEADER) fallback_with(payload.p, payload.n);
  if (buf_add(&req, payload.p, payload.n)) fallback_with(payload.p, payload.n);
  if (write_all(fd, req.p, req.n, deadline)) fallback_with(payload.p, payload.n);
  free(req.p);

  /* The reply: exactly one ASCII line, then the evaluator closes. */
  buf_t reply = {0};
  for (;;) {
    if (buf_reserve(&reply, 16 * 1024)) fallback_with(payload.p, payload.n);
    ssize_t r = recv(fd, reply.p + reply.n, 16 * 1024, 0);
    if (r > 0) {
      reply.n += (size_t)r;
      if (reply.n > MAX_REPLY) fallback_with(payload.p, payload.n);
      continue;
    }
    if (r == 0) break;
    if (errno == EINTR) continue;
    if ((errno == EAGAIN || errno == EWOULDBLOCK) && wait_fd(fd, POLLIN, deadline)) continue;
    fallback_with(payload.p, payload.n);
  }
  close(fd);
  sock_fd = -1;
  if (reply.n == 0 || reply.p[reply.n - 1] != '\n') fallback_with(payload.p, payload.n);
  for (size_t i = 0; i < reply.n; i++) {
    if (reply.p[i] > 0x7f || (reply.p[i] == '\n' && i != reply.n - 1)) {
      fallback_with(payload.p, payload.n);
    }
  }
  answer_t a;
  if (parse_answer((const char *)reply.p, reply.n - 1, &a)) fallback_with(payload.p, payload.n);

  /* As the Deno client prints it: stderr's line, then stdout's; an empty one not at all. */
  if (a.has_err && a.err.n) {
    buf_add(&a.err, "\n", 1);
    write_fd(2, a.err.p, a.err.n);
  }
  if (a.has_out && a.out.n) {
    if (buf_add(&a.out, "\n", 1)) _exit(2);
    write_fd(1, a.out.p, a.out.n);
  }
  return a.code;
}
