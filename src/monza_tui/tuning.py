"""The one switch for every speed tuning: ``MONZA_NO_TUNING=1`` turns them all off, so a
bug can be bisected against the plain path (docs/app.md, "Speed")."""

from __future__ import annotations

import os


def on() -> bool:
    """Whether the speed tunings are on (the default; ``MONZA_NO_TUNING`` set to anything
    but ``""`` or ``0`` turns them off). Read when asked, so a test can change it."""
    return os.environ.get("MONZA_NO_TUNING", "") in ("", "0")


__all__ = ["on"]
