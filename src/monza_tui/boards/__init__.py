"""The built-in boards (TOML files beside this one); see docs/boards.md for the format."""
