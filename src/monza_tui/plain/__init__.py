"""The line-by-line game (``monza play --plain``): the race told in sentences, for screen
readers and braille displays.

Two layers, like the app's: :mod:`monza_tui.plain.ahead` and :mod:`monza_tui.plain.words`
are pure functions of the engine state (what to say), :mod:`monza_tui.plain.commands`
reads what the player typed, and :mod:`monza_tui.plain.game` is the thin loop over
injected input and output streams (what to ask, when to save). Nothing here redraws,
moves the cursor or writes an escape sequence: every line is written once, in order.
See ``docs/plain.md``.
"""
