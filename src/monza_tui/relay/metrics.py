"""The relay's counters and gauges, written in Prometheus' text format (0.0.4) by hand:
a dozen lines need no dependency.

``GET /metrics`` answers :meth:`Metrics.render`. The gauges are read from the relay as it
is when asked; the counters only grow while the process runs.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

REASONS = (
    "bad_code", "too_many", "host_away", "full", "taken", "version", "bad_register",
    "register_too_many", "relay_full", "timeout", "too_big", "too_fast", "behind",
    "not_text",
)
"""Why the relay refused or cut off a line (the ``reason`` label's values): the game's and
the relay's refusal codes without their prefix, and the relay's own cut-offs."""


@dataclass
class Metrics:
    """What the relay counts."""

    to_host: int = 0
    to_guest: int = 0
    refusals: Counter[str] = field(default_factory=Counter)

    def refused(self, reason: str) -> None:
        """One refusal or cut-off (a reason of :data:`REASONS`)."""
        self.refusals[reason] += 1

    def render(self, *, races: int, hosts: int, guests: int, expired: int) -> str:
        """The text ``/metrics`` answers (gauges given as they are now)."""
        lines = [
            "# HELP monza_relay_races Races the relay holds (hosts away within --expire too).",
            "# TYPE monza_relay_races gauge",
            f"monza_relay_races {races}",
            "# HELP monza_relay_connections Open websocket connections.",
            "# TYPE monza_relay_connections gauge",
            f'monza_relay_connections{{kind="host"}} {hosts}',
            f'monza_relay_connections{{kind="guest"}} {guests}',
            "# HELP monza_relay_frames_total Frames passed along.",
            "# TYPE monza_relay_frames_total counter",
            f'monza_relay_frames_total{{direction="to_host"}} {self.to_host}',
            f'monza_relay_frames_total{{direction="to_guest"}} {self.to_guest}',
            "# HELP monza_relay_refusals_total Lines refused or cut off, by reason.",
            "# TYPE monza_relay_refusals_total counter",
            *(f'monza_relay_refusals_total{{reason="{reason}"}} {self.refusals[reason]}'
              for reason in REASONS),
            "# HELP monza_relay_races_expired_total Races forgotten after --expire.",
            "# TYPE monza_relay_races_expired_total counter",
            f"monza_relay_races_expired_total {expired}",
        ]
        return "\n".join(lines) + "\n"


__all__ = ["REASONS", "Metrics"]
