"""The review of a finished race: where it was won, and its chart (issue 32). No Textual."""
