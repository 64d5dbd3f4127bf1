"""The registry's bookkeeping, its clock turned by hand."""

from __future__ import annotations

import pytest

from monza_tui.relay.registry import Refusal, RegisterRefused, Registry


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def make(max_races: int = 3, expire: float = 60.0) -> tuple[Registry[str, str], Clock]:
    clock = Clock()
    return Registry(max_races=max_races, expire=expire, clock=clock), clock


def test_a_code_is_found_however_it_is_typed_and_races_are_numbered() -> None:
    registry, _ = make()
    race, old = registry.register("7K3-Q9P", "key-one-key-one-key-one", "uplink 1")
    second, _ = registry.register("ABC-DEF", "key-two-key-two-key-two", "uplink 2")
    assert (race.number, second.number, old) == (1, 2, None)
    assert registry.find("7k3q9p") is race
    assert registry.find("7K3 Q9P") is race
    assert registry.find("7K3-Q9Q") is None


def test_another_key_is_refused_and_the_same_key_takes_over() -> None:
    registry, _ = make()
    race, _ = registry.register("7K3-Q9P", "key-one-key-one-key-one", "uplink 1")
    with pytest.raises(RegisterRefused) as refused:
        registry.register("7K3Q9P", "key-one-key-one-key-onE", "uplink 2")
    assert refused.value.why is Refusal.TAKEN
    again, old = registry.register("7k3-q9p", "key-one-key-one-key-one", "uplink 3")
    assert (again is race, old, race.uplink) == (True, "uplink 1", "uplink 3")


def test_a_host_away_gets_its_race_back_until_it_expires() -> None:
    registry, clock = make(expire=60.0)
    race, _ = registry.register("7K3-Q9P", "key-one-key-one-key-one", "uplink 1")
    race.guests[race.new_id()] = "guest 1"
    assert registry.host_left(race, "uplink 1")
    assert (race.uplink, race.left_at, race.guests) == (None, 100.0, {})
    assert not registry.host_left(race, "uplink 1")  # (once)
    clock.now = 159.0
    back, old = registry.register("7K3-Q9P", "key-one-key-one-key-one", "uplink 2")
    assert (back is race, old, race.left_at, race.new_id()) == (True, None, None, 2)
    registry.host_left(race, "uplink 2")
    clock.now = 219.0
    assert registry.find("7K3-Q9P") is None
    assert (len(registry), registry.expired) == (0, 1)
    other, _ = registry.register("7K3-Q9P", "key-two-key-two-key-two", "uplink 3")
    assert other.number == 2


def test_a_superseded_uplink_leaving_changes_nothing() -> None:
    registry, _ = make()
    race, _ = registry.register("7K3-Q9P", "key-one-key-one-key-one", "uplink 1")
    registry.register("7K3-Q9P", "key-one-key-one-key-one", "uplink 2")
    assert not registry.host_left(race, "uplink 1")
    assert race.uplink == "uplink 2"


def test_the_relay_is_full_at_max_races() -> None:
    registry, _ = make(max_races=2)
    registry.register("AAA-AAA", "key-one-key-one-key-one", "u")
    registry.register("BBB-BBB", "key-one-key-one-key-one", "u")
    with pytest.raises(RegisterRefused) as refused:
        registry.register("CCC-CCC", "key-one-key-one-key-one", "u")
    assert refused.value.why is Refusal.FULL
