"""One palette: the stylesheets' game colours are the palette's, the command line's styles
come from it, no app module reaches up into the commands, and NO_COLOR still drops colour."""

from __future__ import annotations

import ast
import io
import re
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text

import monza_tui
from monza_tui.engine import Colour
from monza_tui.palette import BOARD, CAR_STYLE, SPACE, STYLE, SURFACE, Shade

PACKAGE = Path(monza_tui.__file__).parent
RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)


def rules(name: str) -> dict[str, dict[str, str]]:
    """The declarations of every rule of a stylesheet, by selector."""
    text = COMMENT.sub("", (PACKAGE / "app" / name).read_text(encoding="utf-8"))
    found: dict[str, dict[str, str]] = {}
    for selector, body in RULE.findall(text):
        declarations = (d.split(":", 1) for d in body.split(";") if ":" in d)
        found[selector.strip()] = {k.strip(): v.strip() for k, v in declarations}
    return found


def shade(rule: dict[str, str]) -> Shade:
    return Shade(rule["color"], rule.get("background"))


def test_the_chips_colours_are_the_palettes() -> None:
    app = rules("app.tcss")
    assert {c: shade(app[f".-{c.value}"]) for c in Colour} == SPACE


def test_the_boards_looks_are_the_palettes() -> None:
    assert {c: BOARD[c.value] for c in Colour} == {c: SPACE[c].style(bold=True) for c in Colour}
    assert {c: BOARD[f"car-{c.value}"] for c in Colour} == CAR_STYLE
    assert {n: BOARD[n] for n in SURFACE} == {n: shade.style() for n, shade in SURFACE.items()}
    assert BOARD["red"] == "bold #ffffff on #c62828"


def test_rich_styles_are_the_palettes() -> None:
    assert STYLE[Colour.RED] == "bold #ffffff on #c62828"
    assert CAR_STYLE[Colour.WHITE] == "bold #000000 on #ffffff"
    assert SURFACE["thin"].style() == "#202020"


def test_no_app_module_imports_a_command() -> None:
    reaching_up = []
    for path in sorted((PACKAGE / "app").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else []
            )
            up = [n for n in names if n.startswith("monza_tui.commands")]
            reaching_up += [f"{path.name}: {n}" for n in up]
    assert reaching_up == []


def test_no_color_keeps_the_letters_and_drops_the_colours(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, color_system="truecolor")
    console.print(Text(" R ", STYLE[Colour.RED]), end="")
    assert out.getvalue() == "\x1b[1m R \x1b[0m"
