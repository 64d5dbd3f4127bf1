"""The ``slow`` marker: a test of real processes under load (each bounded to under a minute);
``-m "not slow"`` leaves them out."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "slow: real processes under load, bounded to under a minute each"
    )
