"""monza-tui: HABA's racing game Monza in the terminal."""

__version__ = "0.1.0"
