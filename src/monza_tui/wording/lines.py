"""A sentence laid into lines of a width, as its language writes it.

Textual (through Rich) breaks lines only at spaces and folds a longer run of characters
wherever the width ends. Chinese has no spaces: a sentence was either pushed whole to the
next line or cut anywhere, so a line could begin with "，" or "）" or end with "（". Here a
line may break between any two wide (East Asian) characters as well as at spaces, but never
before a closing mark (。，、：；！？）」 …) nor after an opening one (（「): the line-start
rules of Chinese typesetting. Text without wide characters and without those marks breaks
exactly as Rich breaks it, so English lines stay as they were.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from itertools import pairwise

from rich.cells import cell_len, chop_cells

NO_LINE_START = frozenset("、。，．：；！？）］｝」』】〕〉》”’…‥・〜,.:;!?)]}%")
"""Marks that may not begin a line (they belong to what comes before them)."""
NO_LINE_END = frozenset("（［｛「『【〔〈《“‘([{")
"""Marks that may not end a line (they belong to what follows them)."""

_WORD = re.compile(r"\s*\S+\s*")


def _wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


def _may_break(before: str, after: str) -> bool:
    """Whether a line may end between ``before`` and ``after`` (the last and the first
    visible characters on either side)."""
    return after not in NO_LINE_START and before not in NO_LINE_END


def _pieces(text: str) -> list[tuple[int, str]]:
    """``text`` cut where a line may break: (offset, piece), each piece with the blanks
    after it. Between words (at blanks) and between wide characters, unless a mark of
    the line-start rules holds the two sides together."""
    pieces: list[tuple[int, str]] = []
    for match in _WORD.finditer(text):
        word, start = match.group(0), match.start()
        core_start = start + len(word) - len(word.lstrip())
        core_end = start + len(word.rstrip())
        cuts = [at for at in range(core_start + 1, core_end)
                if (_wide(text[at - 1]) or _wide(text[at]))
                and _may_break(text[at - 1], text[at])]
        ends = [*cuts, match.end()]
        before = text[:start].rstrip()[-1:]
        if pieces and before and not _may_break(before, text[core_start]) and (
                _wide(before) or _wide(text[core_start])):
            # Held to the piece before ("：" after a blank, a word after "（ "); a
            # narrow mark after a blank stands alone ("? shows the rules").
            at, piece = pieces[-1]
            pieces[-1] = (at, piece + text[start:ends[0]])
        else:
            pieces.append((start, text[start:ends[0]]))
        pieces += [(a, text[a:b]) for a, b in pairwise(ends)]
    return pieces


def _offsets(text: str, width: int) -> list[int]:
    """Where the lines of ``text`` begin (after the first), as Rich's ``divide_line``
    answers, over the pieces where a line may break."""
    breaks: list[int] = []
    offset = 0
    for start, piece in _pieces(text):
        length = cell_len(piece.rstrip())
        if width - offset >= length:
            offset += cell_len(piece)
        elif length > width:  # longer than a line: folded where the width ends
            folded = chop_cells(piece, width)
            for i, line in enumerate(folded):
                if start:
                    breaks.append(start)
                if i == len(folded) - 1:
                    offset = cell_len(line)
                else:
                    start += len(line)
        elif offset and start:
            breaks.append(start)
            offset = cell_len(piece)
    return breaks


@lru_cache(maxsize=512)
def wrap_lines(text: str, width: int) -> tuple[str, ...]:
    """``text`` in lines of at most ``width`` columns (a line break in ``text`` starts a
    new line), broken at blanks and between wide characters, never so that a line starts
    with a closing mark or ends with an opening one (see the module's docstring). Blanks
    at a break are dropped, as a ``Static`` drops them."""
    width = max(1, width)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        cuts = [0, *_offsets(paragraph, width), len(paragraph)]
        parts = [paragraph[a:b] for a, b in pairwise(cuts)]
        last = parts[-1] if cell_len(parts[-1]) <= width else parts[-1].rstrip()
        lines += [part.rstrip() for part in parts[:-1]] + [last]
    return tuple(lines)


__all__ = ["NO_LINE_END", "NO_LINE_START", "wrap_lines"]
