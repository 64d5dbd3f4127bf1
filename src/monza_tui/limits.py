"""Every limit on what the game writes and reads, in one place, used by both sides.

A save the game wrote must always load: so the writer (:mod:`monza_tui.record.race`,
:mod:`monza_tui.saves`, ``monza simulate --log``) and the reader
(:mod:`monza_tui.record.reader`) take their limits from here and nowhere else. Each limit
is far above anything a real race reaches (``docs/saves.md`` lists them, with what happens
at each); they exist so that an untrusted file is refused quickly, in one line, instead of
taking minutes or gigabytes.

Player names are checked here too (:func:`name_problem`), once, for every way a name
comes in: ``--player`` flags and the set-up screen (through
``monza_tui.race.setup.check_seats``) and records (``record.lines.PlayerLine``).
"""

from __future__ import annotations

from collections.abc import Iterable

from monza_tui.errors import unsafe_char
from monza_tui.i18n import _

# Records and saves ------------------------------------------------------------------------

MAX_RECORD_BYTES = 256 * 1024 * 1024
"""A record file larger than this is refused (a 1,000-race log is about 10 MiB)."""
MAX_LINE_CHARS = 64 * 1024
"""One record line at most (the largest header, with a board file, is about 12 K)."""
MAX_RACES_PER_FILE = 10_000
"""Races in one record file at most (``monza simulate --log`` writes at most this many)."""
MAX_TURNS_PER_RACE = 5_000
"""Turns in one race at most: a race of six cars lasts some 15-60 rounds (90-360 turns)."""
MAX_PENDING_ACTIONS = 64
"""Actions in a save's unfinished turn at most. A take-back cancels the placement it takes
back (:meth:`monza_tui.record.Race.apply`), so a turn never needs more than about 30."""
MAX_SEAT_CHANGES = 12
"""Seats changing hands in one turn at most (the record's ``seats`` field): a car or two
handed over and back; a record with more was not written by a family at the table."""

# Race set-up -----------------------------------------------------------------------------

MAX_SEED = 2**63
"""Seeds are whole numbers from 0 to ``MAX_SEED - 1`` (``--seed``, the set-up, records)."""
MAX_NAME_CHARS = 40
"""The longest player name."""

# The command line ------------------------------------------------------------------------

MAX_BOT_DELAY = 60.0
"""``--bot-delay`` in seconds, 0 to this."""
MAX_GAMES = 1_000_000
"""``monza simulate --games`` at most (with ``--log``: :data:`MAX_RACES_PER_FILE`)."""
MAX_JOBS = 64
"""``monza simulate --jobs`` at most (no more are started than there are races)."""

# Names -----------------------------------------------------------------------------------


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name, or None if it can.

    A name is printed on screens, in ``monza saves`` and in shared records: it has 1 to
    :data:`MAX_NAME_CHARS` characters, no surrounding spaces, and no control characters
    (an escape sequence must not reach a terminal; a tab or a line break must not break a
    table), no lone surrogates (not UTF-8) and no bidirectional overrides: the rule of
    :func:`monza_tui.errors.unsafe_char`, which board titles keep too."""
    shown = name if len(name) <= 20 else name[:20] + "…"
    if not name.strip():
        return _("every player needs a name")
    if name != name.strip():
        return _("player name {name}: no spaces before or after it").format(name=repr(shown))
    if len(name) > MAX_NAME_CHARS:
        return _("player name {name} is longer than {n} characters").format(
            name=repr(shown), n=MAX_NAME_CHARS
        )
    if any(unsafe_char(char) for char in name):
        return _("player name {name}: no control characters").format(name=ascii(shown))
    return None


def names_problem(names: Iterable[str]) -> str | None:
    """Why these names cannot race together (one bad, or two the same ignoring case)."""
    seen: set[str] = set()
    for name in names:
        problem = name_problem(name)
        if problem is not None:
            return problem
        if name.casefold() in seen:
            return _("two players are called {name}").format(name=name)
        seen.add(name.casefold())
    return None


def seed_problem(seed: object) -> str | None:
    """Why ``seed`` cannot be a race's seed (an int from 0 to ``MAX_SEED - 1``), or None."""
    if type(seed) is not int or not 0 <= seed < MAX_SEED:
        return _("a seed is a whole number from 0 to {top}").format(top=MAX_SEED - 1)
    return None
MAX_RACES = 20
"""Races in one evening (``monza play --races``, the set-up's Races field; stats)."""
