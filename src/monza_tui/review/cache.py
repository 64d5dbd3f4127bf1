"""Reviews kept per record: the results screen, the replay and the line game may all ask
for the review of the same race, and it costs most of a second.

The key is the race's own record text (a digest of it): two races with the same record are
the same race, and a race that went on by one action is another record. No I/O: the cache
lives as long as the process.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict

from monza_tui.record import Race, record_text
from monza_tui.review.analysis import review
from monza_tui.review.data import Review

SIZE = 8
"""Reviews kept (the races of an evening, a file in the replay)."""

_KEPT: OrderedDict[bytes, Review] = OrderedDict()


def record_key(race: Race) -> bytes:
    """The digest of ``race``'s record, its unfinished turn included."""
    return hashlib.blake2b(record_text([race], save=True).encode(), digest_size=16).digest()


def cached_review(race: Race) -> Review:
    """:func:`~monza_tui.review.analysis.review`, once per record."""
    key = record_key(race)
    found = _KEPT.get(key)
    if found is not None:
        _KEPT.move_to_end(key)
        return found
    made = _KEPT[key] = review(race)
    while len(_KEPT) > SIZE:
        _KEPT.popitem(last=False)
    return made


def forget() -> None:
    """Empty the cache (tests)."""
    _KEPT.clear()
