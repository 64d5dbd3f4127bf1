"""What the board's letters and marks mean, in the player's language: the one legend that
``monza boards show`` prints under a track and the rules screen shows under the rules."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

from monza_tui.app.board_marks import CAR_MARK, car_glyph, ink_look
from monza_tui.app.track_arrows import ARROW, CHEVRON
from monza_tui.engine import Colour
from monza_tui.i18n import _, colour_letter, colour_name
from monza_tui.palette import BOARD, CAR_STYLE, STYLE
from monza_tui.race.scene import TILE_LABEL


class Legend:
    """The legend as a Rich renderable that wraps whole entries: at any width an entry
    ("◎ tire (blocked)") stays on one line with its mark, the next entry going to the next
    line, and each group (spaces, edges, cars) starts a line of its own. Only an entry
    wider than the whole width is folded (Rich folds it at a space)."""

    def __init__(self, groups: list[list[Text]]) -> None:
        self.groups = groups

    def lines(self, width: int) -> list[Text]:
        """The legend's lines at ``width`` cells, entries two spaces apart."""
        out: list[Text] = []
        for group in self.groups:
            line = Text()
            for entry in group:
                if line.cell_len and line.cell_len + 2 + entry.cell_len > width:
                    out.append(line)
                    line = Text()
                if line.cell_len:
                    line.append("  ")
                line.append_text(entry)
            out.append(line)
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text("\n").join(self.lines(options.max_width))

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max(entry.cell_len for group in self.groups for entry in group)
        whole = max(line.cell_len for line in self.lines(10_000))
        return Measurement(widest, whole).clamp(max_width=options.max_width)


def legend() -> Legend:
    """What the picture's letters and marks mean (the same marks as in a race: see
    :mod:`monza_tui.app.board_marks`): the spaces, their thin edges and the cars, a group
    each, wrapped as whole entries (:class:`Legend`)."""
    letters = [_named(colour_letter(colour), STYLE[colour], colour_name(colour))
               for colour in Colour]
    spaces: list[tuple[str, str | None, str]] = [
        ("▚", BOARD["start"], _("start and finish")),
        ("◎", BOARD["tire"], _("tire (blocked)")),
    ]
    edges: list[tuple[str, str | None, str]] = [
        ("▏▕▔▁", BOARD["line"], _("a space's edge where no line fits")),
    ]
    car = CAR_STYLE[Colour.RED]
    chip = CAR_MARK + colour_letter(Colour.RED)
    cars: list[tuple[str, str | None, str]] = [
        (chip, car, _("a car (red)")),
        (car_glyph(Colour.RED), BOARD[ink_look(Colour.RED, Colour.WHITE.value)],
         _("a car on a space too short for {chip}").format(chip=chip)),
        ("⁂", car, _("more cars than the space has room for")),
    ]
    marks: list[tuple[str, str | None, str]] = [
        ("1", BOARD["token"], _("a die placed on the space (its number in the dice row)")),
        (TILE_LABEL, BOARD["tile"], _("a tile placed on the space")),
        (ARROW["E"], BOARD["arrow"], _("the start's and the finish's arrows")),
        (CHEVRON["E"] + CHEVRON["S"], BOARD["chevron"], _("the direction of travel")),
    ]
    return Legend([
        letters,
        *(
            [Text.assemble((mark, style or ""), f" {meaning}") for mark, style, meaning in items]
            for items in (spaces, edges, cars, marks)
        ),
    ])


def _named(letter: str, style: str, colour: str) -> Text:
    """A colour's letter on the board and the colour it stands for, in the player's
    language (``M = violet`` in French, where the letters are not the English ones)."""
    before, _letter, after = _("{letter} = {colour}").partition("{letter}")
    return Text.assemble(before.format(colour=colour), (letter, style),
                         after.format(colour=colour))
