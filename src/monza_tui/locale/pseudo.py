"""The pseudo-locale ``xx``: English made visibly foreign, to find what escapes translation.

Every message is bracketed ``⟦…⟧``, its letters accented and padded about 40% longer, so a
test sees at once English left on screen (plain ASCII words), text cut off (a ``⟦`` without
its ``⟧``) and layouts that only fit English. Placeholders (``{name}``, ``%(prog)s``,
``%s``), what is typed (``--help``, ``monza resume``, ``LC_ALL``), Markdown line marks
(``## ``, ``- ``) and ``code`` spans stay as they are; a one-letter message (a colour
letter) stays one accented letter, one cell wide.
"""

from __future__ import annotations

import re

OPEN, CLOSE, PAD = "⟦", "⟧", "~"
_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ACCENTED = "åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"
ACCENTS = str.maketrans(_PLAIN, _ACCENTED)
_KEEP = re.compile(
    r"(\{[^{}]*\}|%\([a-z_]+\)[sdr]|%[sdr]|`[^`]*`|--[\w-]+|\bmonza(?: [a-z]+)?\b"
    r"|\b[A-Z]+_[A-Z_]+\b|\bLANG(?:UAGE)?\b)"
)
_LINE_MARK = re.compile(r"^(\s*(?:#+ |[-*] |\d+\. |> )?)(.*)$")


def accent(text: str) -> str:
    """``text`` with its letters accented, placeholders and code spans kept."""
    parts = _KEEP.split(text)
    return "".join(part if i % 2 else part.translate(ACCENTS) for i, part in enumerate(parts))


def _padded(text: str) -> str:
    # About 40% longer in all, the brackets included.
    return OPEN + accent(text) + PAD * max(1, round(0.4 * len(text)) - 2) + CLOSE


def _mark(line: str) -> str:
    match = _LINE_MARK.match(line)
    return match[1] if match else ""


def pseudo_message(text: str) -> str:
    """``text`` in the pseudo-locale."""
    if len(text) == 1 and text.isalpha():
        return accent(text)
    if not any(_mark(line) for line in text.splitlines()):
        lead = len(text) - len(text.lstrip())
        tail = len(text) - len(text.rstrip())
        core = text.strip()
        if not core:
            return text
        return text[:lead] + _padded(core) + text[len(text) - tail:]
    lines = []
    for line in text.splitlines():
        match = _LINE_MARK.match(line)
        assert match is not None
        mark, body = match[1], match[2]
        lines.append(mark + _padded(body) if body.strip() else line)
    return "\n".join(lines)
