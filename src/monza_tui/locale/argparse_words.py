"""argparse's own words a player can meet (``monza --help``, a bad flag), as msgids of our
catalogue: :func:`monza_tui.i18n.translate_argparse` makes argparse look them up there.

The strings are argparse's exactly (Python 3.11-3.13); this module only marks them.
``"%(heading)s:"`` (a section heading's colon) is argparse's from Python 3.13 on, and
:mod:`monza_tui.cli_help` says it on every version.
"""

from __future__ import annotations

from monza_tui.i18n import N_, ngettext

WORDS = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("%(heading)s:"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("can't open '%(filename)s': %(error)s"),
)


def _plurals(n: int) -> str:
    """Marks argparse's plural message (never called)."""
    return ngettext("expected %s argument", "expected %s arguments", n)
