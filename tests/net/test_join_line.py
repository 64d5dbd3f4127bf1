"""The invitation's line, written in one place (``Invitation.command``) and read back from a
paste (``read_line``): each remote seat has its own line with its ``--name``, and what the
host writes is what the join form reads."""

from __future__ import annotations

import pytest

from monza_tui.errors import UserError
from monza_tui.net.invitation import Invitation, JoinLine, looks_like_a_line, read_line
from monza_tui.wording import word


def test_each_remote_seat_has_its_line_with_its_name() -> None:
    invitation = Invitation(("192.168.1.5:8765", "127.0.0.1:8765"), 8765, "7K3-Q9P",
                            ("Ben", "Cleo", "Dora Maar"))
    assert invitation.commands() == [
        "monza join 192.168.1.5:8765 7K3-Q9P --name Ben",
        "monza join 192.168.1.5:8765 7K3-Q9P --name Cleo",
        "monza join 192.168.1.5:8765 7K3-Q9P --name 'Dora Maar'",
    ]
    assert invitation.command(watch=True) == "monza join 192.168.1.5:8765 7K3-Q9P --watch"
    # What the host writes, the form reads back.
    for command, name in zip(invitation.commands(), invitation.names, strict=True):
        assert read_line(command) == JoinLine("192.168.1.5:8765", "7K3-Q9P", name)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("monza join 192.168.1.5:8765 7K3-Q9P --name Ben",
         JoinLine("192.168.1.5:8765", "7K3-Q9P", "Ben")),
        ("  monza   join\t192.168.1.5:8765  7K3-Q9P   --name  Ben \n",
         JoinLine("192.168.1.5:8765", "7K3-Q9P", "Ben")),
        ("monza join [fe80::1]:8765 7K3-Q9P --name=Ben",
         JoinLine("[fe80::1]:8765", "7K3-Q9P", "Ben")),
        ("join [::1]:9000 abc-def", JoinLine("[::1]:9000", "abc-def")),
        ("192.168.1.5:8765 7K3-Q9P --watch", JoinLine("192.168.1.5:8765", "7K3-Q9P", watch=True)),
        ('monza join host.local 7K3-Q9P --name "Dora Maar" --no-animation',
         JoinLine("host.local", "7K3-Q9P", "Dora Maar")),
    ],
)
def test_a_pasted_line_gives_address_code_and_name(text: str, expected: JoinLine) -> None:
    assert looks_like_a_line(text)
    assert read_line(text) == expected


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("monza join 192.168.1.5:8765",
         "monza join 192.168.1.5:8765: the join code is missing; paste the whole line the "
         "host's screen shows"),
        ("monza host --remote Ben",
         "monza host --remote Ben: not an invitation's line; paste it as the host's screen "
         "shows it, e.g. monza join 192.168.1.5:8765 7K3-Q9P --name Ben"),
        ("monza join a:1 CODE --name", None),
        ("monza join a:1 CODE extra", None),
        ("monza join a:1 CODE --colour red", None),
        ("monza join a:1 CODE --name 'Ben", None),
        ("monza join", None),
        ("%%% ### !!!", None),
    ],
)
def test_garbage_is_one_worded_line(text: str, said: str | None) -> None:
    with pytest.raises(UserError) as caught:
        read_line(text)
    line = word(caught.value)
    assert "\n" not in line and "Traceback" not in line
    if said is not None:
        assert line == said
    else:
        assert line.startswith(" ".join(text.split())[:80] + ": ")


def test_an_address_alone_is_no_line() -> None:
    assert not looks_like_a_line(" 192.168.1.5:8765 ")
    assert not looks_like_a_line("")
