"""The car-count rule (R2) lives in the engine only (issue 11): ``monza play``, ``monza
simulate`` and the set-up screen (tests/app/test_setup_screen.py) word its error alike."""

from __future__ import annotations

import pytest

from monza_tui.cli import main


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["simulate", "--players", "5"], "monza: the oval board races 2-4 cars, not 5\n"),
        (
            ["simulate", "--board", "classic", "--seats", ",".join(["random"] * 7)],
            "monza: the classic board races 2-6 cars, not 7\n",
        ),
        (
            ["play", *[arg for name in "ABCDE" for arg in ("--player", name)]],
            "monza: the oval board races 2-4 cars, not 5\n",
        ),
    ],
)
def test_the_engines_car_count_error_in_one_line(
    argv: list[str], line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code = main(argv)
    except SystemExit as exited:
        code = exited.code
    assert code == 2
    assert capsys.readouterr().err == line
