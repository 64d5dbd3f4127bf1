"""A review in the player's language, the way a family talks about a race: one line per
player, then the key moments. Worded from the :class:`~monza_tui.review.data.Review`
alone, so the command, the results screen and the line game say the same things.
"""

from __future__ import annotations

from monza_tui.engine import Colour
from monza_tui.errors import UserError, cut
from monza_tui.i18n import _, colour_name, ngettext, number
from monza_tui.race.setup import seat_label
from monza_tui.review.data import (
    TIE,
    Decision,
    Kind,
    Moment,
    PlayerReview,
    Review,
    RollKind,
    RollLuck,
)
from monza_tui.seats import SeatKind, shown_names


def turns(value: float) -> str:
    """Turns to one decimal, as the player's language writes numbers."""
    return number(value, 1)


def signed(value: float) -> str:
    """Luck with its sign: ``+0.4``, ``-1.2`` (and ``0.0``)."""
    text = turns(abs(value))
    if round(value, 1) == 0:
        return text
    return ("+" if value > 0 else "-") + text


def measure_line() -> str:
    """What the review measures against (it is honest about its yardstick)."""
    return _("Measured against the game's expert, not perfect play: a loss is what a choice "
             "cost in the expert's own estimate of turns to the finish, and a choice within "
             "{tie} turns of its own counts as its own.").format(tie=number(TIE, 2))


def names(review: Review) -> tuple[str, ...]:
    """The players' names as every screen shows them: a default name ("Bot 1", "电脑1")
    in the player's language (:func:`monza_tui.seats.shown_names`)."""
    return shown_names(review.players)


def player_line(player: PlayerReview, name: str | None = None) -> str:
    """One player's race: decisions, turns lost, best or near-best share, luck; ``name``
    as shown (:func:`names`), the recorded one by default."""
    seat = seat_label(SeatKind(player.seat))
    return ngettext(
        "{name} ({car}, {seat}): {n} decision, {lost} turns lost, {percent}% best or "
        "near-best, luck {luck} turns",
        "{name} ({car}, {seat}): {n} decisions, {lost} turns lost, {percent}% best or "
        "near-best, luck {luck} turns",
        player.decisions,
    ).format(
        name=name or player.name, car=colour_name(Colour(player.car)), seat=seat,
        n=number(player.decisions), lost=turns(player.loss),
        percent=number(round(player.best_share * 100)), luck=signed(player.luck),
    )


def moment_line(review: Review, moment: Moment) -> str:
    """A key moment in one sentence."""
    if moment.kind == "loss":
        decision = review.decisions[moment.index]
        return _loss_line(decision, names(review)[decision.player])
    roll = review.rolls[moment.index]
    return _luck_line(roll, names(review)[roll.player])


def _loss_line(d: Decision, name: str) -> str:
    values = {"round": number(d.round), "name": name, "turns": turns(d.loss)}
    if d.kind is Kind.EXTRA_ROLL:
        if d.best == ("keep",):
            text = _("Round {round}, {name}: keeping the roll was worth about {turns} turns "
                     "more than the re-roll.")
        elif d.chosen == ("keep",):
            text = _("Round {round}, {name}: a re-roll was worth about {turns} turns more "
                     "than keeping the roll.")
        else:
            text = _("Round {round}, {name}: re-rolling other dice was worth about {turns} "
                     "turns more.")
    elif d.kind is Kind.BONUS:
        if d.best == ("nobonus",):
            text = _("Round {round}, {name}: declining the bonus step was worth about {turns} "
                     "turns more.")
        elif d.chosen == ("nobonus",):
            text = _("Round {round}, {name}: taking the bonus step was worth about {turns} "
                     "turns more.")
        else:
            text = _("Round {round}, {name}: the other bonus step was worth about {turns} "
                     "turns more.")
    elif d.spaces > 0:
        text = ngettext(
            "Round {round}, {name}: the expert's move would have gone {n} space further "
            "(about {turns} turns).",
            "Round {round}, {name}: the expert's move would have gone {n} spaces further "
            "(about {turns} turns).",
            d.spaces,
        )
        values["n"] = number(d.spaces)
    else:
        text = _("Round {round}, {name}: another move was worth about {turns} turns more, "
                 "though it went no further.")
    return text.format(**values)


def _luck_line(r: RollLuck, name: str) -> str:
    lucky = r.luck > 0
    if r.kind is RollKind.REROLL:
        text = (_("Round {round}, {name}: a lucky re-roll, about {turns} turns better than "
                  "an average re-roll.") if lucky else
                _("Round {round}, {name}: an unlucky re-roll, about {turns} turns worse than "
                  "an average re-roll."))
    elif r.kind is RollKind.TURBO:
        text = (_("Round {round}, {name}: a lucky turbo roll, about {turns} turns better "
                  "than an average turbo roll there.") if lucky else
                _("Round {round}, {name}: an unlucky turbo roll, about {turns} turns worse "
                  "than an average turbo roll there."))
    else:
        text = (_("Round {round}, {name}: a lucky roll, about {turns} turns better than an "
                  "average roll from there.") if lucky else
                _("Round {round}, {name}: an unlucky roll, about {turns} turns worse than an "
                  "average roll from there."))
    return text.format(round=number(r.round), name=name, turns=turns(abs(r.luck)))


def too_large_line(where: str, spaces: int, most: int) -> str:
    """Why a race cannot be reviewed (:class:`~monza_tui.review.analysis.TooLarge`), the one
    line the command, the review screen and the line game say; ``where`` is the file, or
    the board where there is none."""
    return _("{path}: the board has {spaces} spaces, more than the expert's tables take "
             "({most}): this race cannot be reviewed").format(
                 path=where, spaces=number(spaces), most=number(most))


MOST_REASON = 120
"""Characters of a failure's reason shown at most (one line, never a traceback)."""


def failed_line(error: BaseException) -> str:
    """Why a race could not be reviewed, in one line, for a failure other than a board too
    large (:func:`too_large_line`): the game's own error (a record it refuses) says its
    sentence; anything else only its kind, the details being in the log."""
    unexpected = _("an unexpected error ({kind})").format(kind=type(error).__name__)
    why = unexpected
    if isinstance(error, UserError):
        try:
            why = str(error)  # (its sentence, worded in the player's language)
        except Exception:  # (an error's wording that fails says no more than its kind)
            why = unexpected
    return _("This race could not be reviewed: {why}").format(why=cut(why, MOST_REASON))


def review_lines(review: Review) -> list[str]:
    """The whole review as the command prints it."""
    lines = [measure_line()]
    if not review.finished:
        lines.append(_("The race is not finished: it is reviewed up to where it stands."))
    lines.append("")
    lines += [player_line(p, name) for p, name in zip(review.players, names(review), strict=True)]
    lines.append("")
    if review.moments:
        lines.append(_("Key moments:"))
        lines += ["  " + moment_line(review, m) for m in review.moments]
    else:
        lines.append(_("No key moments: every choice was within {tie} turns of the "
                       "expert's, and no roll stood out.").format(tie=number(TIE, 2)))
    return lines


__all__ = ["failed_line", "measure_line", "moment_line", "names", "player_line",
           "review_lines", "signed", "too_large_line", "turns"]
