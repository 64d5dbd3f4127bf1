"""Shared races as sentences (:mod:`monza_tui.net`): the host's refusals, which travel as
language-neutral codes and values, and the client's own troubles (joining, the line)."""

from __future__ import annotations

from monza_tui.i18n import N_
from monza_tui.wording.plural import Message

MESSAGES: dict[str, Message] = {
    # Refusals of a hello
    "net.bad_code": N_("wrong join code: check it with the host"),
    "net.version": N_(
        "this race's host speaks network version {ours} and this monza {theirs}: "
        "use the same version of monza on both machines"
    ),
    "net.full": N_("the race is full: the host takes at most {most} connections"),
    "net.too_many": N_("too many wrong codes lately: wait {seconds} s and try again"),
    "net.hello_first": N_("the host expected a hello first"),
    "net.hello_again": N_("already joined"),
    # Refusals of a seat (nobody is moved to another seat than the one asked for)
    "net.seat_taken": N_("{name}'s seat is taken; the free seats: {free}"),
    "net.no_such_seat": N_("no seat in this race is named {name}; the free seats: {free}"),
    "net.choose_seat": N_(
        "several seats are free ({free}): join with --name and the name of your seat"
    ),
    "net.no_free_seat": N_("every seat is taken: join with --watch to watch the race"),
    # Refusals of a message
    "net.bad_json": N_("the host could not read a message from this monza"),
    "net.bad_message": N_("the host refused a malformed message"),
    "net.unknown_type": N_("the host does not know that message"),
    "net.watching": N_("you are watching this race: you drive no car"),
    "net.stale": N_("the race moved on before your move arrived: try again"),
    "net.over": N_("the race is over"),
    "net.not_your_turn": N_("not your turn: {name} is to play"),
    "net.roll_due": N_("the dice are to be rolled first"),
    "net.no_roll": N_("no dice are to be rolled now"),
    "net.dice": N_("only the host rolls the dice"),
    "net.invalid_action": N_("not a move: {action}"),
    "net.illegal": N_("{action} is not allowed now"),
    # The engine's own reason, which names the move (the client finds it on its mirror):
    # nothing to translate here.
    "net.illegal_why": "{why}",
    "net.not_host": N_("only the host's terminal hands a car to another driver"),
    "net.seat": N_("that car cannot change hands now"),
    # The client's own
    "net.bad_address": N_(
        "{address}: not an address; give HOST:PORT as the host shows it, e.g. "
        "192.168.1.5:8765"
    ),
    "net.bad_line": N_(
        "{text}: not an invitation's line; paste it as the host's screen shows it, e.g. "
        "monza join 192.168.1.5:8765 7K3-Q9P --name Ben"
    ),
    "net.line_no_code": N_(
        "{text}: the join code is missing; paste the whole line the host's screen shows"
    ),
    "net.no_code": N_(
        "{address}: the join code is missing; give it after the address, as the host's "
        "line shows it"
    ),
    "net.cannot_connect": N_("cannot reach the host at {address}: {why}"),
    "net.timeout": N_("no answer in time"),
    "net.refused_line": N_("nothing is listening there"),
    "net.not_a_host": N_("something else answers there, not a race of monza"),
    "net.no_such_host": N_("no machine of that name is found"),
    "net.bad_welcome": N_("the host sent a race this monza cannot read"),
    "net.offline": N_("not connected to the host: trying again"),
    "net.lost": N_("the line to the host is lost"),
    "net.not_hosted": N_(
        "{path}: not the save of a hosted race (monza resume plays it on at one keyboard)"
    ),
    "net.bad_host_field": N_("{path}: the header's host field is damaged"),
    "net.no_host_save": N_("no hosted race to resume in {folder}"),
    # The relay (docs/relay.md): what a guest hears of it, and what the host's uplink does
    "relay.host_away": N_(
        "the race's host is not connected to the relay right now: try again in a moment"
    ),
    "relay.bad_url": N_("{url}: not a relay's address; give it as wss://relay.example"),
    "relay.none": N_(
        "{given}: a code alone joins through a relay: add --relay URL (or set the relay in "
        "the settings), or give the host's whole line"
    ),
    "relay.connected": N_("connected to the relay"),
    "relay.unreachable": N_("the relay cannot be reached; trying again…"),
    "relay.taken": N_(
        "the relay holds this race's code for another host: the race cannot be hosted "
        "there (monza host --resume --no-relay hosts it on the home network)"
    ),
    "relay.version": N_(
        "the relay runs another version of monza: use the relay's version, or host on the "
        "home network (--no-relay)"
    ),
    "relay.bad_register": N_(
        "the relay did not understand this host: use the relay's version of monza"
    ),
    "relay.full": N_("the relay holds too many races right now; trying again…"),
    "relay.too_many": N_(
        "the relay was asked too often from this address; trying again in {seconds} s"
    ),
    # The end's check of the host's word (its seed, its record, the dice seen)
    "net.dice_fair": N_(
        "the dice were fair: the host's seed matches what it promised at the start, and "
        "every roll was that seed's"
    ),
    "net.seed_mismatch": N_(
        "the host's seed does not match the hash it showed at the start: the dice may "
        "not have been fair"
    ),
    "net.record_mismatch": N_(
        "the host's record is not the race you saw, or not a finished race of the seed it "
        "published: the dice may not have been fair"
    ),
    "net.rolls_differ": N_(
        "the dice in the host's record are not the dice it rolled during the race: the "
        "dice were not fair"
    ),
    "net.seed_changed": N_(
        "the host now commits to another seed than when you joined: this is not the race "
        "it promised, so this monza leaves it"
    ),
}
"""The network's codes to their English messages."""
