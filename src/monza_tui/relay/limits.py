"""Every bound the relay keeps, in one place, with why and the flag that changes it.

The relay is a public service: anyone on the internet can open connections to it. So
nothing it holds grows without a bound (connections, races, guests, queued bytes, frames
a second, wrong codes, registrations), and a connection that has proved nothing (no code
it could know, no register) is given seconds, not minutes. docs/relay.md ("Limits")
tells an operator the same, and what to raise.
"""

from __future__ import annotations

from dataclasses import dataclass

from monza_tui.net.guesses import Budget
from monza_tui.net.protocol import MAX_CLIENT_FRAME, MAX_HOST_FRAME

GUEST_FRAME = MAX_CLIENT_FRAME
"""Bytes of a guest's frame at most (8 KiB, the host's own ``max_size``): the relay
would only carry a larger one for the host to close the guest with 1009. A larger frame
closes the guest's line at the relay with 1009. No flag."""
UPLINK_FRAME = MAX_HOST_FRAME + 4
"""Bytes of a host's frame at most: the 4 bytes of a guest's id and a frame a client
reads (4 MiB: a welcome carries the whole race). No flag."""

GUESTS_PER_RACE = 32
"""Guests of one race at once: the host's own ``MAX_CONNECTIONS`` (it would refuse the
33rd itself). Said to the host in ``registered``. No flag."""

HANDSHAKE_TIMEOUT = 5.0
"""Seconds a new connection has to open its websocket (the TLS and HTTP upgrade), as the
host gives (``net.doors``). No flag."""
FIRST_FRAME_TIMEOUT = 5.0
"""Seconds a guest then has to send its first frame (its hello), or a host its
register: a socket that proves nothing is closed soon. No flag."""

WRONG_CODE_PAUSE = 0.5
"""Seconds before an unknown code is answered (the host's own pause)."""

GUESSES_PER_ADDRESS = Budget(burst=10, every=6.0)
"""Unknown codes one address (an IPv6 /64) may try: ten, then one every six seconds,
as a host allows. No flag."""
GUESSES_OVERALL = Budget(burst=30, every=1.0)
"""Unknown codes everyone together may try: thirty, then one a second, as a host allows.
A relay holds many races, so a guesser looks for *any* of them: with 5,000 races it
finds one after some 60 hours on average (32^6 / 5,000 codes, one a second), and a given
race stays out of reach for years. docs/relay.md ("Limits") weighs it. No flag."""

REGISTERS_PER_ADDRESS = Budget(burst=20, every=15.0)
"""Registers one address may send: twenty, then one every fifteen seconds. A host's
uplink registers once per connection, and a host coming back after a drop retries at
a walk; an address registering faster is answered ``relay.too_many``. The burst is
``--registers-per-address`` (a load test on loopback is one address for every host)."""
REGISTERS_OVERALL = Budget(burst=5000, every=0.01)
"""Registers everyone together may send: after a restart every host registers again
within a minute or two, so the bucket is as large as the default race count and
refills at a hundred a second. No flag."""

GUEST_RATE = (30.0, 60)
"""A guest's frames: thirty a second, bursts of sixty (a person sends a frame per key
at most, a client a ping now and then). More closes its line with 1008. No flag."""
UPLINK_RATE = (2000.0, 4000)
"""A host's frames: two thousand a second, bursts of four thousand (an action told to
32 guests is 32 frames; a race sent afresh to everyone after a drop is one each). More
closes the uplink with 1008. No flag."""

GUEST_QUEUE_FRAMES = 2000
"""Frames waiting to be sent to one guest at most, the host's own ``MAX_BEHIND``: a guest
further behind (it stopped reading) is cut off with 1008, never holding the uplink's
reader. No flag."""
GUEST_QUEUE_BYTES = 16 * 1024 * 1024
"""Bytes waiting for one guest at most (four whole welcomes). No flag."""
QUEUED_BYTES = 512 * 1024 * 1024
"""Bytes waiting for every guest together at most: a frame that would pass it cuts its
guest off, so a host sending large frames to guests that do not read cannot take the
relay's memory. No flag."""

MAX_CONNECTIONS = 20_000
"""Connections at once, hosts and guests (``--max-connections``). Each takes a file
descriptor: the relay's process needs a larger ``ulimit -n`` (the systemd unit of
docs/relay.md sets 65536)."""
PER_ADDRESS = 64
"""Connections at once from one address, an IPv6 address counted by its /64
(``--per-address``): a household or a school behind one address races in a few races;
a flood from one machine stops here. Behind a proxy, give ``--trust-proxy``, or every
connection has the proxy's address."""
MAX_RACES = 5000
"""Races registered at once, hosts away within ``--expire`` included (``--max-races``)."""
EXPIRE = 600.0
"""Seconds a race whose host left is kept for it (``--expire``): a host restarting or
finding its network again gets its code back with its key."""
SETTLE = 60.0
"""Seconds after the relay starts during which an unknown code is ``relay.host_away``
(``--settle``): hosts register again after a relay restart, and their guests, retrying
meanwhile, must not be told the code is wrong."""
TCP_SLACK = 1024
"""Sockets beyond ``--max-connections`` that the relay still accepts to answer
``net.full`` in words; past these it drops a new socket before reading it. No flag."""

ADDRESS_SLACK = 2
"""Sockets one address may hold at once, opening or open, as a multiple of
``--per-address``: the lines just past the cap are still told ``net.full`` in words, and
past these the relay drops a new socket of the address before reading it. Without it a
flood of sockets that never open their websocket from one machine took every free place
(``--max-connections`` and :data:`TCP_SLACK`) for the 5 s each is given. Not counted behind
``--trust-proxy`` (every socket is the proxy's). No flag."""


@dataclass(frozen=True)
class Limits:
    """The flags' bounds of one relay (tests make them small)."""

    max_connections: int = MAX_CONNECTIONS
    per_address: int = PER_ADDRESS
    max_races: int = MAX_RACES
    expire: float = EXPIRE
    settle: float = SETTLE
    guests_per_race: int = GUESTS_PER_RACE
    guest_rate: tuple[float, int] = GUEST_RATE
    uplink_rate: tuple[float, int] = UPLINK_RATE
    guest_queue_frames: int = GUEST_QUEUE_FRAMES
    guest_queue_bytes: int = GUEST_QUEUE_BYTES
    queued_bytes: int = QUEUED_BYTES
    first_frame_timeout: float = FIRST_FRAME_TIMEOUT
    wrong_code_pause: float = WRONG_CODE_PAUSE
    registers_per_address: int = REGISTERS_PER_ADDRESS.burst


class Rate:
    """A token bucket of frames: ``per_second`` come back, ``burst`` at most. The clock
    is the caller's (the loop's time), so a test turns it by hand."""

    def __init__(self, per_second: float, burst: int, now: float) -> None:
        self._per_second = per_second
        self._burst = float(burst)
        self._tokens = float(burst)
        self._at = now

    def take(self, now: float) -> bool:
        """One frame now: False when the bucket is empty (too fast)."""
        if now > self._at:
            self._tokens = min(self._burst, self._tokens + (now - self._at) * self._per_second)
            self._at = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True


__all__ = [
    "ADDRESS_SLACK", "EXPIRE", "FIRST_FRAME_TIMEOUT", "GUESSES_OVERALL", "GUESSES_PER_ADDRESS",
    "GUESTS_PER_RACE", "GUEST_FRAME", "GUEST_QUEUE_BYTES", "GUEST_QUEUE_FRAMES",
    "GUEST_RATE", "HANDSHAKE_TIMEOUT", "MAX_CONNECTIONS", "MAX_RACES", "PER_ADDRESS",
    "QUEUED_BYTES", "REGISTERS_OVERALL", "REGISTERS_PER_ADDRESS", "SETTLE", "TCP_SLACK",
    "UPLINK_FRAME", "UPLINK_RATE", "WRONG_CODE_PAUSE", "Limits", "Rate",
]
