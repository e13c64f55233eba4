"""Private online play (issue 30, item 9): the host's certificate, the invite's pin, and
a client that checks it before it says anything. Loopback only; waits are on events."""

from __future__ import annotations

import asyncio
import os
import stat

import pytest
from websockets.asyncio.client import connect

from game.net.client import Bot, ClientThread, JoinError, run_bot
from game.net.host import HostServer
from game.net.invite import InviteError, parse_invite
from game.net.protocol import message
from game.net.tls import (
    CERT_FILE,
    KEY_FILE,
    MISMATCH,
    PIN_CHARS,
    host_identity,
    make_identity,
    normal_pin,
)
from tests.test_net_host import SAFETY, make_core, run


# ----- the certificate ------------------------------------------------------------------
def test_the_host_makes_its_certificate_once_and_keeps_the_key_private(tmp_path):
    first = host_identity(tmp_path)
    key = tmp_path / "net" / KEY_FILE
    assert (tmp_path / "net" / CERT_FILE).is_file() and key.is_file()
    assert stat.S_IMODE(os.stat(key).st_mode) == 0o600
    assert b"BEGIN CERTIFICATE" in first.cert_pem and b"PRIVATE KEY" in first.key_pem
    again = host_identity(tmp_path)
    assert again.pin == first.pin  # saved invites and tokens keep working
    assert make_identity().pin != first.pin


def test_a_broken_certificate_file_is_replaced(tmp_path):
    first = host_identity(tmp_path)
    (tmp_path / "net" / KEY_FILE).write_text("not a key")
    fresh = host_identity(tmp_path)
    assert fresh.pin != first.pin and host_identity(tmp_path).pin == fresh.pin


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
@pytest.mark.parametrize("name", [CERT_FILE, KEY_FILE])
def test_a_pipe_in_place_of_a_certificate_file_is_replaced_not_waited_on(tmp_path, name):
    (tmp_path / "net").mkdir()
    os.mkfifo(tmp_path / "net" / name)  # reading it, or writing it, would block for ever
    fresh = host_identity(tmp_path)
    assert stat.S_ISREG(os.stat(tmp_path / "net" / name).st_mode)
    assert host_identity(tmp_path).pin == fresh.pin
    assert stat.S_IMODE(os.stat(tmp_path / "net" / KEY_FILE).st_mode) == 0o600


def test_the_pin_has_128_bits_and_reads_forgivingly():
    pin = make_identity().pin
    raw = pin.replace("-", "")
    assert len(raw) == PIN_CHARS and PIN_CHARS * 5 >= 128
    assert normal_pin(raw.lower()) == pin
    assert normal_pin(" ".join(raw)) == pin
    assert normal_pin(raw[:-1]) is None and normal_pin(raw + "A") is None
    assert normal_pin("0" * PIN_CHARS) == normal_pin("O" * PIN_CHARS)


# ----- the invite -------------------------------------------------------------------------
PIN = "ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ"


@pytest.mark.parametrize("text, host, port, code, pin", [
    (f"wss://192.168.1.5:8765/K7PXQ2#{PIN}", "192.168.1.5", 8765, "K7PXQ2", PIN),
    (f"192.168.1.5/k7pxq2#{PIN.lower().replace('-', '')}", "192.168.1.5", 8765, "K7PXQ2",
     PIN),
    (f"ws://host.lan:9000/K7PXQ2#{PIN}", "host.lan", 9000, "K7PXQ2", PIN),  # upgraded
    ("wss://[::1]:8765/", "[::1]", 8765, None, None),
    ("  wss://10.0.0.2:8765/ABC234  ", "10.0.0.2", 8765, "ABC234", None),
])
def test_invites_as_people_type_them(text, host, port, code, pin):
    inv = parse_invite(text)
    assert (inv.host, inv.port, inv.code, inv.pin) == (host, port, code, pin)
    assert parse_invite(inv.text()) == inv


@pytest.mark.parametrize("text, words", [
    ("ws://192.168.1.5:8765/K7PXQ2", "old ws:// addresses are not encrypted"),
    ("ws//192.168.1.5:8765/K7PXQ2", "old ws:// addresses are not encrypted"),  # mended
    ("http://192.168.1.5:8765/K7PXQ2", "is not an invite"),
    ("wss://192.168.1.5:99999/K7PXQ2", "bad port"),
    ("wss://192.168.1.5:8765/K7PXQ2#ABCD", "fingerprint after # must be 26"),
    ("wss://192.168.1.5:8765/K7/PXQ2", "letters and digits only"),
    ("", "type the host's invite"),
])
def test_bad_invites_are_one_sentence(text, words):
    with pytest.raises(InviteError) as err:
        parse_invite(text)
    said = str(err.value)
    assert words in said and "\n" not in said and "Error" not in said


# ----- the wire ---------------------------------------------------------------------------
class Recorder:
    """Counts what reaches the host's core from its clients (a hello would be one)."""

    def __init__(self, core):
        self.received: list = []
        inner = core.receive

        def receive(cid, raw):
            self.received.append(raw)
            return inner(cid, raw)

        core.receive = receive


async def serve(core, identity=None):
    server = HostServer(core, host="127.0.0.1", port=0, identity=identity)
    await server.start()
    return server


async def until_closed(core):
    """Every connection the host saw has been handed back (no busy wait on time)."""
    for _ in range(10_000):
        if not core.conns:
            return
        await asyncio.sleep(0)
    raise AssertionError("the host still holds a connection")


def test_the_right_pin_plays_and_a_wrong_pin_never_says_hello(tmp_path):
    core = make_core(("remote", "easy"))
    seen = Recorder(core)
    ident = host_identity(tmp_path)
    wrong = make_identity().pin

    async def main():
        server = await serve(core, ident)
        base = f"wss://127.0.0.1:{server.port}/ABC234"
        with pytest.raises(JoinError) as err:
            await run_bot(f"{base}#{wrong}", _bot(), retries=0)
        await until_closed(core)
        refused = str(err.value)
        heard_before = list(seen.received)
        result = await run_bot(f"{base}#{ident.pin}", _bot())
        await server.close()
        return refused, heard_before, result

    refused, heard_before, result = run(main())
    assert refused == MISMATCH
    assert heard_before == []  # the man in the middle learnt no code, token or name
    assert result.over is not None and result.seat is not None and result.states > 0


def _bot():
    return Bot("random", 1)


def test_a_plain_ws_client_is_refused():
    core = make_core(("remote", "easy"))
    seen = Recorder(core)

    async def main():
        server = await serve(core)
        with pytest.raises(Exception) as err:  # noqa: PT011 - any refusal will do
            async with connect(f"ws://127.0.0.1:{server.port}/", open_timeout=SAFETY) as ws:
                await ws.send('{"v":1,"type":"hello","code":"ABC234"}')
        await until_closed(core)
        await server.close()
        return err.value

    assert run(main()) is not None
    assert seen.received == []


def test_a_window_client_with_a_wrong_pin_is_told_in_one_sentence():
    core = make_core(("remote", "easy"))

    async def main():
        server = await serve(core)
        loop = asyncio.get_running_loop()
        address = f"wss://127.0.0.1:{server.port}/ABC234#{make_identity().pin}"
        client = ClientThread(address, message("hello", code="ABC234")).start()
        closed = await loop.run_in_executor(None, client.inbox.get, True, SAFETY)
        await loop.run_in_executor(None, client.close)
        await server.close()
        return closed

    closed = run(main())
    assert closed["type"] == "closed" and closed["reason"] == MISMATCH
    assert closed["words"] == MISMATCH[:1].upper() + MISMATCH[1:]


def test_an_invite_without_a_pin_cannot_join():
    client = ClientThread("wss://127.0.0.1:1/ABC234", message("hello")).start()
    closed = client.inbox.get(timeout=SAFETY)
    client.close()
    assert closed["type"] == "closed" and "no fingerprint" in closed["reason"]


def test_a_host_that_does_not_speak_tls_is_said_in_words():
    from websockets.asyncio.server import serve as plain_serve  # noqa: PLC0415

    async def ignore(ws):
        await ws.wait_closed()

    async def main():
        async with plain_serve(ignore, "127.0.0.1", 0) as srv:
            port = srv.sockets[0].getsockname()[1]
            loop = asyncio.get_running_loop()
            client = ClientThread(f"wss://127.0.0.1:{port}/ABC234#{'A' * 26}",
                                  message("hello")).start()
            closed = await loop.run_in_executor(None, client.inbox.get, True, SAFETY)
            await loop.run_in_executor(None, client.close)
            return closed

    closed = run(main())
    assert closed["type"] == "closed" and "encrypted form (wss://)" in closed["reason"]


def test_a_joined_window_does_not_rejoin_a_host_with_another_certificate():
    from game.ui.net_window import RemoteController  # noqa: PLC0415

    c = RemoteController.__new__(RemoteController)
    c._tries, c.ai_notes, c.over, c._retry_at = 0, [], None, None
    c._lost("the connection was cut")
    assert c.over is None and c._retry_at is not None  # an ordinary drop: try again
    c._lost(MISMATCH)
    assert c.over is not None and any(MISMATCH in n for n in c.ai_notes)
