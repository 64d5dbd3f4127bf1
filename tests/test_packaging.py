"""The package's promises: one version, `python -m monza_tui`, extras that name what the
code imports, a wheel without the catalogues' tool, and help without Python 3.14's colour."""

from __future__ import annotations

import argparse
import ast
import os
import re
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

import monza_tui
from monza_tui.cli import main
from monza_tui.cli_help import Parser

ROOT = Path(__file__).parent.parent
SRC = ROOT / "src" / "monza_tui"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))


def _floor(requirement: str) -> tuple[str, str]:
    """``"rich>=14.2"``, ``"rich (>=14.2.0)"`` -> ``("rich", "14.2")``, the name
    lower-cased with ``-`` for ``_``; a requirement without a floor has ``""``."""
    found = re.match(r"\s*([A-Za-z0-9_.-]+)[\s(\[\]a-z,]*(?:>=\s*([\d.]+))?", requirement)
    assert found is not None, requirement
    return found[1].lower().replace("_", "-"), found[2] or ""


def _version(text: str) -> tuple[int, ...]:
    """``"14.2"`` -> ``(14, 2, 0)``."""
    parts = [int(part) for part in re.findall(r"\d+", text)[:3]]
    return tuple(parts + [0] * (3 - len(parts)))


def test_the_version_has_one_home_and_the_changelog_names_it() -> None:
    project = PYPROJECT["project"]
    assert "version" not in project and project["dynamic"] == ["version"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {
        "attr": "monza_tui.__version__"}
    changelog = (ROOT / "CHANGELOG.md").read_text("utf-8")
    released = re.findall(r"^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}$", changelog, re.M)
    assert released[0] == monza_tui.__version__


def test_python_dash_m_runs_the_command() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run([sys.executable, "-m", "monza_tui", "--version"], env=env,
                          capture_output=True, text=True, check=True)
    assert done.stdout == f"monza-tui {monza_tui.__version__}\n"


def test_setuptools_is_new_enough_for_the_spdx_licence() -> None:
    assert PYPROJECT["project"]["license"] == "MIT"
    assert PYPROJECT["build-system"]["requires"] == ["setuptools>=77"]


def _third_party_imports(folder: Path) -> set[str]:
    """The top-level modules the files of ``folder`` import that are neither the standard
    library's nor ours."""
    found: set[str] = set()
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
    return {name for name in found if name not in sys.stdlib_module_names} - {"monza_tui"}


def test_the_web_extra_names_every_package_web_imports() -> None:
    declared = {_floor(r)[0] for r in PYPROJECT["project"]["optional-dependencies"]["web"]}
    declared |= {_floor(r)[0] for r in PYPROJECT["project"]["dependencies"]}
    imported = {name.replace("_", "-") for name in _third_party_imports(SRC / "web")}
    assert imported == {"aiohttp", "aiohttp-jinja2", "jinja2", "textual-serve", "textual"}
    assert imported <= declared


def test_rich_is_at_least_what_textual_needs() -> None:
    ours = dict(_floor(r) for r in PYPROJECT["project"]["dependencies"])
    textuals = dict(_floor(r) for r in metadata.requires("textual") or [] if "extra" not in r)
    assert _version(ours["rich"]) >= _version(textuals["rich"]) > (0,)


def test_the_wheel_leaves_out_only_modules_the_game_never_imports() -> None:
    # setup.py keeps the catalogues' tool (it imports Babel) out of the wheel: nothing that
    # runs in a game may import it.
    setup = (ROOT / "setup.py").read_text("utf-8")
    left_out = {f"{package}.{module}"
                for package, module in re.findall(r'\("([\w.]+)", "(\w+)"\)', setup)}
    assert left_out == {"monza_tui.locale.catalogue", "monza_tui.locale.pseudo"}
    for name in left_out:
        assert (ROOT / "src" / (name.replace(".", "/") + ".py")).is_file()
    data = PYPROJECT["tool"]["setuptools"]["package-data"]["monza_tui"]
    assert PYPROJECT["tool"]["setuptools"]["include-package-data"] is False
    assert not [pattern for pattern in data if pattern.endswith((".po", ".pot"))]
    users = []
    for path in SRC.rglob("*.py"):
        module = ".".join(path.relative_to(SRC.parent).with_suffix("").parts)
        if module in left_out:
            continue
        text = path.read_text("utf-8")
        if re.search(r"^\s*(from|import) (babel|monza_tui\.locale\.(catalogue|pseudo))\b"
                     r"|^\s*from monza_tui\.locale import (catalogue|pseudo)", text, re.M):
            users.append(module)
    assert users == []


USAGE = "usage: monza [-h] [--version] [--lang CODE] COMMAND ..."


def test_help_has_no_colour_under_force_color(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Python 3.14 colours argparse's help when FORCE_COLOR is set, terminal or not.
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("COLUMNS", "100")
    with pytest.raises(SystemExit):
        main(["--lang", "en", "--help"])
    out = capsys.readouterr().out
    assert "\x1b" not in out
    assert out.splitlines()[0] == USAGE
    lines = out.splitlines()
    assert lines[lines.index("    completion") + 1] == (
        "               print the completion script of a shell: bash, zsh or fish")


def test_a_colouring_formatter_like_python_314s_is_told_no_colour(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Python 3.14 as it asks for colour: the parser (colour on by default) hands its
    # setting to each formatter it makes; escape codes would then sit inside the text the
    # help formatter measures in cells. Simulated where 3.14 is not installed.
    asked: list[bool] = []

    def set_color(self: argparse.HelpFormatter, color: bool) -> None:
        asked.append(color)

    def get_formatter(self: argparse.ArgumentParser) -> argparse.HelpFormatter:
        formatter = self.formatter_class(prog=self.prog)
        formatter._set_color(getattr(self, "color", True))  # type: ignore[attr-defined]
        return formatter

    monkeypatch.setattr(argparse.HelpFormatter, "_set_color", set_color, raising=False)
    monkeypatch.setattr(argparse.ArgumentParser, "_get_formatter", get_formatter)
    parser = Parser(prog="monza")
    parser.add_argument("--seed", metavar="N", help="the seed")
    text = parser.format_help()
    assert asked and set(asked) == {False}  # (one formatter for the usage, one for the help)
    assert text.splitlines()[0] == "usage: monza [-h] [--seed N]"
    if sys.version_info >= (3, 14):
        assert parser.color is False  # type: ignore[attr-defined]
