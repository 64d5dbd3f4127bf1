"""The drawings of the built-in boards, made once and shipped with the game.

Drawing a board (:func:`~monza_tui.app.track_layout.layout_board`) is pure geometry and
costs tens of milliseconds per scale, most of a race screen's launch. For the boards that
ship with the game the result never changes, so it ships too: one pickle per board and
scale in ``monza_tui/app/layouts/``, each holding the board's definition and its drawing,
and ``sizes.json`` with each drawing's size (choosing a scale asks the sizes of drawings
too large to use, which are then never read).
A drawing is used only when its definition is exactly the board's, so an edited built-in
board is drawn afresh; a test checks that every shipped drawing equals a fresh one (after a
change to the drawing code, regenerate them)::

    .venv/bin/python -m monza_tui.app.layout_cache

Board files from users are never read from here, and nothing here is ever read from a
user: these files are the game's own, like its code.
"""

from __future__ import annotations

import json
import pickle
from functools import cache
from pathlib import Path

from monza_tui.app.track_drawing import SCALES, Layout, Scale
from monza_tui.app.track_layout import layout_board
from monza_tui.boardfile import BUILTIN, BoardFile, load_board, text_key

FOLDER = Path(__file__).with_name("layouts")
SIZES = FOLDER / "sizes.json"
"""Each shipped drawing's columns, rows and completeness, with its board's digest: the
choice of a scale asks the sizes of drawings that will not fit, which need not be read."""


def path_of(name: str, scale: Scale) -> Path:
    """Where the drawing of built-in board ``name`` at ``scale`` is shipped."""
    return FOLDER / f"{name}-{scale.name}.pickle"


def digest(definition: object) -> str:
    """A board definition's fingerprint (a drawing is used only for its exact board)."""
    return text_key(json.dumps(definition, sort_keys=True, ensure_ascii=False))


@cache
def _sizes() -> dict[str, dict[str, object]]:
    try:
        found = json.loads(SIZES.read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def shipped_size(board_file: BoardFile, scale: Scale) -> tuple[int, int, bool] | None:
    """Columns, rows and completeness of the shipped drawing of ``board_file`` at
    ``scale``, without reading it; None where :func:`shipped` would give None."""
    if not board_file.builtin:
        return None
    entry = _sizes().get(board_file.board.name)
    if not isinstance(entry, dict) or entry.get("digest") != digest(board_file.definition):
        return None
    size = entry.get(scale.name)
    if not isinstance(size, list) or len(size) != 3:
        return None
    width, height, complete = size
    return int(width), int(height), bool(complete)


def shipped(board_file: BoardFile, scale: Scale) -> Layout | None:
    """The shipped drawing of ``board_file`` at ``scale``; None for a board that is not
    built in, an edited one, or a scale not shipped."""
    if not board_file.builtin:
        return None
    try:
        data = path_of(board_file.board.name, scale).read_bytes()
        definition, layout = pickle.loads(data)
    except (OSError, pickle.UnpicklingError, EOFError, ValueError, TypeError, AttributeError):
        return None
    if definition != board_file.definition or not isinstance(layout, Layout):
        return None
    return layout


def fresh(name: str, scale: Scale) -> Layout:
    """The drawing of built-in board ``name`` at ``scale``, made now."""
    board_file = load_board(name)
    return layout_board(board_file.board, board_file.shape, scale)


def main() -> None:
    """Write every built-in board's drawing at every scale, and their sizes."""
    FOLDER.mkdir(exist_ok=True)
    sizes: dict[str, dict[str, object]] = {}
    for name in BUILTIN:
        definition = load_board(name).definition
        entry: dict[str, object] = {"digest": digest(definition)}
        for scale in SCALES:
            layout = fresh(name, scale)
            entry[scale.name] = [layout.width, layout.height, layout.complete]
            data = pickle.dumps((definition, layout), protocol=4)
            path_of(name, scale).write_bytes(data)
            print(f"{path_of(name, scale).name}: {len(data)} bytes")
        sizes[name] = entry
    SIZES.write_text(json.dumps(sizes, indent=1, sort_keys=True) + "\n", "utf-8")
    print(f"{SIZES.name}: the sizes")


if __name__ == "__main__":
    main()
