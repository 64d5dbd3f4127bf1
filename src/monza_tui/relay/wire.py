"""The relay's short way to a guest: one text frame built once, written straight to every
guest's socket that keeps up.

Why: a frame told to every guest of a race used to be sent through websockets' ``send``
once per guest, which builds the same frame again each time and passes an async context
and a task switch per guest; that was most of the relay's time under load
(``benchmarks/relay_load.py``). A frame from a server is not masked, so its bytes are the
same for every guest: they are built once (:func:`text_frame`) and handed to each socket's
transport (:func:`write_now`).

This is the one place the relay reaches below websockets' ``send``: ``Frame.serialize``
of :mod:`websockets.frames` and ``ServerConnection.protocol.state``/``.transport``, all
public but low-level. It is used only with the websockets versions it was checked with
(:data:`SHORT_WAY`), only while the guest's socket has taken everything so far (nothing
waits in its transport nor in the relay's queue for it), and never with the tunings off
(:mod:`monza_tui.tuning`); otherwise every frame goes through ``send`` as before, and
the tests compare the two ways.
"""

from __future__ import annotations

from importlib.metadata import version

from websockets.asyncio.server import ServerConnection
from websockets.frames import Frame, Opcode
from websockets.protocol import State

from monza_tui.tuning import tuned

CHECKED = range(14, 18)
"""The major versions of websockets this was checked with (the ``Frame`` and ``State``
of 14 to 17)."""
SHORT_WAY = int(version("websockets").split(".")[0]) in CHECKED
"""Whether this websockets is one of :data:`CHECKED` (else: always ``send``)."""


def short_way() -> bool:
    """Whether frames may go the short way now (a checked websockets, tunings on)."""
    return SHORT_WAY and tuned()


def text_frame(payload: bytes | memoryview) -> bytes:
    """The bytes of one unmasked, unfragmented text frame of ``payload`` (no extension:
    the relay turns compression off)."""
    return Frame(Opcode.TEXT, bytes(payload)).serialize(mask=False, extensions=[])


def write_now(ws: ServerConnection, data: bytes) -> bool:
    """Write a frame of :func:`text_frame` to ``ws``'s socket if the connection is open
    and its transport has nothing waiting (so nothing sent before can be overtaken, and
    a guest that does not read never gets more written than its socket took); False
    when the caller is to ``send`` it the usual way instead."""
    transport = ws.transport
    if (ws.protocol.state is not State.OPEN or transport.is_closing()
            or transport.get_write_buffer_size()):
        return False
    transport.write(data)
    return True


__all__ = ["CHECKED", "SHORT_WAY", "short_way", "text_frame", "write_now"]
