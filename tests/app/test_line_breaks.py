"""Chinese line-start rules: no line a person reads starts with a closing mark ("，" "。"
"）" "：" …) nor ends with an opening one ("（" "「"), in the side panel (the prompt, the
lesson's guide) and on the rules screen; English breaks as before."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from textual.content import Content

from app.helpers import press, race_app, run_async, screen_lines, settle
from app.language_checks import speaking
from learn.test_lesson_app import host, keys_for
from monza_tui.app.screens.rules import RulesScreen
from monza_tui.app.screens.setup import SetupScreen
from monza_tui.app.widgets.panel import wrapped
from monza_tui.locale import catalogue
from monza_tui.wording.lines import NO_LINE_END, NO_LINE_START, wrap_lines

PANEL_WIDTH = 33
"""The side panel's columns of text at 80x24 and at 120x40."""


@pytest.fixture(autouse=True)
def _own_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MONZA_HOME", str(tmp_path))


def broken(lines: list[str] | tuple[str, ...]) -> list[str]:
    """The lines that start with a closing mark or end with an opening one."""
    return [line for i, line in enumerate(lines)
            if (i and line.strip()[:1] in NO_LINE_START)
            or (i < len(lines) - 1 and line.strip()[-1:] in NO_LINE_END)]


def messages(code: str) -> list[str]:
    return [str(m.string) for m in catalogue.read_language(
        catalogue.LOCALE / code / "LC_MESSAGES" / f"{catalogue.DOMAIN}.po")
        if isinstance(m.string, str) and m.string and m.id]


def test_a_chinese_sentence_keeps_its_marks_on_the_line_before() -> None:
    text = "把绿色骰子放到标着1的绿色区段上（按回车键）。"
    # Textual ended the first line with "（"; it goes down with what it opens.
    assert wrapped(text, PANEL_WIDTH) == ("把绿色骰子放到标着1的绿色区段上", "（按回车键）。")
    assert wrap_lines("每个骰子都显示六种颜色中的一种。", 31) == (
        "每个骰子都显示六种颜色中的一", "种。")
    assert wrap_lines("教练在驾驶……（按 s 跳过等待）", 10) == (
        "教练在驾", "驶……（按 s", "跳过等待）")


def test_no_chinese_message_breaks_against_the_rules_at_the_panels_width() -> None:
    for text in messages("zh"):
        if re.search(r"[{%]", text):  # (placeholders are filled in before wrapping)
            continue
        for width in (PANEL_WIDTH - 2, PANEL_WIDTH):
            assert broken(wrapped(text, width)) == [], (text, width)


def test_english_breaks_where_textual_breaks_it() -> None:
    for code in ("en", "de", "fr"):
        for text in messages(code)[:400]:
            for width in (20, 31, 33, 47):
                assert wrap_lines(text, width) == tuple(
                    line.plain for line in Content(text).wrap(width)), (text, width)


def _rules_lines(app: Any) -> list[str]:
    region = app.screen.query_one("#rules").region
    return [line[region.x:region.right].strip(" │▎▊▏▕")
            for line in screen_lines(app)[region.y:region.bottom]]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@run_async
async def test_the_chinese_rules_screen_keeps_the_line_start_rules(size: tuple[int, int],
                                                                   ) -> None:
    with speaking("zh"):
        app = race_app()
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await press(pilot, "f1")
            assert isinstance(app.screen, RulesScreen)
            rules = app.screen.query_one("#rules")
            seen: list[str] = []
            for _page in range(60):
                await settle(pilot)
                seen += _rules_lines(app)
                if rules.scroll_y >= rules.max_scroll_y:
                    break
                rules.scroll_page_down(animate=False)
    assert any("骰子" in line for line in seen)
    starts = [line for line in seen if line[:1] in NO_LINE_START]
    ends = [line for line in seen if line[-1:] in NO_LINE_END]
    assert (starts, ends) == ([], [])


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@run_async
async def test_the_chinese_lesson_panel_keeps_the_line_start_rules(size: tuple[int, int],
                                                                  ) -> None:
    starts: list[str] = []
    with speaking("zh"):
        app = race_app(learn=True)
        async with app.run_test(size=size) as pilot:
            for _round in range(500):
                await settle(pilot)
                if isinstance(app.screen, SetupScreen):
                    break
                panel = app.screen.query_one("#panel").region
                lines = [line[panel.x:panel.right] for line in screen_lines(app)]
                starts += [line for line in lines
                           if line.lstrip(" ▏█▶✓✗")[:1] in NO_LINE_START]
                assert host(app).lesson is not None
                await press(pilot, *keys_for(app))
    assert starts == []
