"""The relay's plain HTTP answers, its metrics line by line, and its log that never names
a code nor a key."""

from __future__ import annotations

import asyncio
import json

from relay.helpers import CODE, KEY, answer, guest, hello, host, other_code, relay_at, run


async def get(url: str, path: str) -> tuple[str, dict[str, str], str]:
    """A plain HTTP GET: the status line, the headers, the body."""
    _, _, place = url.partition("://")
    name, _, port = place.partition(":")
    reader, writer = await asyncio.open_connection(name, int(port))
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {place}\r\n\r\n".encode())
    head = (await reader.readuntil(b"\r\n\r\n")).decode()
    status, *lines = head.strip().split("\r\n")
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines)}
    body = (await reader.readexactly(int(headers["content-length"]))).decode()
    writer.close()
    return status, headers, body


def test_healthz_and_404() -> None:
    async def go() -> None:
        async with relay_at() as (_, url):
            assert await get(url, "/healthz") == (
                "HTTP/1.1 200 OK",
                {"date": (await get(url, "/healthz"))[1]["date"], "connection": "close",
                 "content-type": "text/plain; charset=utf-8", "content-length": "3"},
                "ok\n")
            status, _, body = await get(url, "/nothing/here")
            assert (status, body) == ("HTTP/1.1 404 Not Found", "not found\n")

    run(go())


def test_metrics_say_races_lines_frames_and_refusals() -> None:
    async def go() -> None:
        async with relay_at() as (_, url):
            uplink, _ = await host(url)
            ben = await guest(url)
            await ben.send(hello())
            await uplink.recv()
            await uplink.recv()
            wrong = await guest(url, other_code())
            await answer(wrong)
            status, headers, body = await get(url, "/metrics")
            assert status == "HTTP/1.1 200 OK"
            assert headers["content-type"] == "text/plain; version=0.0.4; charset=utf-8"
            lines = [line for line in body.splitlines() if not line.startswith("#")]
            assert lines == [
                "monza_relay_races 1",
                'monza_relay_connections{kind="host"} 1',
                'monza_relay_connections{kind="guest"} 1',
                'monza_relay_frames_total{direction="to_host"} 1',
                'monza_relay_frames_total{direction="to_guest"} 0',
                *(f'monza_relay_refusals_total{{reason="{reason}"}} '
                  f'{1 if reason == "bad_code" else 0}'
                  for reason in ("bad_code", "too_many", "host_away", "full", "taken",
                                 "version", "bad_register", "register_too_many",
                                 "relay_full", "timeout", "too_big", "too_fast", "behind",
                                 "not_text")),
                "monza_relay_races_expired_total 0",
            ]
            assert "# TYPE monza_relay_frames_total counter" in body.splitlines()
            await ben.close()
            await uplink.close()

    run(go())


def test_the_log_names_races_by_number_and_never_a_code_or_a_key() -> None:
    async def go() -> str:
        async with relay_at() as (relay, url):
            uplink, _ = await host(url)
            ben = await guest(url)
            await ben.send(hello())
            await uplink.recv()
            await uplink.recv()
            _taken, _ = await host(url, CODE, "another-key-of-22-chars")
            wrong = await guest(url, "ABC-DEF")
            await answer(wrong)
            await ben.close()
            await uplink.recv()
            await uplink.close()
            await asyncio.sleep(0.1)
            return str(relay.log_text.getvalue())  # type: ignore[attr-defined]

    text = run(go())
    events = [json.loads(line) for line in text.splitlines()]
    assert [e["event"] for e in events] == [
        "race_registered", "guest_joined", "register_refused", "bad_code", "guest_left",
        "host_left"]
    assert events[0] == {"ts": events[0]["ts"], "level": "info", "event": "race_registered",
                         "race": 1, "address": "127.0.0.1", "again": False}
    assert events[2]["reason"] == "taken"
    for secret in (CODE, CODE.replace("-", ""), CODE.lower(), KEY, "another-key", "hello",
                   "ABC-DEF", "ABCDEF"):
        assert secret not in text
