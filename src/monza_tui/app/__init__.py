"""The Textual app: set-up, race, results, rules and replay screens."""
