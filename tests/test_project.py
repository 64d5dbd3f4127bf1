"""The project's promises about itself: CI runs exactly the README's test line."""

from pathlib import Path

ROOT = Path(__file__).parent.parent


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    return [line for line in text.splitlines() if line.startswith("python3 -m venv")]


def test_ci_runs_the_readme_test_line() -> None:
    install, test = _readme_commands()[:2]
    assert "monza play" in install
    assert test in (ROOT / ".ci" / "run").read_text().splitlines()


def test_board_folder_is_the_packaged_one() -> None:
    assert (ROOT / "boards").resolve() == (ROOT / "src" / "monza_tui" / "boards").resolve()
