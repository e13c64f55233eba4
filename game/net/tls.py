"""Private online play: the host's own certificate and the pin a joiner checks it with.

No certificate authority is involved. The host makes a self-signed certificate (EC
P-256) on first use and keeps it in its data folder (net/host-cert.pem and
net/host-key.pem, the key readable by its owner only), so the invites and seat tokens
it gave out keep working across restarts. The invite carries the certificate's
fingerprint (`pin`: base32 of the first 16 bytes of its SHA-256, 128 bits); a joiner
connects without checking names or authorities, then compares the certificate the
host presented with the pin before it says hello, so a man in the middle (who cannot
present this certificate) never sees the join code, the token or any card.

    ident = host_identity(data_dir)      # made once, then reused
    ctx = ident.server_context()         # websockets serve(..., ssl=ctx)
    ident.pin                            # "K3QF-…", in the invite
    check_pin(ws, pin)                   # on a client: raises PinMismatch
"""

from __future__ import annotations

import base64
import datetime
import hashlib
import ssl
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from game.persistence.files import read_regular, write_atomic
from game.words import Words

PIN_BYTES = 16          # 128 bits of the certificate's SHA-256
PIN_CHARS = 26          # base32 letters of those bytes
CERT_FILE, KEY_FILE = "host-cert.pem", "host-key.pem"
PEM_MOST = 64 * 1024  # ours are about 1 KiB each
VALID_DAYS = 20 * 365   # a friend's saved invite should not expire
# Words: the English everywhere (logs, the host's reason), the player's language on screen
MISMATCH = Words("this host's certificate is not the one in your invite — someone may be "
                 "in between; ask the host for a new invite")


class PinMismatch(ConnectionError):
    """The host presented another certificate than the invite's pin names."""

    def __init__(self, reason: str = MISMATCH):
        super().__init__(reason)
        self.reason = reason

    def __str__(self) -> str:
        return self.reason


def pin_of(der: bytes) -> str:
    """The pin of a DER certificate: 26 base32 letters and digits, grouped by four."""
    raw = base64.b32encode(hashlib.sha256(der).digest()[:PIN_BYTES]).decode().rstrip("=")
    return "-".join(raw[i:i + 4] for i in range(0, len(raw), 4))


def normal_pin(text: str) -> str | None:
    """A typed pin in its grouped form, or None when it is not a whole pin. Case, spaces
    and dashes do not matter; 0, 1 and 8 (not in base32) are read as O, I and B."""
    raw = "".join(c for c in text.upper() if c not in " -_.\t")
    raw = raw.translate(str.maketrans("018", "OIB"))
    if len(raw) != PIN_CHARS or any(c not in "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567" for c in raw):
        return None
    return "-".join(raw[i:i + 4] for i in range(0, len(raw), 4))


@dataclass(frozen=True)
class Identity:
    """The host's certificate and key (PEM) and the certificate's pin."""

    cert_pem: bytes
    key_pem: bytes
    pin: str

    def server_context(self) -> ssl.SSLContext:
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.minimum_version = ssl.TLSVersion.TLSv1_2
        # load_cert_chain reads files only: a private temporary folder, removed at once
        with tempfile.TemporaryDirectory(prefix="narby-tls-") as tmp:
            cert, key = Path(tmp) / CERT_FILE, Path(tmp) / KEY_FILE
            cert.write_bytes(self.cert_pem)
            write_atomic(key, self.key_pem, sync=False)  # private (0600); gone at once
            ctx.load_cert_chain(cert, key)
        return ctx


def make_identity() -> Identity:
    """A new self-signed EC P-256 certificate."""
    from cryptography import x509  # noqa: PLC0415 (only a host needs it, once)
    from cryptography.hazmat.primitives import hashes, serialization  # noqa: PLC0415
    from cryptography.hazmat.primitives.asymmetric import ec  # noqa: PLC0415
    from cryptography.x509.oid import NameOID  # noqa: PLC0415

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Narby Conquest host")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=VALID_DAYS))
            .sign(key, hashes.SHA256()))
    return Identity(cert.public_bytes(serialization.Encoding.PEM),
                    key.private_bytes(serialization.Encoding.PEM,
                                      serialization.PrivateFormat.PKCS8,
                                      serialization.NoEncryption()),
                    pin_of(cert.public_bytes(serialization.Encoding.DER)))


def _read(folder: Path) -> Identity | None:
    try:  # a pipe or a huge file put there is refused, never waited on (files.read_regular)
        cert_pem = read_regular(folder / CERT_FILE, PEM_MOST)
        key_pem = read_regular(folder / KEY_FILE, PEM_MOST)
        der = ssl.PEM_cert_to_DER_cert(cert_pem.decode("ascii"))
        ident = Identity(cert_pem, key_pem, pin_of(der))
        ident.server_context()  # the key must match the certificate
        return ident
    except (OSError, ValueError, ssl.SSLError):
        return None


def host_identity(data_dir: str | Path | None) -> Identity:
    """The host's identity from `<data_dir>/net/`, made there on first use. Without a
    data folder (or one it cannot write) the certificate lives for this run only: it
    still encrypts, but invites given earlier no longer match (said on stderr)."""
    if data_dir is None:
        return make_identity()
    folder = Path(data_dir) / "net"
    found = _read(folder)
    if found is not None:
        return found
    ident = make_identity()
    try:
        write_atomic(folder / KEY_FILE, ident.key_pem)  # private (0600), whole or not at all
        write_atomic(folder / CERT_FILE, ident.cert_pem)
    except OSError as exc:
        print(f"narby host: cannot keep the certificate in {folder} ({exc.strerror or exc}); "
              "this run's invite works until the host closes", file=sys.stderr)
    return ident


def client_context() -> ssl.SSLContext:
    """A client's TLS: no authority or name check (a self-made certificate has none);
    the pin is checked instead (check_pin), before anything is said."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


def check_pin(ws, pin: str) -> None:
    """Raise PinMismatch unless the connection's peer certificate has this pin."""
    transport = getattr(ws, "transport", None)
    tls = transport.get_extra_info("ssl_object") if transport is not None else None
    der = tls.getpeercert(binary_form=True) if tls is not None else None
    if not der or pin_of(der) != normal_pin(pin):
        raise PinMismatch()
