"""Random value generators for the synthetic secret-detection eval set.

Every credential-shaped value is produced from a seeded PRNG in the provider's
publicly documented token shape (prefix, alphabet, length).  None of them is a
real credential.  Written without reference to the detector's rules.
"""
import base64
import json
import random
import string
import struct
import uuid
import zlib
from urllib.parse import quote

UP = string.ascii_uppercase
LO = string.ascii_lowercase
DG = string.digits
AN = UP + LO + DG
B32 = UP + "234567"
B64 = AN + "+/"
B64U = AN + "-_"
HX = "0123456789abcdef"

# every generated credential value (both splits) goes here: never reuse one
USED = set()

WORDS = ["atlas", "harbor", "nightjar", "ledger", "kestrel", "driftwood", "copper", "maple",
         "halcyon", "quartz", "sundial", "otter", "basil", "polaris", "juniper", "cobalt",
         "meadow", "falcon", "ember", "lumen", "tundra", "willow", "saffron", "orbit", "pylon",
         "marble", "canyon", "heron", "cedar", "aurora", "zephyr", "granite", "lotus", "vortex"]
SERVICES = ["billing-api", "orders-service", "payments-worker", "ingest", "notifier", "auth-gateway",
            "search-indexer", "report-builder", "media-proxy", "checkout", "inventory", "scheduler",
            "webhooks", "analytics-etl", "mailer", "user-profile", "catalog", "shipping-rates"]
USERS = ["alice", "bob", "carol", "dmitri", "eve", "farah", "gustavo", "hana", "ivan", "jamal",
         "keiko", "liam", "mei", "nora", "omar", "priya", "quinn", "rosa", "sven", "tariq", "uma",
         "vikram", "wen", "yusuf", "zoe", "mateo", "ingrid", "kofi", "lena", "ravi"]
DOMAINS = ["acmecorp.io", "globex.net", "initech.dev", "umbrella-labs.co", "hooli.xyz",
           "piedpiper.app", "vandelay.org", "wayne-ent.com", "starklabs.io", "tyrell.systems",
           "cyberdyne.tech", "soylent.dev", "massive-dynamic.com", "oscorp.cloud", "aperture.run"]
REGIONS = ["us-east-1", "us-west-2", "eu-west-1", "eu-central-1", "ap-southeast-2", "ap-northeast-1"]
ORGS = ["acme", "globex", "initech", "hooli", "piedpiper", "vandelay", "starklabs", "tyrell",
        "cyberdyne", "soylent", "aperture", "oscorp"]


def sshstr(b):
    return struct.pack(">I", len(b)) + b


def wrap(s, n):
    return "\n".join(s[i:i + n] for i in range(0, len(s), n))


B62 = DG + UP + LO


def base62(n):
    out = ""
    while n:
        n, r = divmod(n, 62)
        out = B62[r] + out
    return out or "0"


def camelize(k):
    parts = k.split("_")
    return parts[0] + "".join(p[:1].upper() + p[1:] for p in parts[1:])


class G:
    def __init__(self, seed):
        self.r = random.Random(seed)

    # ---- primitives -------------------------------------------------------
    def c(self, seq):
        return self.r.choice(seq)

    def sample(self, seq, k):
        return self.r.sample(seq, k)

    def shuffle(self, seq):
        self.r.shuffle(seq)
        return seq

    def s(self, alpha, n):
        return "".join(self.r.choice(alpha) for _ in range(n))

    def n(self, a, b):
        return self.r.randint(a, b)

    def p(self, prob):
        return self.r.random() < prob

    def rb(self, n):
        return bytes(self.r.getrandbits(8) for _ in range(n))

    def digits(self, n):
        return str(self.n(1, 9)) + self.s(DG, n - 1)

    def hexs(self, n):
        return self.s(HX, n)

    def uuid(self):
        return str(uuid.UUID(int=self.r.getrandbits(128), version=4))

    def b64(self, nbytes):
        return base64.b64encode(self.rb(nbytes)).decode()

    def b64u(self, nbytes):
        return base64.urlsafe_b64encode(self.rb(nbytes)).decode().rstrip("=")

    def u(self, fn):
        for _ in range(1000):
            v = fn()
            if v not in USED and "EXAMPLE" not in v and "XXXX" not in v.upper():
                USED.add(v)
                return v
        raise RuntimeError("could not make a unique value")

    # ---- filler -----------------------------------------------------------
    def app(self):
        return self.c(SERVICES)

    def word(self):
        return self.c(WORDS)

    def user(self):
        return self.c(USERS)

    def domain(self):
        return self.c(DOMAINS)

    def org(self):
        return self.c(ORGS)

    def region(self):
        return self.c(REGIONS)

    def email(self):
        return f"{self.user()}@{self.domain()}"

    def host(self):
        return self.c([f"{self.word()}-db.internal", f"db.{self.domain()}", f"10.{self.n(0,255)}.{self.n(0,255)}.{self.n(1,254)}",
                       f"{self.word()}.{self.region()}.rds.amazonaws.com", f"pg-{self.word()}.{self.domain()}"])

    def ip(self):
        return f"{self.n(10,203)}.{self.n(0,255)}.{self.n(0,255)}.{self.n(1,254)}"

    def date(self):
        return f"{self.n(2023,2025)}-{self.n(1,12):02d}-{self.n(1,28):02d}"

    def time(self):
        return f"{self.n(0,23):02d}:{self.n(0,59):02d}:{self.n(0,59):02d}"

    def ts(self):
        return f"{self.date()}T{self.time()}.{self.n(0,9999999):07d}Z"

    def epoch(self):
        return self.n(1690000000, 1750000000)

    def sha1(self):
        return self.hexs(40)

    def sha256(self):
        return self.hexs(64)

    def semver(self):
        return f"{self.n(0,9)}.{self.n(0,30)}.{self.n(0,20)}"

    # ---- credentials --------------------------------------------------------
    def aws_id(self):
        return self.u(lambda: self.c(["AKIA", "AKIA", "AKIA", "ASIA"]) + self.s(B32, 16))

    def aws_secret(self):
        return self.u(lambda: self.s(B64, 40))

    def gcp_key(self):
        return self.u(lambda: "AIzaSy" + self.s(B64U, 33))

    def azure_key(self):
        return self.u(lambda: self.b64(64))

    def crc_token(self, prefix):
        """prefix + 30 random base62 chars + 6-char base62 CRC32 of those 30 chars (the checksum scheme
        GitHub described publicly for its 2021 token formats, also used by npm_ tokens)."""
        body = self.s(AN, 30)
        return prefix + body + base62(zlib.crc32(body.encode()) & 0xffffffff).rjust(6, "0")

    def gh_token(self):
        return self.u(lambda: self.crc_token(self.c(["ghp_", "ghp_", "gho_", "ghu_", "ghs_", "ghr_"])))

    def gh_pat(self):
        return self.u(lambda: "github_pat_" + self.s(AN, 22) + "_" + self.s(AN, 59))

    def gitlab(self):
        return self.u(lambda: "glpat-" + self.s(AN, 1) + self.s(AN + "-_", 19))

    def slack_token(self):
        k = self.c(["xoxb", "xoxb", "xoxp", "xoxa"])
        if k == "xoxb":
            return self.u(lambda: f"xoxb-{self.digits(self.n(10,13))}-{self.digits(self.n(12,13))}-{self.s(AN,24)}")
        if k == "xoxp":
            return self.u(lambda: f"xoxp-{self.digits(self.n(10,13))}-{self.digits(self.n(10,13))}-{self.digits(13)}-{self.hexs(32)}")
        return self.u(lambda: f"xoxa-2-{self.digits(self.n(10,12))}-{self.digits(12)}-{self.digits(13)}-{self.hexs(64)}")

    def slack_hook(self):
        return self.u(lambda: f"https://hooks.slack.com/services/T{self.s(UP+DG,self.n(8,10))}/B{self.s(UP+DG,self.n(8,10))}/{self.s(AN,24)}")

    def discord_hook(self):
        return self.u(lambda: f"https://{self.c(['discord.com','discord.com','discordapp.com'])}/api/webhooks/{self.digits(self.n(18,19))}/{self.s(B64U,68)}")

    def telegram(self):
        return self.u(lambda: f"{self.digits(self.n(8,10))}:AA{self.s(B64U,33)}")

    def stripe(self):
        pref = self.c(["sk_live_", "sk_live_", "rk_live_", "sk_test_"])
        return self.u(lambda: pref + self.c([self.s(AN, self.n(24, 34)), "51" + self.s(AN, self.n(90, 97))]))

    def openai(self):
        k = self.c(["legacy", "proj", "proj"])
        if k == "legacy":
            return self.u(lambda: "sk-" + self.s(AN, 20) + "T3BlbkFJ" + self.s(AN, 20))
        return self.u(lambda: "sk-proj-" + self.s(B64U, 74) + "T3BlbkFJ" + self.s(B64U, 74))

    def anthropic(self):
        return self.u(lambda: "sk-ant-api03-" + self.s(B64U, 93) + "AA")

    def hf(self):
        return self.u(lambda: "hf_" + self.s(UP + LO, 34))

    def npm(self):
        return self.u(lambda: self.crc_token("npm_"))

    def pypi(self):
        def mk():
            raw = (b"\x02\x01\x08pypi.org\x02$" + self.uuid().encode() + b"\x00\x02*[3,\"" + self.uuid().encode()
                   + b"\"]\x00\x00\x06 " + self.rb(32))
            return "pypi-" + base64.urlsafe_b64encode(raw).decode().rstrip("=")
        v = self.u(mk)
        assert v.startswith("pypi-AgEIcHlwaS5vcmc"), v
        return v

    def jwt(self):
        alg = self.c(["HS256", "RS256", "RS256", "ES256"])
        hdr = {"alg": alg, "typ": "JWT"}
        if alg != "HS256" and self.p(0.6):
            hdr["kid"] = self.hexs(self.c([16, 32, 40]))
        t = self.epoch()
        pl = {}
        if self.p(0.7):
            pl["iss"] = self.c([f"https://auth.{self.domain()}/", f"https://{self.word()}.eu.auth0.com/", "kubernetes/serviceaccount",
                                f"https://cognito-idp.{self.region()}.amazonaws.com/{self.region()}_{self.s(AN, 9)}"])
        pl["sub"] = self.c([self.uuid(), f"auth0|{self.hexs(24)}", str(self.n(1000, 9999999)),
                            f"system:serviceaccount:{self.word()}:{self.app()}"])
        if self.p(0.5):
            pl["aud"] = self.c([self.app(), f"https://api.{self.domain()}", self.uuid()])
        if self.p(0.5):
            pl["email"] = self.email()
        if self.p(0.4):
            pl["scope"] = self.c(["openid profile email", "read:orders write:orders", "admin", "repo user"])
        if self.p(0.3):
            pl["role"] = self.c(["admin", "service", "editor", "owner"])
        pl["iat"] = t
        pl["exp"] = t + self.c([900, 3600, 86400, 2592000, 31536000])
        if self.p(0.3):
            pl["jti"] = self.uuid()
        enc = lambda d: base64.urlsafe_b64encode(json.dumps(d, separators=(",", ":")).encode()).decode().rstrip("=")
        siglen = {"HS256": 32, "RS256": 256, "ES256": 64}[alg]
        return self.u(lambda: enc(hdr) + "." + enc(pl) + "." + self.b64u(siglen))

    def db_password(self):
        return self.u(lambda: self.s(AN, 1) + self.s(AN + "-_.~", self.n(13, 29)))

    def generic_secret(self):
        k = self.c(["hex32", "hex40", "hex64", "an", "b64", "b64u", "punct"])
        if k == "hex32":
            return self.u(lambda: self.hexs(32))
        if k == "hex40":
            return self.u(lambda: self.hexs(40))
        if k == "hex64":
            return self.u(lambda: self.hexs(64))
        if k == "an":
            return self.u(lambda: self.s(AN, self.n(24, 48)))
        if k == "b64":
            return self.u(lambda: self.b64(self.c([24, 32, 48])))
        if k == "b64u":
            return self.u(lambda: self.b64u(32))
        return self.u(lambda: self.s(AN, 1) + self.s(LO + DG + UP + "!@%^-_=+", self.n(30, 50)))

    def password(self):
        return self.u(lambda: self.s(AN, 1) + self.s(AN + "!@%^_-.", self.n(11, 23)))

    def opaque_token(self):
        return self.u(lambda: self.c([self.s(AN, self.n(32, 64)), self.b64u(32), self.hexs(48)]))

    # ---- key material (random bytes in a real DER/OpenSSH framing) -----------
    def pem(self, label, der, width=64):
        return f"-----BEGIN {label}-----\n" + wrap(base64.b64encode(der).decode(), width) + f"\n-----END {label}-----"

    def rsa_der(self, bits=2048):
        if bits == 2048:
            head = bytes.fromhex("308204a40201000282010100")
            total = 0x4a4 + 4
        else:
            head = bytes.fromhex("308209280201000282020100")
            total = 0x928 + 4
        return head + self.rb(total - len(head))

    def rsa_pem(self):
        return self.u(lambda: self.pem("RSA PRIVATE KEY", self.rsa_der(self.c([2048, 2048, 4096]))))

    def ec_pem(self):
        der = (bytes.fromhex("30770201010420") + self.rb(32) + bytes.fromhex("a00a06082a8648ce3d030107a144034200")
               + b"\x04" + self.rb(64))
        return self.u(lambda: self.pem("EC PRIVATE KEY", der))

    def pkcs8_der(self):
        head = bytes.fromhex("308204bd020100300d06092a864886f70d0101010500048204a7308204a30201000282010100")
        return head + self.rb(0x4bd + 4 - len(head))

    def pkcs8_pem(self):
        return self.u(lambda: self.pem("PRIVATE KEY", self.pkcs8_der()))

    def openssh_pem(self, comment=None):
        comment = (comment or f"{self.user()}@{self.word()}").encode()
        check = self.rb(4)
        if self.p(0.6):
            pub = self.rb(32)
            pubblob = sshstr(b"ssh-ed25519") + sshstr(pub)
            priv = check + check + sshstr(b"ssh-ed25519") + sshstr(pub) + sshstr(self.rb(32) + pub) + sshstr(comment)
        else:
            n = b"\x00" + self.rb(384)
            e = b"\x01\x00\x01"
            pubblob = sshstr(b"ssh-rsa") + sshstr(e) + sshstr(n)
            priv = (check + check + sshstr(b"ssh-rsa") + sshstr(n) + sshstr(e) + sshstr(b"\x00" + self.rb(383))
                    + sshstr(b"\x00" + self.rb(192)) + sshstr(b"\x00" + self.rb(192)) + sshstr(b"\x00" + self.rb(192))
                    + sshstr(comment))
        i = 1
        while len(priv) % 8:
            priv += bytes([i])
            i += 1
        blob = (b"openssh-key-v1\x00" + sshstr(b"none") + sshstr(b"none") + sshstr(b"") + struct.pack(">I", 1)
                + sshstr(pubblob) + sshstr(priv))
        return self.u(lambda: self.pem("OPENSSH PRIVATE KEY", blob, 70))

    def private_key(self):
        k = self.c(["rsa", "rsa", "ec", "openssh", "openssh", "pkcs8"])
        return {"rsa": self.rsa_pem, "ec": self.ec_pem, "openssh": self.openssh_pem, "pkcs8": self.pkcs8_pem}[k]()

    def gcp_sa(self):
        proj = f"{self.word()}-{self.c(['prod', 'staging', 'data', 'ml', 'infra'])}-{self.digits(6)}"
        name = self.c(["terraform", "ci-deployer", "bq-reader", "firebase-adminsdk-" + self.s(LO + DG, 5), "airflow",
                       "gke-workload", "vertex-runner", "storage-sync"])
        email = f"{name}@{proj}.iam.gserviceaccount.com"
        pem = self.pkcs8_pem() + "\n"
        d = {
            "type": "service_account",
            "project_id": proj,
            "private_key_id": self.hexs(40),
            "private_key": pem,
            "client_email": email,
            "client_id": self.digits(21),
            "auth_uri": "https://accounts.google.com/o/oauth2/auth",
            "token_uri": "https://oauth2.googleapis.com/token",
            "auth_provider_x509_cert_url": "https://www.googleapis.com/oauth2/v1/certs",
            "client_x509_cert_url": "https://www.googleapis.com/robot/v1/metadata/x509/" + quote(email, safe=""),
        }
        if self.p(0.6):
            d["universe_domain"] = "googleapis.com"
        secret = json.dumps(pem.rstrip("\n"))[1:-1]
        return d, secret

    # ---- hard-negative material ----------------------------------------------
    def ssh_pub_ed25519(self, comment=None):
        blob = sshstr(b"ssh-ed25519") + sshstr(self.rb(32))
        return f"ssh-ed25519 {base64.b64encode(blob).decode()} {comment or self.user() + '@' + self.word()}"

    def ssh_pub_rsa(self, comment=None):
        blob = sshstr(b"ssh-rsa") + sshstr(b"\x01\x00\x01") + sshstr(b"\x00" + self.rb(self.c([256, 384])))
        return f"ssh-rsa {base64.b64encode(blob).decode()} {comment or self.user() + '@' + self.word()}"

    def public_key_pem(self):
        der = (bytes.fromhex("30820122300d06092a864886f70d01010105000382010f003082010a0282010100") + self.rb(256)
               + bytes.fromhex("0203010001"))
        return self.pem("PUBLIC KEY", der)

    def cert_pem(self):
        body_len = self.n(0x300, 0x5ff)
        der = (b"\x30\x82" + struct.pack(">H", body_len) + b"\x30\x82" + struct.pack(">H", body_len - 0x110)
               + bytes.fromhex("a0030201020214") + self.rb(20)
               + bytes.fromhex("300d06092a864886f70d01010b0500"))
        der += self.rb(body_len + 4 - len(der))
        return self.pem("CERTIFICATE", der)

    def png_data_uri(self):
        w, h = self.n(8, 24), self.n(8, 24)
        base = [self.n(0, 255) for _ in range(3)]
        rows = b""
        for y in range(h):
            rows += b"\x00" + bytes(((base[i % 3] + (x * 3 + y * 5) * (i % 3 + 1)) % 256) for x in range(w) for i in range(3))
        def chunk(t, d):
            return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
        png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
               + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))
        return "data:image/png;base64," + base64.b64encode(png).decode()

    def integrity(self):
        return "sha512-" + self.b64(64)

    def go_h1(self):
        return "h1:" + self.b64(32)

    def pk_live(self):
        return "pk_live_" + self.c([self.s(AN, 24), "51" + self.s(AN, 97)])

    def google_client_id(self):
        return f"{self.digits(12)}-{self.s(LO + DG, 32)}.apps.googleusercontent.com"

    def aws_unique_id(self):
        return self.c(["AIDA", "AROA", "AGPA", "ANPA"]) + self.s(B32, 17)

    def sealed(self):
        return "AgB" + self.b64(self.n(300, 420))
