"""The app's screens: set-up, race, results, rules."""
