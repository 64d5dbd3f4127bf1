"""Secrets of a shared race: the join code, the seats' tokens, the seed's hash.

The join code is short and easy to read aloud (``7K3-Q9P``: no 0/O, 1/I), drawn with
:mod:`secrets` and compared in constant time. A token per seat (``secrets.token_urlsafe``)
lets a client that dropped take its seat back. The seed stays on the host until the end:
clients get ``sha256(salt || seed)`` at once and the seed and the salt with the last
message, so anyone can check the dice were fixed from the start.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
"""The join code's characters: digits and capitals without 0, O, 1 and I."""
CODE_LENGTH = 6


def new_code() -> str:
    """A fresh join code, two groups of three (``7K3-Q9P``: 32^6, about a billion)."""
    chars = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
    return f"{chars[:3]}-{chars[3:]}"


def normal_code(code: str) -> str:
    """A code as typed, for comparing: capitals, without spaces and dashes."""
    return code.upper().replace("-", "").replace(" ", "")


def code_matches(given: str, code: str) -> bool:
    """Whether ``given`` is ``code`` (constant time, whatever the typing)."""
    return hmac.compare_digest(normal_code(given).encode(), normal_code(code).encode())


def valid_code(code: str) -> bool:
    """Whether ``code`` has the form :func:`new_code` makes (a save's code is checked)."""
    chars = code.replace("-", "")
    return len(chars) == CODE_LENGTH and all(c in ALPHABET for c in chars)


def token_matches(given: str, token: str) -> bool:
    """Whether ``given`` is exactly ``token`` (constant time). Never :func:`code_matches`:
    a token's case, dashes and underscores are part of its 128 bits, and only a person
    typing a join code needs the leniency."""
    return hmac.compare_digest(given.encode(), token.encode())


def new_token() -> str:
    """A seat's token (about 128 bits)."""
    return secrets.token_urlsafe(16)


def new_salt() -> bytes:
    """The salt of the seed's hash (16 random bytes)."""
    return secrets.token_bytes(16)


def seed_hash(seed: int, salt: bytes) -> str:
    """``sha256(salt || seed)`` in hex, the seed written as decimal ASCII."""
    return hashlib.sha256(salt + str(seed).encode("ascii")).hexdigest()


def new_seed() -> int:
    """A seed nobody can guess (the dice of a shared race must not be foreseeable)."""
    from monza_tui.limits import MAX_SEED

    return secrets.randbelow(MAX_SEED)
