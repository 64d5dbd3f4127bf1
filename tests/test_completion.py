"""`monza completion SHELL`: each shell's script, loaded in that shell, completes commands,
a command's choices and a flag's choices; making it costs a launch nothing."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from monza_tui.cli import main

SRC = Path(__file__).resolve().parents[1] / "src"


def _script(shell: str, capsys: pytest.CaptureFixture[str], *lang: str) -> str:
    assert main([*lang, "completion", shell]) == 0
    return capsys.readouterr().out


def _bash_completes(script: Path, words: list[str]) -> list[str]:
    line = " ".join(words)
    code = (f"source {script}; COMP_WORDS=({' '.join(repr(w) for w in words)}); "
            f"COMP_CWORD={len(words) - 1}; COMP_LINE={line!r}; COMP_POINT={len(line)}; "
            "_shtab_monza; printf '%s\\n' \"${COMPREPLY[@]}\"")
    done = subprocess.run(["bash", "--norc", "-c", code], capture_output=True, text=True,
                          check=True)
    return done.stdout.split()


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash here")
def test_bash_completes_commands_and_choices(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "monza.bash"
    script.write_text(_script("bash", capsys, "--lang", "en"))
    assert _bash_completes(script, ["monza", "bo"]) == ["boards"]
    assert _bash_completes(script, ["monza", "comp"]) == ["completion"]
    assert _bash_completes(script, ["monza", "boards", ""]) == ["list", "show", "check"]
    assert _bash_completes(script, ["monza", "play", "--bot", ""]) == [
        "random", "greedy", "expert"]
    assert _bash_completes(script, ["monza", "completion", ""]) == ["bash", "zsh", "fish"]


@pytest.mark.skipif(shutil.which("fish") is None, reason="no fish here")
def test_fish_completes_commands_with_their_help(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "monza.fish"
    script.write_text(_script("fish", capsys, "--lang", "de"))
    done = subprocess.run(
        ["fish", "--no-config", "-c", f"source {script}; complete -C 'monza bo'; "
         "complete -C 'monza boards '"], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == [
        "boards\tSpielpläne auflisten, zeigen oder prüfen",
        "list\t{list,show,check}", "show\t{list,show,check}", "check\t{list,show,check}"]


@pytest.mark.skipif(shutil.which("zsh") is None, reason="no zsh here")
def test_zsh_takes_the_script_as_the_completion_of_monza(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "_monza").write_text(_script("zsh", capsys, "--lang", "en"))
    code = (f"fpath=({tmp_path} $fpath); autoload -U compinit; "
            f"compinit -u -d {tmp_path}/dump; print -r -- ${{_comps[monza]}}")
    done = subprocess.run(["zsh", "-f", "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == "_monza\n"
    assert "    completion:'print the completion script of a shell: bash, zsh or fish'\n" in (
        tmp_path / "_monza").read_text()


def test_a_launch_does_not_import_shtab() -> None:
    code = ("import sys\nfrom monza_tui.cli import build_parser\n"
            "build_parser('play').parse_args(['play', '--seed', '5'])\n"
            "build_parser('completion').parse_args(['completion', 'bash'])\n"
            "print('shtab' in sys.modules)")
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, check=True)
    assert done.stdout == "False\n"


def test_an_unknown_shell_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--lang", "en", "completion", "tcsh"])
    assert exited.value.code == 2
    assert capsys.readouterr().err == (
        "monza completion: argument {bash,zsh,fish}: invalid choice: 'tcsh' (choose from "
        "'bash', 'zsh', 'fish') (see monza completion --help)\n")
