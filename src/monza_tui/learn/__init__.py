"""The guided first race (``monza learn``): a scripted race that meets every rule once.

The lesson is data (:mod:`monza_tui.learn.script`: the dice of every roll, the computer
driver's moves, the player's expected actions and the words around them), followed by
:class:`monza_tui.learn.lesson.Lesson` and shown by the ordinary race screen with a guide
panel (:mod:`monza_tui.learn.screen`). The engine decides everything, as in any race.
See docs/learn.md.
"""
