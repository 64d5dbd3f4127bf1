"""The race core: everything about a race in progress that is not the rules (``engine``)
and not a screen (``app``). What is due next and when (:mod:`.pace`), what a person may do
now and what Enter plays (:mod:`.now`, :mod:`.offers`), the board's scene (:mod:`.scene`),
what happened in words (:mod:`.narrate`, :mod:`.words`) and a race's set-up
(:mod:`.setup`). The Textual app, the line game, the network host, ``simulate`` and the
lesson all drive a race through it and add only their own scheduling; nothing here imports
Textual or ``monza_tui.app`` (``tests/test_layers.py``)."""
