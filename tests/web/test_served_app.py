"""The app when it runs in a browser (``MONZA_WEB=1``, set by ``monza serve``): the
sentences that say how to go on fit the web, emoji become plain marks, the results screen
offers the record as a download; in a terminal none of that changes. And ``monza serve``
without the web extra says how to install it."""

from __future__ import annotations

import builtins
import io
from typing import Any

import pytest
from rich.cells import cell_len

from app.helpers import ANN, BEN, race_app, run_async, screen_text, settle, sprint, wait_for
from monza_tui.app.screens.results import ResultsScreen
from monza_tui.cli import main
from monza_tui.i18n import _
from monza_tui.race.setup import Seat
from monza_tui.record import parse_records
from monza_tui.web import EMOJI, PLAIN_MARKS, SERVED, emoji, served
from monza_tui.web.download import MIME_TYPE, file_name
from monza_tui.web.visitors import language_of
from monza_tui.wording.going_on import MESSAGES, go_on


@pytest.fixture
def in_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SERVED, "1")
    monkeypatch.delenv(EMOJI, raising=False)


@pytest.fixture
def in_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SERVED, raising=False)
    monkeypatch.delenv(EMOJI, raising=False)


def test_every_going_on_sentence_has_its_web_twin() -> None:
    codes = {code.removesuffix(".web") for code in MESSAGES}
    assert codes == {code for code in MESSAGES if not code.endswith(".web")}
    for code in codes:
        web = MESSAGES[f"{code}.web"]
        assert "monza " not in (web if isinstance(web, str) else web.say(2))


@pytest.mark.usefixtures("in_terminal")
def test_a_terminal_is_told_the_command() -> None:
    assert not served()
    assert go_on("quit_question") == _("Quit the race? It is saved: monza resume continues "
                                       "it later.")
    assert "monza learn" in go_on("lesson_saved")
    assert "monza play --seed 12" in go_on("seed", seed=12)
    assert "monza saves --all" in go_on("skipped", count=2, n="2")


@pytest.mark.usefixtures("in_browser")
def test_a_browser_is_told_what_to_do_on_the_page() -> None:
    assert served()
    assert go_on("quit_question") == _("Quit the race? It is saved: open this page again "
                                       "to continue it.")
    assert go_on("lesson_saved") == _("The lesson is saved; open this page again and press "
                                      "F2 to continue it.")
    assert go_on("seed", seed=12).startswith(_("Seed {seed}:").format(seed=12))
    assert "d downloads the record" in go_on("seed", seed=12)
    assert go_on("skipped", count=1, n="1") == "1 record could not be read and is left out."


def test_emoji_in_a_terminal_plain_marks_in_a_browser_unless_it_draws_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(SERVED, raising=False)
    monkeypatch.delenv(EMOJI, raising=False)
    assert emoji("🏆") == "🏆"
    monkeypatch.setenv(SERVED, "1")
    assert emoji("🏆") == "#1" and emoji("🤖") == "AI"
    monkeypatch.setenv(EMOJI, "1")  # the page found that the browser draws colour emoji
    assert emoji("🤖") == "🤖"
    for char, mark in PLAIN_MARKS.items():  # as wide as the emoji: nothing moves
        assert cell_len(mark) == cell_len(char) and mark.isascii()


def test_the_browser_language_is_the_first_the_game_speaks() -> None:
    languages = {"en": "", "de": "", "fr": "", "zh": ""}
    assert language_of("de-CH,de;q=0.9,en;q=0.8", languages) == "de"
    assert language_of("pt-BR, fr;q=0.5, en;q=0.7", languages) == "en"
    assert language_of("zh-Hans-CN", languages) == "zh"
    assert language_of("fr;q=0, de;q=bad, es", languages) is None
    assert language_of(None, languages) is None


BOTS = (Seat(ANN.name, ANN.car, "greedy"), Seat(BEN.name, BEN.car, "greedy"))


@pytest.mark.usefixtures("in_terminal")
@run_async
async def test_a_terminal_has_no_download_key() -> None:
    app = race_app(race=sprint(BOTS))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen), rounds=3000)
        await settle(pilot)
        assert not app.screen.query("#download")
        assert _("Download the record") not in screen_text(app)
        delivered: list[object] = []
        app.deliver_text = lambda *args, **kwargs: delivered.append(args)  # type: ignore[method-assign]
        await pilot.press("d")
        await settle(pilot)
        assert delivered == []


@pytest.mark.usefixtures("in_browser")
@run_async
async def test_a_browser_downloads_the_record_from_the_results() -> None:
    app = race_app(race=sprint(BOTS))
    delivered: list[tuple[str, dict[str, Any]]] = []

    def deliver(file: io.StringIO, **options: Any) -> str:
        delivered.append((file.getvalue(), options))
        return "key"

    async with app.run_test(size=(120, 40)) as pilot:
        app.deliver_text = deliver  # type: ignore[method-assign]
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen), rounds=3000)
        await settle(pilot)
        text = screen_text(app)
        assert _("Download the record") in text
        assert "🏆" not in text and "🤖" not in text  # the plain marks
        await pilot.press("d")
        await settle(pilot)
        assert app.race is not None
        ((record, options),) = delivered
        assert options == {"save_filename": file_name(app.race), "open_method": "download",
                           "encoding": "utf-8", "mime_type": MIME_TYPE}
        (race,) = parse_records(record, "download")
        assert race.state.positions == app.race.state.positions
        assert race.seed == app.race.seed and race.state.is_terminal()


def test_serve_without_the_web_extra_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real_import = builtins.__import__

    def no_textual_serve(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "textual_serve" or name.startswith("textual_serve."):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_textual_serve)
    assert main(["serve", "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "monza: monza serve needs the web extra: pip install -e '.[web]' in a checkout of "
        "monza-tui, or pip install 'monza_tui-0.1.0-py3-none-any.whl[web]' beside its wheel\n"
    )


def test_serve_on_a_port_in_use_is_one_line(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port), "--visitors", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err == "monza: " + _("port {port} is in use; --port N picks another (0: any free "
                                "port)").format(port=port) + "\n"


def test_each_visitors_game_gets_its_home_its_language_and_the_served_flags(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from textual_serve.download_manager import DownloadManager

    from monza_tui.web.server import VisitorService, visitor_command

    monkeypatch.setenv("MONZA_CONFIG", "/the/host's/settings")

    async def nothing(*args: Any) -> None:
        return None

    service = VisitorService(visitor_command(0.0, True), home=tmp_path / "v", language="pl",
                             emoji=False, write_bytes=nothing, write_str=nothing,
                             close=nothing, download_manager=DownloadManager())
    environment = service._build_environment(100, 30)
    assert environment["MONZA_HOME"] == str(tmp_path / "v")
    assert "MONZA_CONFIG" not in environment  # the host's settings are not the visitor's
    assert (environment[SERVED], environment[EMOJI], environment["LANGUAGE"]) == ("1", "0", "pl")
    assert service.command.endswith("-m monza_tui.web.visitor --bot-delay 0.0 --no-animation")
