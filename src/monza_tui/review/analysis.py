"""The review of a race: every decision priced by the expert's own evaluation, every roll's
luck, per player and in three key moments (``docs/review.md``).

Pure: a race in, a :class:`~monza_tui.review.data.Review` out; no I/O, no words. A choice
is priced with the very scores the expert decides by (:mod:`monza_tui.bots.expert`), so a
loss is "what the game's expert thinks this cost", never a claim about perfect play.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from monza_tui.bots.expert import (
    bonus_choice,
    extra_roll_choice,
    extra_roll_options,
    path_choice,
)
from monza_tui.bots.judge import LOSS, WIN, Judge
from monza_tui.bots.multisets import mid
from monza_tui.bots.search import mask_of
from monza_tui.bots.tables import tables_for
from monza_tui.engine import (
    Action,
    BonusStep,
    Confirm,
    DeclineBonus,
    Game,
    KeepRoll,
    Phase,
    Place,
    Reroll,
    Roll,
    State,
    TakeBack,
    action_text,
)
from monza_tui.race.narrate import steps_to_finish
from monza_tui.record import Player, Race
from monza_tui.review.data import (
    DIGITS,
    TIE,
    Decision,
    Kind,
    Moment,
    PlayerReview,
    Review,
    RollKind,
    RollLuck,
)
from monza_tui.review.luck import Luck

MAX_SPACES = 400
"""The largest board reviewed: the expert's tables of a board grow with its spaces (the
long track's 151 take most of a second to solve), and a review is to be ready at once."""


class TooLarge(ValueError):
    """A board too large for the expert's tables: the race cannot be reviewed."""

    def __init__(self, spaces: int, most: int) -> None:
        super().__init__(f"{spaces} spaces, at most {most} reviewed")
        self.spaces = spaces
        self.most = most


def review(race: Race) -> Review:
    """The review of ``race`` (finished or not: a save is reviewed up to where it stands)."""
    return review_steps(
        race.game, race.starting_players(), race.replay(), finished=race.state.is_terminal()
    )


def review_steps(
    game: Game,
    players: Sequence[Player],
    steps: Iterable[tuple[State, Action]],
    *,
    finished: bool = False,
) -> Review:
    """The review of the actions ``steps`` (each with the state it was played in): a whole
    race from :meth:`Race.replay`, or a turn a test sets up by hand."""
    if len(game.board.spaces) > MAX_SPACES:
        raise TooLarge(len(game.board.spaces), MAX_SPACES)
    walk = _Walk(game)
    for index, (state, action) in enumerate(steps):
        walk.step(index, state, action)
    decisions, rolls = tuple(walk.decisions), tuple(walk.rolls)
    return Review(
        board=game.board.name,
        finished=finished,
        players=tuple(_player(i, p, decisions, rolls) for i, p in enumerate(players)),
        decisions=decisions,
        rolls=rolls,
        moments=key_moments(decisions, rolls),
    )


class _Walk:
    """Goes through a race's actions once, pricing each decision as it completes."""

    def __init__(self, game: Game) -> None:
        self.board = game.board
        self.luck = Luck(tables_for(game.board, game.pro))
        self.distance = steps_to_finish(game.board)
        self.decisions: list[Decision] = []
        self.rolls: list[RollLuck] = []
        self._placing: tuple[int, State] | None = None
        self._placed: list[Action] = []

    def step(self, index: int, state: State, action: Action) -> None:
        phase = state.phase
        if isinstance(action, Roll):
            self._roll(index, state, action)
        elif phase is Phase.EXTRA_ROLL and isinstance(action, KeepRoll | Reroll):
            self._extra_roll(index, state, action)
        elif phase in (Phase.PLACING, Phase.TURBO_PLACING):
            if self._placing is None:
                self._placing = (index, state)
            if isinstance(action, Place):
                self._placed.append(action)
            elif isinstance(action, TakeBack) and self._placed:
                self._placed.pop()
            elif isinstance(action, Confirm):
                self._placement(state)
        elif phase is Phase.BONUS and isinstance(action, BonusStep | DeclineBonus):
            self._bonus(index, state, action)

    # Rolls -------------------------------------------------------------------------

    def _roll(self, index: int, state: State, action: Roll) -> None:
        luck = self.luck
        if state.phase is Phase.ROLL:
            kind, value = RollKind.ROLL, luck.roll(state.positions[state.player], action.colours)
        elif state.phase is Phase.TURBO_ROLL:
            kind, value = RollKind.TURBO, luck.turbo(state.origin(), action.colours)
        else:  # the dice of the extra roll (R13)
            again = set(state.pending_reroll or ())
            kept = [c for i, c in enumerate(state.roll) if i not in again]
            kind = RollKind.REROLL
            value = luck.reroll(state.positions[state.player], kept, action.colours)
        self.rolls.append(RollLuck(
            state.turn, state.round, state.player, kind, index,
            action_text(self.board, action), round(value, DIGITS),
        ))

    # Decisions -----------------------------------------------------------------------

    def _extra_roll(self, index: int, state: State, action: KeepRoll | Reroll) -> None:
        """Keep the roll (and the tile) or re-roll some dice (R13)."""
        _, keep_score, options = extra_roll_options(state)
        best = extra_roll_choice(state).action

        def score(choice: Action) -> float:
            if isinstance(choice, Reroll):
                return options[_kept(state, choice)]
            return keep_score

        self._decide(state, state.player, Kind.EXTRA_ROLL, index, (action,), (best,),
                     score(best), score(action))

    def _placement(self, state: State) -> None:
        """The whole placement of a placing phase (R6), or of the turbo's (R14)."""
        assert self._placing is not None
        first, start = self._placing
        placed, self._placing, self._placed = self._placed, None, []
        choice = path_choice(start)
        if not placed and not choice.steps:
            return  # nothing fitted (R7): no decision to make
        turbo = start.phase is Phase.TURBO_PLACING
        end = state.origin()
        left = mid([state.roll[i] for i in state.unused_dice()])
        mask = 0 if turbo else mask_of(state.unused_tiles())
        best_end = choice.steps[-1][0] if choice.steps else start.origin()
        spaces = self.distance[end] - self.distance[best_end]
        best = [a for a in choice.actions if isinstance(a, Place)]
        self._decide(start, start.player, Kind.TURBO if turbo else Kind.PLACING, first,
                     placed, best, choice.score, choice.judge.terminal(end, left, mask),
                     spaces)

    def _bonus(self, index: int, state: State, action: BonusStep | DeclineBonus) -> None:
        """The bonus car's free step, or declining it (R15)."""
        me = state.bonus_player
        assert me is not None
        choice = bonus_choice(state)
        judge = Judge(state, me)
        dice = state.dice_used(me)

        def score(option: Action) -> float:
            if not isinstance(option, BonusStep):
                return choice.stay_score
            positions = list(state.positions)
            positions[me] = option.space
            return judge.standing(positions, dice)

        self._decide(state, me, Kind.BONUS, index, (action,), (choice.action,),
                     score(choice.action), score(action))

    def _decide(
        self, state: State, player: int, kind: Kind, index: int,
        chosen: Sequence[Action], best: Sequence[Action],
        best_score: float, chosen_score: float, spaces: int = 0,
    ) -> None:
        near = self.distance[state.positions[player]] <= REACH
        loss = _loss(best_score, chosen_score, near=near)
        texts = tuple(action_text(self.board, a) for a in chosen)
        self.decisions.append(Decision(
            state.turn, state.round, player, kind, index, texts,
            tuple(action_text(self.board, a) for a in best),
            round(loss, DIGITS) if loss >= TIE else 0.0,
            spaces if loss >= TIE else 0,
        ))


def _kept(state: State, reroll: Reroll) -> int:
    """The multiset of dice a re-roll keeps."""
    return mid([c for i, c in enumerate(state.roll) if i not in reroll.dice])


REACH = 14
"""Most spaces a car can cover in one turn (six dice, six tiles, two turbo dice)."""
CHANCE = 3.0
"""Near the finish, a difference of scores beyond this many turns is a chance to finish."""
PROGRESS = 200.0
"""Scores within this of 0 are progress in turns (no board takes 200 turns); beyond it a
score holds the judge's WIN or LOSS."""


def _loss(best: float, chosen: float, *, near: bool = False) -> float:
    """What the chosen ending cost against the best, in turns.

    A judge's score is progress in turns, except that an ending at the finish scores WIN
    (plus its share of the win) and, in the final round (R10), every other ending LOSS.
    Where dice are still to roll (an extra roll, the turbo roll) a score is an expectation
    that mixes them: a 30% chance to finish this turn adds 300. Between such scores the
    difference is a chance of finishing this turn rather than a turn later, and a whole
    finish (WIN, or WIN - LOSS in the final round) counts as the one turn it saves.

    A small chance to finish mixes in unseen (a 5% chance adds 50): ``near`` says the car
    could reach the finish this turn, where a difference of more than CHANCE turns cannot
    be progress (at most REACH spaces, about three turns, were left to go) and is read as
    a chance to finish."""
    if abs(best) < PROGRESS and abs(chosen) < PROGRESS and not (near and
                                                             best - chosen > CHANCE):
        return best - chosen
    if all(WIN - PROGRESS / 10 < score < WIN + 2 for score in (best, chosen)):
        return _turns(best) - _turns(chosen)  # (both finish: their shares of the win)
    span = WIN - LOSS if min(best, chosen) < LOSS / 2 else WIN
    return (best - chosen) / span


def _turns(score: float) -> float:
    """A judge's score as turns: a finish is 0 turns to go plus the share of the win (a
    whole win counting one turn); in the final round (R10), where every other ending
    loses, the score less that loss is the usual progress."""
    if score >= WIN / 2:
        return score - WIN
    if score <= LOSS / 2:
        return score - LOSS
    return score


def _player(
    index: int, player: Player, decisions: Sequence[Decision], rolls: Sequence[RollLuck]
) -> PlayerReview:
    mine = [d for d in decisions if d.player == index]
    good = sum(d.near_best for d in mine)
    return PlayerReview(
        name=player.name,
        car=player.car.value,
        seat=player.seat.value,
        decisions=len(mine),
        loss=round(sum(d.loss for d in mine), DIGITS),
        best_share=round(good / len(mine), DIGITS) if mine else 1.0,
        luck=round(sum(r.luck for r in rolls if r.player == index), DIGITS),
    )


def key_moments(
    decisions: Sequence[Decision], rolls: Sequence[RollLuck], count: int = 3
) -> tuple[Moment, ...]:
    """The largest loss, the luckiest or unluckiest roll, then the largest of the rest,
    in the order they happened; rolls within a tie of average are no moment."""
    losses = [(d.loss, "loss", i) for i, d in enumerate(decisions) if d.loss > 0]
    lucks = [(abs(r.luck), "luck", i) for i, r in enumerate(rolls) if abs(r.luck) >= TIE]
    losses.sort(key=lambda x: -x[0])
    lucks.sort(key=lambda x: -x[0])
    picked = losses[:1] + lucks[:1]
    rest = sorted(losses[1:] + lucks[1:], key=lambda x: -x[0])
    picked += rest[: max(0, count - len(picked))]
    moments = []
    for _, kind, i in picked:
        item = decisions[i] if kind == "loss" else rolls[i]
        moments.append(Moment(kind, i, item.turn, item.action))
    return tuple(sorted(moments, key=lambda m: m.action))
