"""Racing from several terminals: one host holds the race, every screen is a client.

:mod:`.protocol` is the wire format (pydantic models, one parse and one dump),
:mod:`.server` the host (``RaceServer``: the authority holding the race), with
:mod:`.doors` (who comes in, which seat, the grace), :mod:`.outbox` (ordered frames, saved
before told), :mod:`.pace` (the threads its computer drivers think in), :mod:`.seating`
(seats, tokens, presence) and :mod:`.invitation`; :mod:`.client` a screen's connection
(``RaceClient``: the line and reconnecting) and :mod:`.mirror` (its mirror of the race,
kept by the engine), :mod:`.codes` join codes and the seed's hash, :mod:`.hostsave` what
the host's save adds for ``monza host --resume``, :mod:`.run` new and resumed hosts and the
headless host. ``docs/network.md`` describes the whole. Nothing here imports Textual.
"""
