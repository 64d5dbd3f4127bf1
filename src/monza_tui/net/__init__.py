"""Racing from several terminals: one host holds the race, every screen is a client.

:mod:`.protocol` is the wire format (pydantic models, one parse and one dump),
:mod:`.server` the host (``RaceServer``: the authority holding the race, its seats, the
computer drivers and the saves), :mod:`.client` a screen's connection (``RaceClient``: a
mirror of the race kept by the engine), :mod:`.codes` join codes and the seed's hash,
:mod:`.hostsave` what the host's save adds for ``monza host --resume``, :mod:`.run` the
headless host. ``docs/network.md`` describes the whole. Nothing here imports Textual.
"""
