"""`monza relay` as a process: its listening line, a graceful stop on SIGTERM (every line
closed with 1001, status 0), its one-line errors, and wss:// with a certificate."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import ssl
import subprocess
import sys
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from monza_tui.commands.relay import tls_context
from relay.helpers import CODE, KEY, hello, run

SRC = Path(__file__).parents[2] / "src"


def monza(*args: str, **kwargs: object) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(SRC), "LANGUAGE": "en", "LC_ALL": "C.UTF-8",
           "MONZA_HOME": kwargs.pop("home", os.environ.get("MONZA_HOME", ""))}  # type: ignore[arg-type]
    if not env["MONZA_HOME"]:
        del env["MONZA_HOME"]
    return subprocess.Popen([sys.executable, "-m", "monza_tui", *args], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM is a POSIX signal to send")
def test_sigterm_closes_every_line_with_1001_and_exits_0(tmp_path: Path) -> None:
    process = monza("relay", "--host", "127.0.0.1", "--port", "0", home=str(tmp_path))
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        found = re.fullmatch(r"The relay listens at ws://127\.0\.0\.1:(\d+); SIGTERM or "
                             r"Ctrl\+C stops it\.\n", line)
        assert found, line
        url = f"ws://127.0.0.1:{found.group(1)}"

        async def go() -> tuple[int | None, int | None]:
            uplink = await connect(f"{url}/host/{CODE}")
            await uplink.send(json.dumps({"type": "register", "version": 1, "key": KEY}))
            assert json.loads(await uplink.recv())["type"] == "registered"
            ben = await connect(f"{url}/{CODE}")
            await ben.send(hello())
            await uplink.recv()
            await uplink.recv()
            process.send_signal(signal.SIGTERM)
            await uplink.wait_closed()
            await ben.wait_closed()
            return uplink.close_code, ben.close_code

        assert run(go()) == (1001, 1001)
        assert process.wait(timeout=20) == 0
        assert process.stderr is not None
        events = [json.loads(line)["event"] for line in process.stderr.read().splitlines()]
        assert (events[0], events[-1]) == ("listening", "stopped")
        assert "stopping" in events
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


@pytest.mark.parametrize(("args", "said"), [
    (["--tls-cert", "cert.pem"], "monza: --tls-cert and --tls-key go together"),
    (["--group", "g.toml"], "monza: --group and --me go together"),
    (["--group", "missing.toml", "--me", "a"],
     "monza: missing.toml: cannot read the group file: No such file or directory"),
    (["--trust-proxy", "X Forwarded"], "monza: --trust-proxy: X Forwarded is no header name"),
])
def test_a_bad_flag_or_file_is_one_line_and_status_2(
        args: list[str], said: str, tmp_path: Path) -> None:
    process = monza("relay", "--port", "0", *args, home=str(tmp_path))
    out, err = process.communicate(timeout=30)
    assert (process.returncode, out, err) == (2, "", said + "\n")


def _certificate(folder: Path) -> tuple[Path, Path]:
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("no openssl command to make a self-signed certificate with")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run([openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)], check=True,
                   capture_output=True, timeout=60)
    return cert, key


def test_wss_with_a_self_signed_certificate(tmp_path: Path) -> None:
    cert, key = _certificate(tmp_path)
    server_tls = tls_context(str(cert), str(key))
    client_tls = ssl.create_default_context(cafile=str(cert))

    async def go() -> None:
        from monza_tui.relay.server import Relay

        relay = Relay()
        (_, port), *_ = await relay.start("127.0.0.1", 0, server_tls)
        try:
            url = f"wss://127.0.0.1:{port}"
            async with connect(f"{url}/host/{CODE}", ssl=client_tls) as uplink:
                await uplink.send(json.dumps({"type": "register", "version": 1, "key": KEY}))
                assert json.loads(await uplink.recv()) == {"type": "registered", "guests": 32}
            with pytest.raises(ssl.SSLError):  # (a client that does not trust it)
                await connect(f"{url}/{CODE}", ssl=ssl.create_default_context())
        finally:
            await relay.stop()

    run(go())


def test_a_certificate_that_will_not_load_is_one_line(tmp_path: Path) -> None:
    cert, _ = _certificate(tmp_path)
    process = monza("relay", "--port", "0", "--tls-cert", str(cert), "--tls-key", str(cert),
                    home=str(tmp_path))
    out, err = process.communicate(timeout=30)
    assert process.returncode == 2 and out == ""
    assert err.startswith(f"monza: cannot use the certificate {cert} with the key {cert}: ")
    assert err.count("\n") == 1
