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
    if not (ROOT / "boards").is_symlink() and not (ROOT / ".git").exists():
        import pytest

        pytest.skip("an unpacked sdist has no boards/ link (a checkout's shortcut)")
    assert (ROOT / "boards").resolve() == (ROOT / "src" / "monza_tui" / "boards").resolve()


def test_an_unknown_flag_names_its_command(capsys) -> None:  # type: ignore[no-untyped-def]
    import pytest

    from monza_tui.cli import main

    with pytest.raises(SystemExit) as exited:
        main(["boards", "--colour"])
    assert exited.value.code == 2
    assert capsys.readouterr().err == (
        "monza boards: unrecognized arguments: --colour (see monza boards --help)\n"
    )
