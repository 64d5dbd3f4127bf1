"""The layering of docs/architecture.md, read from the code's own imports (every import,
those inside functions too): the rules, the race core and everything a race needs below the
screen never import the Textual app, and the core never imports Textual."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "monza_tui"

BELOW_THE_APP = ("engine", "race", "record", "bots", "wording", "stats", "plain", "net",
                 "review", "relay")
"""Packages that any front end may use, and so must not reach up into ``app``."""
TEXTUAL_FREE = ("engine", "race", "record", "bots", "wording", "stats", "plain", "net",
                "review", "relay")


def imported(path: Path, source: str | None = None) -> set[str]:
    """Every module ``path`` (or ``source`` as if it were there) imports, with relative
    imports made absolute."""
    tree = ast.parse(path.read_text("utf-8") if source is None else source, str(path))
    module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".")[: -node.level]
                if path.name == "__init__.py":
                    base = module.split(".")[: len(module.split(".")) - node.level + 1]
                stem = ".".join([*base, node.module] if node.module else base)
            else:
                stem = node.module or ""
            names.add(stem)
            names.update(f"{stem}.{alias.name}" for alias in node.names)
    return names


def files_of(package: str) -> list[Path]:
    return sorted((PACKAGE / package).rglob("*.py"))


def imports_of(package: str, module: str) -> list[str]:
    """Every import of ``module`` (or a module inside it) in ``package``, as "file: name"."""
    return sorted({
        f"{path.relative_to(PACKAGE)}: {name}"
        for path in files_of(package)
        for name in imported(path)
        if name == module or name.startswith(module + ".")
    })


@pytest.mark.parametrize("package", BELOW_THE_APP)
def test_nothing_below_the_app_imports_it(package: str) -> None:
    assert imports_of(package, "monza_tui.app") == []


@pytest.mark.parametrize("package", TEXTUAL_FREE)
def test_the_race_core_and_below_import_no_textual(package: str) -> None:
    assert imports_of(package, "textual") == []


def test_the_check_sees_lazy_and_relative_imports() -> None:
    """The reader finds an import inside a function and a relative one, as it must to guard
    the layers."""
    path = PACKAGE / "race" / "pace.py"
    source = "def f():\n    from monza_tui.app.app import MonzaApp\n    from ..app import x\n"
    found = imported(path, source)
    assert "monza_tui.app.app" in found
    assert "monza_tui.app.x" in found
