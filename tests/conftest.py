"""Shared test set-up: no test ever writes the user's real saves.

The app autosaves every race (``monza_tui.saves``); every test session gets its own data
folder through ``MONZA_HOME`` (tests that look at saves set their own per test)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True, scope="session")
def _private_monza_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    patch = pytest.MonkeyPatch()
    patch.setenv("MONZA_HOME", str(tmp_path_factory.mktemp("monza-home")))
    yield
    patch.undo()


@pytest.fixture(autouse=True)
def _a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """In-process tests stand in for a person at a terminal (``monza play`` refuses to
    start without one; tests/test_robust.py checks that in real processes)."""
    monkeypatch.setattr("monza_tui.commands.play.stdin_is_terminal", lambda: True)
    # ... whose output is the terminal too, and who asked for the picture (--plain aside).
    monkeypatch.setattr("monza_tui.commands.play.stdout_is_terminal", lambda: True)
    monkeypatch.delenv("ACCESSIBLE", raising=False)


@pytest.fixture(autouse=True)
def _no_hints_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    """The race screen thinks out each decision's hint ahead once the expert's tables for
    its board are built, and in a test that depends on what ran before in its worker (the
    tables are kept per board): a key's work counted or a hint's calls spied on would
    change with the order of the tests. So tests think ahead only where they say so
    (tests/app/test_hint_wait.py)."""
    monkeypatch.setattr("monza_tui.app.screens.race_hints.expert_ready", lambda race: False)


@pytest.fixture(autouse=True)
def _the_session_language(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every test starts and ends in the session's language: a test that switches language
    (``--lang zh``, the language picker) must not leave it to the next test of its worker."""
    code = request.config.stash[SESSION_LANGUAGE]
    _speak(code)
    yield
    _speak(code)


def _speak(code: str) -> None:
    """Back to ``code`` if a test left another language; and the key labels of the app's
    classes in it: a test may switch language and back (an app made in Chinese relabels
    the screens' classes) and leave the next test's footer in Chinese. Relabelling takes
    about a millisecond, so it is done whenever the app is loaded."""
    import sys

    from monza_tui import i18n

    if i18n.current_language() != code:
        i18n.set_language(code)
    if "monza_tui.app.app_words" in sys.modules:
        from monza_tui.app.app_words import relabel_bindings

        relabel_bindings()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--monza-lang",
        default=None,
        help="run the tests in this language (e.g. xx, the pseudo-locale; default en, or "
        "$MONZA_TEST_LANG): tests that read English words then fail where text escapes "
        "translation",
    )


def pytest_configure(config: pytest.Config) -> None:
    """The language of the whole test session, set before any test module makes its text
    (English unless asked: a developer's own LANG must not change what tests read)."""
    import os

    from monza_tui import i18n

    code = config.getoption("--monza-lang") or os.environ.get("MONZA_TEST_LANG") or "en"
    os.environ["LANGUAGE"] = code  # also for `monza` run in-process or as a child process
    os.environ["MONZA_PSEUDO"] = "1"  # the pseudo-locale is open to the tests
    i18n.set_language(code)
    config.stash[SESSION_LANGUAGE] = code
    config.addinivalue_line(
        "markers",
        "english_only(reason): the test reads the English text itself (the English "
        "catalogue, English-only output); skipped in a session in another language",
    )
    if code != "en":
        # The English snapshot pictures are not compared in another language (the app
        # tests check the screens instead, tests/app/conftest.py): not "unused".
        config.option.warn_unused_snapshots = True


SESSION_LANGUAGE = pytest.StashKey[str]()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """In a session in another language, English-only tests are skipped, saying why."""
    code = config.stash[SESSION_LANGUAGE]
    if code == "en":
        return
    for item in items:
        mark = item.get_closest_marker("english_only")
        if mark is not None:
            why = mark.args[0] if mark.args else mark.kwargs.get("reason", "")
            item.add_marker(pytest.mark.skip(reason=f"English only ({code} session): {why}"))
