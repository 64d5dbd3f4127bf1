"""The wording layer: errors and bots' reasons, kept as codes and values, become sentences
in the player's language here and only here.

Each area has its table of messages (``engine``, ``files``, ``fields`` for a board's or
record's fields, ``hints`` for the bots' reasons): a code maps to an English message marked
with :func:`~monza_tui.i18n.N_` (the catalogue's msgid), or to a singular/plural pair and
the parameter that counts. :func:`word` looks the code up, words each parameter (a colour
by its name, a phase by its name, a nested error or :class:`~monza_tui.errors.Said` by its
own sentence, a place on a board by lane and token, a car by its place in the race) and
fills the message in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from monza_tui.engine.board import Edition
from monza_tui.engine.colours import Colour
from monza_tui.engine.problems import Spot
from monza_tui.engine.turn import Phase
from monza_tui.errors import CarAt, Said, printable
from monza_tui.i18n import N_, _, colour_name, pgettext
from monza_tui.wording import commands, engine, fields, files, hints, net, record
from monza_tui.wording.plural import Message, Plural

MESSAGES: Mapping[str, Message] = {
    **engine.MESSAGES,
    **commands.MESSAGES,
    **files.MESSAGES,
    **fields.MESSAGES,
    **hints.MESSAGES,
    **net.MESSAGES,
    **record.MESSAGES,
}
"""Every code the wording layer knows, to its English message."""

_PHASES = {
    Phase.ROLL: lambda: pgettext("phase", "roll"),
    Phase.EXTRA_ROLL: lambda: pgettext("phase", "extra roll"),
    Phase.PLACING: lambda: pgettext("phase", "placing"),
    Phase.TURBO_ROLL: lambda: pgettext("phase", "turbo roll"),
    Phase.TURBO_PLACING: lambda: pgettext("phase", "turbo placing"),
    Phase.BONUS: lambda: pgettext("phase", "bonus move"),
    Phase.FINISHED: lambda: pgettext("phase", "finished"),
}
"""The phases' names (``msgctxt "phase"``: a noun, unlike the buttons' Roll or the
variant's "bonus move")."""
_EDITIONS = {
    Edition.ANNIVERSARY: N_("anniversary edition"),
    Edition.ORIGINAL: N_("original edition"),
}


def phase_name(phase: Phase) -> str:
    """A phase of the turn by its name in the player's language."""
    return _PHASES[phase]()


def edition_name(edition: Edition | str) -> str:
    """An edition by its name in the player's language ("anniversary edition"; the record
    says ``anniversary``)."""
    try:
        return _(_EDITIONS[Edition(edition)])
    except ValueError:
        return str(edition)


class Titled(Protocol):
    """A board as far as its title goes (a loaded :class:`Board`, or a built-in board's
    entry in the list of boards)."""

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...


def board_title(board: Titled) -> str:
    """A board as the player reads it: a built-in board by its title in the player's
    language (the titles are in the catalogue: "Long track", "Długi tor", "长赛道"), a board
    file by the title it gives, an untitled one by its name. The one home for a board's
    name on screen and in every command's output (the id, ``oval``, is what is typed).
    Escaped (:func:`~monza_tui.errors.printable`): a record or save written before titles
    kept the rule of names is still shown safely, never raw."""
    return printable(_(board.title)) if board.title else board.name


def listing(items: object) -> str:
    """Items joined as a list in the player's language (``red, blue``; ``红、蓝``)."""
    values = [str(value(item)) for item in items]  # type: ignore[attr-defined]
    return _(", ").join(values)


def spot(where: Spot) -> str:
    """A place in a board's lane strings, for an error."""
    if where.token == 0:
        return _("the start field")
    return _("lane {lane}, token {token} {text}").format(
        lane=where.lane, token=where.token, text=repr(where.text)
    )


def value(item: object) -> object:
    """One parameter as it goes into a sentence: numbers stay numbers (formats like
    ``{n:,}`` apply), words of the game are worded, nested sentences are said."""
    if isinstance(item, Colour):
        return colour_name(item)
    if isinstance(item, Phase):
        return phase_name(item)
    if isinstance(item, Edition):
        return edition_name(item)
    if isinstance(item, Spot):
        return spot(item)
    if isinstance(item, CarAt):
        from monza_tui.race.narrate import where_words  # the one way a car's place is said

        return where_words(item.state, item.player)
    if isinstance(item, Said | BaseException):
        return word(item)
    if isinstance(item, list | tuple | frozenset | set):
        return listing(item)
    return item


def sentences(first: str, second: str) -> str:
    """Two sentences one after the other, as the language writes them: a message, so that
    a language without spaces between sentences (Chinese: "……。……。") drops the space."""
    # Translators: two whole sentences one after the other; Chinese writes no space.
    return pgettext("two sentences", "{first} {second}").format(first=first, second=second)


def and_list(items: object) -> str:
    """Items as a list ending in "and" (``a, b and c``), in the player's language."""
    values = [str(value(item)) for item in items]  # type: ignore[attr-defined]
    if len(values) < 2:
        return "".join(values)
    return _(", ").join(values[:-1]) + _(" and ") + values[-1]


def word(thing: Said | BaseException) -> str:
    """The sentence for an error or a :class:`Said`, in the player's language; an error
    without a known code keeps its own text."""
    code = getattr(thing, "code", "")
    params = getattr(thing, "params", None)
    if code == "list.and" and isinstance(params, dict):
        return and_list(params["items"])
    message = MESSAGES.get(code) if isinstance(code, str) else None
    if code == "file.os" and isinstance(params, dict):
        message = MESSAGES.get(f"file.os.{params.get('errno')}", message)
    elif code == "R5.not_forward" and isinstance(params, dict) and params.get("origin") == "start":
        message = MESSAGES["R5.not_forward.start"]  # the start field by name, not its id
    elif message is None and isinstance(code, str) and code.startswith("field."):
        message = MESSAGES["field.unknown"]  # a pydantic type we do not word: what, not how
    if message is None or not isinstance(params, dict):
        if isinstance(thing, BaseException) and thing.args:
            return str(thing.args[0])
        return str(code)
    worded = {name: value(item) for name, item in params.items()}
    if isinstance(message, Plural):
        return message.say(int(params[message.count])).format(**worded)
    return _(message).format(**worded)
