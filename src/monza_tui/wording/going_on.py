"""How a person goes on after leaving or finishing: in a terminal, the command to run
(``monza resume``); in a browser (``monza serve``), what to do on the page.

Every such sentence has two messages here, ``code`` for the terminal and ``code.web`` for a
browser visitor; :func:`go_on` picks by :func:`monza_tui.web.served` and fills it in.
Sentences only ever shown in a terminal (the command line's own errors, ``monza resume``
refusing) keep their commands and stay where they are.
"""

from __future__ import annotations

from monza_tui.i18n import N_, _, ngettext
from monza_tui.wording.plural import Message, Plural

MESSAGES: dict[str, Message] = {
    "go_on.quit_question": N_("Quit the race? It is saved: monza resume continues it later."),
    "go_on.quit_question.web": N_(
        "Quit the race? It is saved: open this page again to continue it."
    ),
    "go_on.quit_saved": N_("The race is saved; monza resume continues it."),
    "go_on.quit_saved.web": N_("The race is saved; open this page again to continue it."),
    "go_on.rescued": N_("The race is written to {path}; monza resume {path} continues it."),
    "go_on.rescued.web": N_(
        "The race is written to {path} on the server; whoever runs it can continue it."
    ),
    "go_on.rescued_finished": N_(
        "The race is written to {path}; monza replay {path} shows it again."
    ),
    "go_on.rescued_finished.web": N_("The race is written to {path} on the server."),
    "go_on.lesson_saved": N_("The lesson is saved; monza learn continues it."),
    "go_on.lesson_saved.web": N_(
        "The lesson is saved; open this page again and press F2 to continue it."
    ),
    "go_on.seed": N_(
        "Seed {seed}: monza play --seed {seed} with the same set-up deals the same dice; "
        "monza replay steps through the record."
    ),
    "go_on.seed.web": N_(
        "Seed {seed}: the same set-up with this seed (the set-up screen's Seed field) deals "
        "the same dice; d downloads the record of the race."
    ),
    "go_on.skipped": Plural(
        "count",
        lambda n: ngettext(
            "{n} record could not be read and is left out (monza saves --all shows why).",
            "{n} records could not be read and are left out (monza saves --all shows why).",
            n,
        ),
    ),
    "go_on.skipped.web": Plural(
        "count",
        lambda n: ngettext(
            "{n} record could not be read and is left out.",
            "{n} records could not be read and are left out.",
            n,
        ),
    ),
}
"""Each code for a terminal, and with ``.web`` for a browser, to its English message."""


def go_on(code: str, *, count: int | None = None, **params: object) -> str:
    """The sentence ``go_on.<code>`` for where this app runs, in the player's language;
    ``count`` chooses a plural message's form (its ``{n}`` comes in ``params``, already
    written as the language writes numbers)."""
    from monza_tui.web import served

    key = f"go_on.{code}"
    message = MESSAGES[f"{key}.web" if served() else key]
    if isinstance(message, Plural):
        assert count is not None, key
        return message.say(count).format(**params)
    return _(message).format(**params)
