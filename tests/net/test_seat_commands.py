"""The testers' evening as real processes (issue 29): `monza host` shows one line per remote
seat, each with its `--name`; the line typed as shown takes exactly that seat and says so;
a seat that is taken is refused in one line naming the free seats. Bounded in time."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest

from net.test_app_commands import LIMIT, Term, wait

LINE = re.compile(r"monza join \S+ [2-9A-Z]{3}-[2-9A-Z]{3} --name (\w+)")


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals")
def test_each_seat_has_its_line_and_the_line_takes_exactly_that_seat(tmp_path: Path) -> None:
    deadline = time.monotonic() + LIMIT
    host = Term(["host", "--board", "oval", "--player", "Ann", "--remote", "Ben", "--remote",
                 "Cleo", "--port", "0", "--bot-delay", "0", "--no-animation"], tmp_path / "host")
    terms = [host]
    try:
        wait(terms, lambda: len(LINE.findall(host.text())) == 2, deadline)
        lines = {found.group(1): found.group(0) for found in LINE.finditer(host.text())}
        assert list(lines) == ["Ben", "Cleo"]
        # Cleo types her line as shown: her seat, not the first free one, and she is told.
        cleo = Term([*shlex.split(lines["Cleo"])[1:], "--no-animation"], tmp_path / "cleo")
        terms.append(cleo)
        wait(terms, lambda: "Cleo: here" in host.text() and "Ben: not joined yet"
             in host.text(), deadline)
        wait(terms, lambda: "You drive Cleo (green)" in cleo.text(), deadline)
        # Someone types Cleo's line again: refused in one line, Ben's seat stays free.
        again = Term(shlex.split(lines["Cleo"])[1:], tmp_path / "again")
        terms.append(again)
        wait(terms, again.exited, deadline)
        assert again.status == 2
        assert again.text().strip() == "monza: Cleo's seat is taken; the free seats: Ben"
        assert "Ben: not joined yet" in host.text()
    finally:
        for term in terms:
            term.close()


def test_the_headless_host_prints_a_line_per_remote_seat(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "monza_tui.net.run", "--remote", "Ben", "--remote",
               "Dora Maar", "--port", "0", "--save", str(tmp_path / "race.jsonl")]
    env = {**os.environ, "MONZA_HOME": str(tmp_path / "home")}
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env) as process:
        try:
            assert process.stdout is not None
            invitation = json.loads(process.stdout.readline())
        finally:
            process.kill()
    where = f"{invitation['addresses'][0]} {invitation['code']}"
    assert invitation["commands"] == [f"monza join {where} --name Ben",
                                      f"monza join {where} --name 'Dora Maar'"]


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals")
def test_a_host_that_only_watches_a_race_of_bots_and_a_watcher_elsewhere(
    tmp_path: Path,
) -> None:
    deadline = time.monotonic() + LIMIT
    host = Term(["host", "--board", "oval", "--watch", "--bot", "random", "--bot", "greedy",
                 "--port", "0", "--bot-delay", "0.3", "--no-animation"], tmp_path / "host")
    terms = [host]
    try:
        # Nobody is asked to roll here; the invitation (i) offers the line to watch.
        wait(terms, lambda: "Round 1" in host.text(), deadline)
        host.send(b"i")
        watch = re.compile(r"monza join \S+ [2-9A-Z]{3}-[2-9A-Z]{3} --watch")
        wait(terms, lambda: watch.search(host.text()) is not None, deadline)
        assert "Others may watch the race with this line:" in host.text()
        found = watch.search(host.text())
        assert found is not None
        host.send(b"\r")
        guest = Term([*shlex.split(found.group(0))[1:], "--no-animation"], tmp_path / "guest")
        terms.append(guest)
        wait(terms, lambda: "You are watching this race." in guest.text(), deadline)
        wait(terms, lambda: all("The race is over" in t.text() for t in terms), deadline)
        assert "Roll the dice" not in host.text()
        for term in terms:
            term.send(b"q")
        wait(terms, lambda: all(t.exited() for t in terms), deadline)
        assert [t.status for t in terms] == [0, 0]
    finally:
        for term in terms:
            term.close()
    # The host's save holds the bots' race to its end.
    (kept,) = (tmp_path / "host" / "history").glob("*.jsonl")
    lines = [json.loads(line) for line in kept.read_text().splitlines()]
    assert [p["seat"] for p in lines[0]["players"]] == ["random", "greedy"]
    assert "result" in lines[-1]
