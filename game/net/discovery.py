"""Finding hosted games on the local network (zeroconf / mDNS), optional and fail-soft.

`advertise(port, title, seats, pin=...)` announces a host as `_narby._tcp.local.` (its
map title, remote seat count and certificate pin, never its join code); `browse(seconds)`
lists what answers. A pin found this way is trusted on first use: anyone on the local
network could answer in the host's name, so an invite from the host itself is the
stronger proof (docs/ONLINE.md).
Without zeroconf, or on a network that forbids multicast, both quietly give nothing:
players can always type the address the host shows.
"""

from __future__ import annotations

import contextlib
import socket
import threading

from game.net.protocol import SERVICE_TYPE


class Advert:
    def __init__(self, zc, info):
        self.zc, self.info = zc, info

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.zc.unregister_service(self.info)
            self.zc.close()


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent), else loopback."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: only picks the outgoing interface
            return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"


def advertise(port: int, title: str, seats: int, address: str | None = None,
              pin: str | None = None) -> Advert | None:
    try:
        from zeroconf import ServiceInfo, Zeroconf  # noqa: PLC0415 (optional heavy dependency, loaded when used)

        ip = address or lan_address()
        name = f"Narby {socket.gethostname()[:20]} {port}.{SERVICE_TYPE}"
        info = ServiceInfo(SERVICE_TYPE, name, addresses=[socket.inet_aton(ip)], port=port,
                           properties={"title": title[:60], "seats": str(seats), "v": "1",
                                       **({"pin": pin} if pin else {})})
        zc = Zeroconf()
        zc.register_service(info)
        return Advert(zc, info)
    except Exception:  # noqa: BLE001 - discovery is a convenience: never fail the host
        return None


def browse(seconds: float = 2.0) -> list[dict]:
    """[{"name", "address", "port", "title", "seats", "pin"}] of games answering in
    `seconds` ("pin": the certificate pin the host announced, "" from older hosts)."""
    found: dict[str, dict] = {}
    done = threading.Event()
    try:
        from zeroconf import ServiceBrowser, ServiceListener, Zeroconf  # noqa: PLC0415 (optional heavy dependency, loaded when used)

        zc = Zeroconf()
    except Exception:  # noqa: BLE001
        return []

    class Listener(ServiceListener):
        def add_service(self, zc, type_, name):
            with contextlib.suppress(Exception):
                info = zc.get_service_info(type_, name, timeout=1000)
                if info and info.addresses:
                    props = {k.decode(): (v or b"").decode("utf-8", "replace")
                             for k, v in (info.properties or {}).items()}
                    found[name] = {"name": name.removesuffix("." + SERVICE_TYPE),
                                   "address": socket.inet_ntoa(info.addresses[0]),
                                   "port": info.port, "title": props.get("title", ""),
                                   "seats": props.get("seats", ""),
                                   "pin": props.get("pin", "")}

        def update_service(self, zc, type_, name):
            self.add_service(zc, type_, name)

        def remove_service(self, zc, type_, name):
            found.pop(name, None)

    try:
        ServiceBrowser(zc, SERVICE_TYPE, Listener())
        done.wait(seconds)
    except Exception:  # noqa: BLE001
        pass
    finally:
        with contextlib.suppress(Exception):
            zc.close()
    return sorted(found.values(), key=lambda g: g["name"])
