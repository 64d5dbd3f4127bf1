"""A field of an untrusted file (a board file, a record line) that pydantic refused, as
our own one-line sentence: where (the field's path, as the file spells it) and what. The
codes are pydantic's error types (``field.missing``...) and our validators' own
(``field.shape.leg``...); pydantic's English never reaches a player."""

from __future__ import annotations

from monza_tui.i18n import N_, ngettext
from monza_tui.wording.plural import Message, Plural

MESSAGES: dict[str, Message] = {
    "field": N_("{place}: {problem}"),
    "field.unknown": N_("not a valid value"),
    "field.missing": N_("missing"),
    "field.extra_forbidden": N_("not a field of this file"),
    "field.string_type": N_("must be text"),
    "field.int_type": N_("must be a whole number"),
    "field.int_parsing": N_("must be a whole number"),
    "field.int_from_float": N_("must be a whole number"),
    "field.bool_type": N_("must be true or false"),
    "field.bool_parsing": N_("must be true or false"),
    "field.list_type": N_("must be a list"),
    "field.dict_type": N_("must be a table"),
    "field.model_type": N_("must be a table"),
    "field.model_attributes_type": N_("must be a table"),
    "field.literal_error": N_("must be one of {expected}"),
    "field.string_pattern_mismatch": N_("not a valid name (lower-case letters, digits, - and _)"),
    "field.string_too_short": N_("must not be empty"),
    "field.string_too_long": Plural(
        "max_length",
        lambda n: ngettext("at most {max_length} character", "at most {max_length} characters", n),
    ),
    "field.too_short": Plural(
        "min_length",
        lambda n: ngettext("at least {min_length} entry", "at least {min_length} entries", n),
    ),
    "field.too_long": Plural(
        "max_length",
        lambda n: ngettext("at most {max_length} entry", "at most {max_length} entries", n),
    ),
    "field.greater_than_equal": N_("at least {ge}"),
    "field.less_than_equal": N_("at most {le}"),
    "field.greater_than": N_("more than {gt}"),
    "field.less_than": N_("less than {lt}"),
    # Our own validators (boardmodel.py)
    "field.shape.leg": N_("leg {leg!r} is a direction N/E/S/W and a length, like E12"),
    "field.shape.turn": N_("legs {first} then {then}: each leg turns a quarter from the last"),
    "field.shape.loop": N_(
        "a loop must close: legs go E{E} W{W} N{N} S{S}, but E must equal W and N equal S"
    ),
    "field.text.control": N_("no control characters"),
    "field.lane.chars": N_("a lane is at most {most} characters"),
    "field.lane.spaces": N_("a lane has at most {most} spaces"),
}
"""Field problems' codes to their English messages (an unknown code: ``field.unknown``)."""
