"""A race reviewed against the game's expert: where the race was won (``docs/review.md``).

:mod:`.analysis` prices every decision and roll (pure), :mod:`.data` is what it finds,
:mod:`.cache` keeps reviews per record, :mod:`.words` says them in the player's language;
:mod:`.chart` draws every car's spaces to the finish by round.
"""

from monza_tui.review.analysis import MAX_SPACES, TooLarge, review, review_steps
from monza_tui.review.data import (
    NEAR,
    TIE,
    Decision,
    Kind,
    Moment,
    PlayerReview,
    Review,
    RollKind,
    RollLuck,
    review_from_json,
    review_json,
)

__all__ = [
    "MAX_SPACES",
    "NEAR",
    "TIE",
    "Decision",
    "Kind",
    "Moment",
    "PlayerReview",
    "Review",
    "RollKind",
    "RollLuck",
    "TooLarge",
    "review",
    "review_from_json",
    "review_json",
    "review_steps",
]
