"""The expert's reasons for a hint (:mod:`monza_tui.bots.expert`) as sentences: the bots
give a code and values (``hint.moves`` with ``n``), never words."""

from __future__ import annotations

from monza_tui.i18n import N_, ngettext
from monza_tui.wording.plural import Message, Plural

MESSAGES: dict[str, Message] = {
    "hint.all_dice": N_("all six dice"),
    "hint.reroll_stuck": N_("re-roll {dice}: as rolled, the car cannot move"),
    "hint.reroll": Plural(
        "n",
        lambda n: ngettext(
            "re-roll {dice}: as rolled, the best move goes {n} space",
            "re-roll {dice}: as rolled, the best move goes {n} spaces",
            n,
        ),
    ),
    "hint.keep_finish": N_("keep the roll: it reaches the finish"),
    "hint.keep": Plural(
        "n",
        lambda n: ngettext(
            "keep the roll ({n} space) and save the extra-roll tile for later",
            "keep the roll ({n} spaces) and save the extra-roll tile for later",
            n,
        ),
    ),
    "hint.tiles_named": Plural(
        "n", lambda n: ngettext("your {names} tile", "your {names} tiles", n)
    ),
    "hint.tiles_counted": Plural("n", lambda n: ngettext("{n} tile", "{n} tiles", n)),
    "hint.bonus_finish": N_("the free step reaches the finish"),
    "hint.bonus_step": N_("a free step forward: {where}"),
    "hint.bonus_none": N_("no free space to step to"),
    "hint.bonus_stay": N_("stay: the free step would leave the car likely to be pushed back"),
    "hint.no_turbo_fit": N_("no turbo die fits: the car stays where it is"),
    "R7.no_fit": N_("no die fits: the car stays where it is (R7)"),
    "hint.finish": Plural(
        "n",
        lambda n: ngettext(
            "reaches the finish with {n} die", "reaches the finish with {n} dice", n
        ),
    ),
    "hint.moves": Plural("n", lambda n: ngettext("moves {n} space", "moves {n} spaces", n)),
    "hint.turbo": N_("earns the turbo roll"),
    "hint.pushes": N_("pushes {car} back"),
    "hint.uses": N_("uses {tiles}"),
    "hint.no_tile": N_("uses no tile"),
}
"""The hints' codes to their English messages (the catalogue's msgids as before)."""
