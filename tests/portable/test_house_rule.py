"""The house rule of issue 31: a POSIX-only call lives in monza_tui/portable.py and nowhere
else. Every module of the code is read (imports inside functions too), and any use of a
name that Windows' Python lacks, the same list the Windows-like prelude takes away, fails
here with its place."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest

PRELUDE = Path(__file__).parent / "prelude" / "sitecustomize.py"
_spec = importlib.util.spec_from_file_location("monza_test_prelude", PRELUDE)
assert _spec is not None and _spec.loader is not None
prelude = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(prelude)  # the lists of what Windows lacks (it changes nothing
                                   # unless its environment variables ask)

SRC = Path(__file__).parents[2] / "src" / "monza_tui"
PORTABLE = SRC / "portable.py"


def posix_only_uses(source: str) -> list[str]:
    """Every use of a POSIX-only module or name in ``source``: ``line: what``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name.split(".")[0] for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = (node.module or "").split(".")[0]
            names = [base]
            if base in ("os", "signal"):
                names += [f"{base}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            names = [f"{node.value.id}.{node.attr}"]
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("getattr", "hasattr") and len(node.args) >= 2
              and isinstance(node.args[0], ast.Name)
              and isinstance(node.args[1], ast.Constant)):
            names = [f"{node.args[0].id}.{node.args[1].value}"]
        else:
            continue
        for name in names:
            module, _, attr = name.partition(".")
            if (
                (not attr and module in prelude.POSIX_ONLY_MODULES)
                or (module == "os" and attr in prelude.POSIX_ONLY_OS)
                or (module == "signal" and attr in prelude.POSIX_ONLY_SIGNALS)
                or (module == "os" and attr in ("fork", "sched_getaffinity"))
            ):
                found.append(f"{node.lineno}: {name}")
    return found


def test_the_checker_sees_what_the_old_code_did() -> None:
    old = (
        "import os\n"
        "def lock(fd):\n"
        "    import fcntl\n"
        "    fcntl.flock(fd, fcntl.LOCK_EX)\n"
        "    os.pwrite(fd, b'1', 0)\n"
        "    os.fchmod(fd, 0o644)\n"
        "    return os.O_RDONLY | os.O_NONBLOCK | getattr(os, 'O_CLOEXEC', 0)\n"
        "from signal import SIGTSTP\n"
        "n = len(os.sched_getaffinity(0)) if hasattr(os, 'sched_getaffinity') else 1\n"
    )
    assert sorted(posix_only_uses(old)) == sorted([
        "3: fcntl", "5: os.pwrite", "6: os.fchmod", "7: os.O_NONBLOCK", "7: os.O_CLOEXEC",
        "8: signal.SIGTSTP", "9: os.sched_getaffinity", "9: os.sched_getaffinity",
    ])


@pytest.mark.parametrize(
    "module", sorted(p.relative_to(SRC).as_posix() for p in SRC.rglob("*.py") if p != PORTABLE)
)
def test_no_module_but_portable_calls_what_windows_lacks(module: str) -> None:
    assert posix_only_uses((SRC / module).read_text(encoding="utf-8")) == []


def test_portable_is_where_they_are() -> None:
    uses = posix_only_uses(PORTABLE.read_text(encoding="utf-8"))
    assert {use.split(": ")[1] for use in uses} >= {
        "os.fchmod", "os.O_NONBLOCK", "os.set_blocking", "os.O_CLOEXEC", "readline",
        "os.sched_getaffinity", "os.fork",
    }
