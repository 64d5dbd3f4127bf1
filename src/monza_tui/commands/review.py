"""`monza review FILE|N|latest [--race N] [--json]`: where the race was won.

Every decision of a recorded race priced by the game's expert, and the luck of every roll
(``docs/review.md``). The file is named as ``monza replay`` names it (its resolution, not a
copy); a race that cannot be reviewed is one line and status 2.
"""

from __future__ import annotations

import argparse
import json

from monza_tui import heap
from monza_tui.commands.flags import whole
from monza_tui.commands.replay import add_file_argument, load, resolve
from monza_tui.errors import UserError
from monza_tui.files import shown
from monza_tui.i18n import _, number
from monza_tui.limits import MAX_RACES_PER_FILE


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``monza review FILE|N|latest [--race N] [--json]``."""
    add_file_argument(parser)
    parser.add_argument(
        "--race", type=whole(1, MAX_RACES_PER_FILE), default=1, metavar="N",
        help=_("review race N of a file that holds several (1 to {high})").format(
            high=number(MAX_RACES_PER_FILE)),
    )
    parser.add_argument(
        "--json", action="store_true",
        help=_("print the review as JSON (docs/review.md) instead of sentences"),
    )


def run(args: argparse.Namespace) -> int:
    """Review one race and print it."""
    heap.release()  # no screen
    from monza_tui.review import TooLarge, review, review_json
    from monza_tui.review.words import review_lines, too_large_line

    path = resolve(args.file)
    race = load(path, args.race)[args.race - 1]
    try:
        found = review(race)
    except TooLarge as error:
        raise UserError(too_large_line(shown(path), error.spaces, error.most)) from None
    if args.json:
        print(json.dumps(review_json(found), ensure_ascii=False, indent=1))
    else:
        print("\n".join(review_lines(found)))
    return 0
