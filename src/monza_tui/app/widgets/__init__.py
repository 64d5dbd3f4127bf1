"""Widgets of the side panel: dice and tiles, whose turn, the field, the round."""
