"""The one error type the command line turns into a one-line message and exit status 2."""


class UserError(Exception):
    """Something the user gave us is wrong (a flag, a file); the message says what and where."""
