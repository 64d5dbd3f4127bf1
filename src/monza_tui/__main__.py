"""``python -m monza_tui``: the ``monza`` command, for when its script is not on PATH (a
venv not activated, Windows' Scripts folder missing from PATH)."""

from monza_tui.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
