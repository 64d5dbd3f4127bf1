# ruff: noqa: E501  (the table reads best one row a line)
"""The wording layer: every error code says its exact English sentence; a bad board file
is one worded line in English and in German; the engine and the bots speak no language."""

from __future__ import annotations

import ast
import errno
import gettext
import subprocess
import sys
from pathlib import Path

import pytest

from monza_tui import i18n
from monza_tui.boardfile import BoardFileError, parse_board
from monza_tui.engine import Colour, Phase
from monza_tui.engine.board import Edition
from monza_tui.engine.problems import Spot
from monza_tui.errors import Said, said
from monza_tui.wording import MESSAGES, word

SRC = Path(__file__).parents[1] / "src" / "monza_tui"

ROWS = [
    ("R10.no_result", dict(), "the race is over but its result line is missing (R10)"),
    ("R10.over", dict(action="d1@b4"), "d1@b4: the race is over"),
    ("R10.result_early", dict(), "a result line but the race is not over (R10)"),
    ("R10.turn_after_end", dict(), "a turn after the end of the race (R10)"),
    ("R10.unfinished_after_end", dict(), "an unfinished turn after the end of the race"),
    (
        "R11.result",
        dict(field="moves[0]", value="[1, 2]"),
        "moves[0]: the rules give [1, 2] (R10, R11)",
    ),
    ("R12.tile_used", dict(action="d1@b4", tile=Colour.GREEN), "d1@b4: no green tile in hand now"),
    ("R14.missing_turbo", dict(), "all six dice were placed, the turbo roll is missing (R14)"),
    ("R15.missing_bonus", dict(), "a bonus move is owed, the bonus field is missing (R15)"),
    (
        "R2.car",
        dict(car=Colour.PURPLE, edition=Edition.ORIGINAL),
        "the original edition has no purple car",
    ),
    (
        "R2.players",
        dict(count=7, edition=Edition.ORIGINAL, least=2, most=26),
        "the original edition races 2-26 cars, not 7",
    ),
    ("R2.same_car", dict(), "every player drives a different car"),
    ("R3.start", dict(player=3), "no player 3 to start"),
    (
        "R5.not_forward",
        dict(action="d1@b4", origin="a2", space="b4"),
        "d1@b4: b4 is not one forward step from a2",
    ),
    (
        "R6.die_colour",
        dict(action="d1@b4", colour=Colour.BLUE, die=1, rolled=Colour.RED, space="b4"),
        "d1@b4: die 1 is red, b4 is blue",
    ),
    ("R6.die_fits", dict(action="d1@b4"), "d1@b4: a die still fits, the move must go on"),
    ("R6.die_used", dict(action="d1@b4", die=1), "d1@b4: die 1 is not in hand"),
    ("R6.missing_die", dict(), "a die still fits, the move must go on (R6)"),
    (
        "R6.tile_colour",
        dict(action="d1@b4", colour=Colour.BLUE, space="b4", tile=Colour.GREEN),
        "d1@b4: a green tile on blue b4",
    ),
    ("action.no_space", dict(space="b4"), "no space 'b4' on this board"),
    ("action.syntax", dict(text="jump"), "not an action: 'jump'"),
    (
        "board.builtin_name",
        dict(name="oval", source="b.toml"),
        "b.toml: name: 'oval' is a built-in board's name and this board is not that one; give it a name of its own",
    ),
    (
        "board.field",
        dict(problem=said("field", place="lanes", problem=said("field.missing")), source="b.toml"),
        "b.toml: lanes: missing",
    ),
    (
        "board.lanes",
        dict(source="b.toml", why=said("file.empty_name")),
        "b.toml: an empty file name",
    ),
    (
        "board.legs",
        dict(drawn=42, legs=40, source="b.toml"),
        "b.toml: shape.legs cover 40 track units but the track to draw is 42",
    ),
    (
        "board.long_number",
        dict(source="b.toml"),
        "b.toml: not a board file (a number far too long)",
    ),
    ("board.nested", dict(source="b.toml"), "b.toml: not a board file (nested too deeply)"),
    (
        "board.no_such",
        dict(builtin=("oval", "long", "classic"), ref="moon"),
        "moon: no such board; built in are oval, long, classic, or give a .toml file",
    ),
    (
        "board.toml",
        dict(source="b.toml", where=Spot(2, 3, "Q1")),
        "b.toml: not valid TOML (lane 2, token 3 'Q1')",
    ),
    (
        "board.too_long",
        dict(length=5, most=26, source="b.toml"),
        "b.toml: lanes: 5 track units long; a board has at most 26",
    ),
    (
        "board.unreadable",
        dict(source="b.toml", why=said("file.empty_name")),
        "b.toml: an empty file name",
    ),
    ("boards.empty", dict(action="d1@b4"), "monza boards d1@b4: an empty file name"),
    ("boards.needs", dict(action="d1@b4"), "monza boards d1@b4 needs a board name or file"),
    ("chance", dict(action="d1@b4", dice=2), "d1@b4: chance rolls 2 dice now"),
    (
        "field",
        dict(
            place="shape.legs", problem=said("field", place="lanes", problem=said("field.missing"))
        ),
        "shape.legs: lanes: missing",
    ),
    ("field.bool_parsing", dict(), "must be true or false"),
    ("field.bool_type", dict(), "must be true or false"),
    ("field.dict_type", dict(), "must be a table"),
    ("field.extra_forbidden", dict(), "not a field of this file"),
    ("field.greater_than", dict(gt=0), "more than 0"),
    ("field.greater_than_equal", dict(ge=0), "at least 0"),
    ("field.int_from_float", dict(), "must be a whole number"),
    ("field.int_parsing", dict(), "must be a whole number"),
    ("field.int_type", dict(), "must be a whole number"),
    ("field.lane.chars", dict(most=26), "a lane is at most 26 characters"),
    ("field.lane.spaces", dict(most=26), "a lane has at most 26 spaces"),
    ("field.less_than", dict(lt=10), "less than 10"),
    ("field.less_than_equal", dict(le=9), "at most 9"),
    ("field.list_type", dict(), "must be a list"),
    (
        "field.literal_error",
        dict(expected="'anniversary', 'original'"),
        "must be one of 'anniversary', 'original'",
    ),
    ("field.missing", dict(), "missing"),
    ("field.model_attributes_type", dict(), "must be a table"),
    ("field.model_type", dict(), "must be a table"),
    ("field.shape.leg", dict(leg="Q3"), "leg 'Q3' is a direction N/E/S/W and a length, like E12"),
    (
        "field.shape.loop",
        dict(E=5, N=1, S=1, W=3),
        "a loop must close: legs go E5 W3 N1 S1, but E must equal W and N equal S",
    ),
    (
        "field.shape.turn",
        dict(first="E4", then="W2"),
        "legs E4 then W2: each leg turns a quarter from the last",
    ),
    (
        "field.string_pattern_mismatch",
        dict(),
        "not a valid name (lower-case letters, digits, - and _)",
    ),
    ("field.string_too_long", dict(max_length=40), "at most 40 characters"),
    ("field.string_too_short", dict(), "must not be empty"),
    ("field.string_type", dict(), "must be text"),
    ("field.text.control", dict(), "no control characters"),
    ("field.too_long", dict(max_length=40), "at most 40 entries"),
    ("field.too_short", dict(min_length=1), "at least 1 entry"),
    ("field.unknown", dict(), "not a valid value"),
    ("file.cannot_read", dict(why=said("file.empty_name")), "cannot read: an empty file name"),
    ("file.empty_name", dict(), "an empty file name"),
    ("file.special", dict(kind=said("kind.folder")), "a folder, not a regular file"),
    (
        "file.special_target",
        dict(kind=said("kind.folder")),
        "a folder, not a regular file; give a new file name",
    ),
    ("file.too_large", dict(size="1 MiB"), "larger than 1 MiB"),
    ("file.utf8", dict(byte=12), "not UTF-8 text (byte 12)"),
    (
        "finish.field",
        dict(where=Spot(2, 3, "Q1")),
        "lane 2, token 3 'Q1': the finish field F spans all lanes, so every lane ends with it",
    ),
    (
        "finish.inside",
        dict(where=Spot(2, 3, "Q1")),
        "lane 2, token 3 'Q1': a finish must be the last space of its lane",
    ),
    ("finish.length", dict(), "the finish field F must have the same length in every lane"),
    ("finish.none", dict(), "no finish: end the lanes with F<n> or mark finish spaces with *"),
    (
        "finish.unreachable",
        dict(where=Spot(2, 3, "Q1")),
        "no finish reachable from the start: no car gets beyond lane 2, token 3 'Q1'",
    ),
    ("json.column", dict(column=9), "column 9"),
    ("json.long_number", dict(), "a number far too long"),
    ("json.nested", dict(), "nested too deeply"),
    ("kind.device", dict(), "a device"),
    ("kind.fifo", dict(), "a FIFO"),
    ("kind.folder", dict(), "a folder"),
    ("kind.socket", dict(), "a socket"),
    ("kind.special", dict(), "a special file"),
    ("kind.symlink", dict(), "a symbolic link"),
    ("lane.empty", dict(lane=2), "lane 2: no spaces"),
    ("lanes.count", dict(most=26, count=27), "a board has 1 to 26 lanes, not 27"),
    (
        "lanes.length",
        dict(first=7, lane=2, length=5),
        "lane 2 is 5 track units long but lane 1 is 7: every lane must have the same length",
    ),
    ("phase", dict(action="d1@b4", phase=Phase.BONUS), "d1@b4: not legal in the bonus move phase"),
    ("place.no_space", dict(action="d1@b4", space="b4"), "d1@b4: no space b4 on this board"),
    (
        "record.at",
        dict(
            line=4,
            problem=said("field", place="lanes", problem=said("field.missing")),
            source="b.toml",
        ),
        "b.toml: line 4: lanes: missing",
    ),
    (
        "record.board_name",
        dict(board="moon", carried="sun"),
        "board: moon but board_file is the 'sun' board",
    ),
    (
        "record.builtin_name",
        dict(board="moon"),
        "board_file: called 'moon' but not the built-in moon board; a board file needs a name of its own",
    ),
    (
        "record.car",
        dict(car=Colour.PURPLE, field="moves[0]"),
        "moves[0]: no purple car in this race",
    ),
    (
        "record.die_or_tile",
        dict(field="moves[0]"),
        "moves[0]: a move places either a die or a tile",
    ),
    (
        "record.edited_dice",
        dict(field="moves[0]", seed=17),
        "moves[0]: not the dice of seed 17; the record was edited",
    ),
    (
        "record.edition",
        dict(board="moon", edition=Edition.ORIGINAL),
        "edition: the moon board belongs to the original edition",
    ),
    ("record.empty", dict(source="b.toml"), "b.toml: empty, not a monza game record"),
    ("record.illegal", dict(why=said("file.empty_name")), "illegal move: an empty file name"),
    (
        "record.illegal_rule",
        dict(rule="R5", why=said("file.empty_name")),
        "illegal move: an empty file name (R5)",
    ),
    (
        "record.incomplete",
        dict(why=said("file.empty_name")),
        "the turn is incomplete: an empty file name",
    ),
    ("record.kind", dict(record="chess"), "record: chess is not a monza game record"),
    ("record.line_long", dict(most=26), "longer than 26 characters"),
    (
        "record.newer",
        dict(ours=1, version=2),
        "version: 2 is newer than this monza-tui reads (1); update monza-tui",
    ),
    (
        "record.no_board",
        dict(board="moon"),
        "board: moon is not built in and the record carries no board_file",
    ),
    ("record.no_header", dict(), "not a monza game record (no header line)"),
    (
        "record.not_json",
        dict(what=said("json.nested")),
        "not JSON (nested too deeply); the file may be truncated",
    ),
    ("record.not_object", dict(), "a record line is a JSON object"),
    (
        "record.not_record",
        dict(what=said("json.nested")),
        "not a monza game record (nested too deeply)",
    ),
    (
        "record.os",
        dict(source="b.toml", why=said("file.empty_name")),
        "b.toml: cannot read: an empty file name",
    ),
    (
        "record.out_of_step",
        dict(actual="4", field="moves[0]", written="3"),
        "moves[0]: 3 but the race is at 4",
    ),
    (
        "record.races",
        dict(most=26),
        "more than 26 races in one file; no record monza-tui writes holds as many",
    ),
    (
        "record.rules_give",
        dict(field="moves[0]", value="[1, 2]"),
        "moves[0]: the rules give [1, 2]",
    ),
    ("record.seed_dice", dict(seed=17), "not the dice of seed 17; the record was edited"),
    ("record.space", dict(field="moves[0]", space="b4"), "moves[0]: no space b4 on this board"),
    ("record.stops", dict(phase=Phase.BONUS), "it stops in the bonus move phase"),
    ("record.turn_after_unfinished", dict(), "a turn after the unfinished one"),
    ("record.turns", dict(most=26), "more than 26 turns in one race; no real race lasts as long"),
    (
        "record.unfinished_action",
        dict(index=0, why=said("file.empty_name")),
        "unfinished.actions[0]: an empty file name",
    ),
    (
        "record.unfinished_ends",
        dict(index=0),
        "unfinished.actions[0]: ends the turn; write it as a turn line",
    ),
    (
        "record.unfinished_turn",
        dict(actual="4", written="3"),
        "unfinished.turn: 3 but the race is at turn 4",
    ),
    (
        "record.seat_at",
        dict(field="unfinished.seats[0].at", at=5, count=4),
        "unfinished.seats[0].at: 5, but only 4 actions are written",
    ),
    (
        "record.seat_after",
        dict(field="seats[0].at", at=9, count=9),
        "seats[0].at: 9, but the turn ends with its action 9; a change after that is the "
        "next turn's (at 0)",
    ),
    (
        "record.seat_order",
        dict(field="seats[1].at", at=1, before=2),
        "seats[1].at: 1 after a change at 2; changes are written in the order made",
    ),
    (
        "record.seat_player",
        dict(field="seats[0].player", player=3),
        "seats[0].player: no seat 3 in this race",
    ),
    (
        "record.seat_same",
        dict(field="seats[0].seat", name="Ben", seat="greedy"),
        "seats[0].seat: Ben's car is already driven by greedy",
    ),
    (
        "record.unreadable",
        dict(source="b.toml", why=said("file.empty_name")),
        "b.toml: an empty file name",
    ),
    ("record.version", dict(version=2), "version: 2 is not a record version"),
    (
        "save.cannot",
        dict(path="race.jsonl", why=said("file.empty_name")),
        "cannot save the race to race.jsonl: an empty file name",
    ),
    (
        "save.path",
        dict(path="race.jsonl", why=said("file.empty_name")),
        "race.jsonl: an empty file name",
    ),
    (
        "sim.level",
        dict(level="'ace'", levels=("random", "greedy", "expert")),
        "--seats: unknown driver 'ace'; the levels are random, greedy, expert",
    ),
    (
        "sim.log",
        dict(log="out.jsonl", why=said("file.empty_name")),
        "--log out.jsonl: an empty file name",
    ),
    ("sim.log_empty", dict(), "--log: an empty file name"),
    ("sim.log_folder", dict(log="out.jsonl"), "--log out.jsonl: not a file in an existing folder"),
    (
        "sim.log_races",
        dict(games="200,000", most="26"),  # numbers formatted by the caller (i18n.number)
        "--log: a record holds at most 26 races, not 200,000; run fewer --games",
    ),
    (
        "sim.log_exists",
        dict(log="out.jsonl"),
        "--log out.jsonl: the file exists; give --force to replace it, or a new file name",
    ),
    (
        "env.no_user",
        dict(variable="MONZA_HOME", folder="~ann/monza", user="ann"),
        "MONZA_HOME=~ann/monza: no user ann on this computer",
    ),
    (
        "env.folder",
        dict(variable="MONZA_HOME", folder="/a/loop", why=said("file.os", errno=errno.ELOOP, why="?")),
        "MONZA_HOME=/a/loop: symbolic links that lead round in a loop",
    ),
    ("env.not_folder", dict(variable="MONZA_CONFIG", folder="/a/file"),
     "MONZA_CONFIG=/a/file: not a folder"),
    (
        "sim.log_write",
        dict(log="out.jsonl", why=said("file.empty_name")),
        "--log out.jsonl: cannot write: an empty file name",
    ),
    (
        "sim.players",
        dict(players=3, seats=2),
        "--players 3 but --seats names 2 drivers; give one of them",
    ),
    (
        "start.inside",
        dict(where=Spot(2, 3, "Q1")),
        "lane 2, token 3 'Q1': the start field S may only begin a lane",
    ),
    (
        "start.length",
        dict(length=5, where=Spot(2, 3, "Q1")),
        "lane 2, token 3 'Q1': the start field spans all lanes, so it has the same length in each (lane 1: S5)",
    ),
    (
        "start.missing",
        dict(where=Spot(2, 3, "Q1")),
        "lane 2, token 3 'Q1': every lane begins with the start field S<n>",
    ),
    (
        "start.tire",
        dict(where=Spot(2, 3, "Q1")),
        "lane 2, token 3 'Q1': a tire on the start; lanes begin with S<n>",
    ),
    (
        "token.finish_colour",
        dict(where=Spot(2, 3, "Q1")),
        "lane 2, token 3 'Q1': a finish field F needs the board's finish colour",
    ),
    (
        "token.form",
        dict(where=Spot(2, 3, "Q1")),
        "lane 2, token 3 'Q1': a space is a letter and a length, like W2 or X1",
    ),
    (
        "token.length",
        dict(where=Spot(2, 3, "Q1")),
        "lane 2, token 3 'Q1': a length is 1 to 99 track units",
    ),
    (
        "token.letter",
        dict(letter="Q", where=Spot(2, 3, "Q1")),
        "lane 2, token 3 'Q1': unknown letter 'Q' (colours R B G Y P W, X tire, S start, F finish)",
    ),
    (
        "token.star",
        dict(where=Spot(2, 3, "Q1")),
        "lane 2, token 3 'Q1': only a coloured space can be a finish space (*)",
    ),
    ("toml.at", dict(column=9, line=4), "line 4, column 9"),
    ("toml.end", dict(), "at the end of the file"),
    ("toml.somewhere", dict(), "somewhere in the file"),
    (
        "track.dead_end",
        dict(where=Spot(2, 3, "Q1")),
        "lane 2, token 3 'Q1': a dead end, no path from it reaches a finish",
    ),
    ("write.bytes", dict(count=7, most=26), "7 bytes; a record holds at most 26"),
    ("write.line", dict(count=7, most=26), "a line of 7 characters; at most 26"),
    (
        "write.pending",
        dict(count=7, most=26),
        "7 actions in the unfinished turn; a save holds at most 26",
    ),
    ("write.races", dict(count=7, most=26), "7 races; a record holds at most 26"),
    ("write.turns", dict(count=7, most=26), "7 turns; a race has at most 26"),
    # Network play (monza_tui.net): the host's refusals and the client's troubles
    ("net.bad_code", dict(), 'wrong join code: check it with the host'),
    (
        "net.version",
        dict(ours=1, theirs=2),
        "this race's host speaks network version 1 and this monza 2: use the same "
        "version of monza on both machines",
    ),
    ("net.full", dict(most=32), 'the race is full: the host takes at most 32 connections'),
    ("net.hello_first", dict(), 'the host expected a hello first'),
    ("net.hello_again", dict(), 'already joined'),
    ("net.bad_json", dict(), 'the host could not read a message from this monza'),
    ("net.bad_message", dict(), 'the host refused a malformed message'),
    ("net.unknown_type", dict(), 'the host does not know that message'),
    ("net.watching", dict(), 'you are watching this race: you drive no car'),
    ("net.stale", dict(), 'the race moved on before your move arrived: try again'),
    ("net.over", dict(), 'the race is over'),
    ("net.not_your_turn", dict(name='Ann'), 'not your turn: Ann is to play'),
    ("net.roll_due", dict(), 'the dice are to be rolled first'),
    ("net.no_roll", dict(), 'no dice are to be rolled now'),
    ("net.dice", dict(), 'only the host rolls the dice'),
    ("net.invalid_action", dict(action='d0@a5'), 'not a move: d0@a5'),
    ("net.illegal", dict(action='d0@a5'), 'd0@a5 is not allowed now'),
    (
        "net.illegal_why",
        dict(action='d0@a5', why=said("worded", text="d0@a5: R5 says no")),
        'd0@a5: R5 says no',
    ),
    ("net.not_host", dict(), "only the host's terminal hands a car to another driver"),
    ("net.seat", dict(), 'that car cannot change hands now'),
    (
        "net.bad_address",
        dict(address='192.168.1.5:8765'),
        '192.168.1.5:8765: not an address; give HOST:PORT as the host shows it, e.g. '
        '192.168.1.5:8765',
    ),
    (
        "net.cannot_connect",
        dict(address='192.168.1.5:8765', why='R5 says no'),
        'cannot reach the host at 192.168.1.5:8765: R5 says no',
    ),
    ("net.timeout", dict(), 'no answer in time'),
    ("net.refused_line", dict(), 'nothing is listening there'),
    ("net.not_a_host", dict(), 'something else answers there, not a race of monza'),
    ("net.no_such_host", dict(), 'no machine of that name is found'),
    ("net.bad_welcome", dict(), 'the host sent a race this monza cannot read'),
    ("net.offline", dict(), 'not connected to the host: trying again'),
    ("net.lost", dict(), 'the line to the host is lost'),
    (
        "net.not_hosted",
        dict(path='race.jsonl'),
        'race.jsonl: not the save of a hosted race (monza resume plays it on at one keyboard)',
    ),
    (
        "net.bad_host_field",
        dict(path='race.jsonl'),
        "race.jsonl: the header's host field is damaged",
    ),
    ("net.no_host_save", dict(folder='saves'), 'no hosted race to resume in saves'),
    ("net.seat_taken", dict(name="Cleo", free=["Ben", "Dora"]),
     "Cleo's seat is taken; the free seats: Ben, Dora"),
    ("net.no_such_seat", dict(name="Bne", free=["Ben"]),
     "no seat in this race is named Bne; the free seats: Ben"),
    ("net.choose_seat", dict(free=["Ben", "Cleo"]),
     "several seats are free (Ben, Cleo): join with --name and the name of your seat"),
    ("net.no_free_seat", dict(), "every seat is taken: join with --watch to watch the race"),
    ("net.bad_line", dict(text="monza host"),
     "monza host: not an invitation's line; paste it as the host's screen shows it, e.g. "
     "monza join 192.168.1.5:8765 7K3-Q9P --name Ben"),
    ("net.line_no_code", dict(text="monza join a:1"),
     "monza join a:1: the join code is missing; paste the whole line the host's screen "
     "shows"),
    ("net.no_code", dict(address="192.168.1.5:8765"),
     "192.168.1.5:8765: the join code is missing; give it after the address, as the "
     "host's line shows it"),
    ("relay.host_away", dict(),
     "the race's host is not connected to the relay right now: try again in a moment"),
    ("relay.bad_url", dict(url="http://x"),
     "http://x: not a relay's address; give it as wss://relay.example"),
    ("relay.none", dict(given="7K3-Q9P"),
     "7K3-Q9P: a code alone joins through a relay: add --relay URL (or set the relay in "
     "the settings), or give the host's whole line"),
    ("relay.connected", dict(), "connected to the relay"),
    ("relay.unreachable", dict(), "the relay cannot be reached; trying again…"),
    ("relay.taken", dict(),
     "the relay holds this race's code for another host: the race cannot be hosted there "
     "(monza host --resume --no-relay hosts it on the home network)"),
    ("relay.version", dict(),
     "the relay runs another version of monza: use the relay's version, or host on the "
     "home network (--no-relay)"),
    ("relay.bad_register", dict(),
     "the relay did not understand this host: use the relay's version of monza"),
    ("relay.full", dict(), "the relay holds too many races right now; trying again…"),
    ("relay.too_many", dict(seconds=30),
     "the relay was asked too often from this address; trying again in 30 s"),
    (
        "net.dice_fair",
        dict(),
        "the dice were fair: the host's seed matches what it promised at the start, and "
        "every roll was that seed's",
    ),
    (
        "net.record_mismatch",
        dict(),
        "the host's record is not the race you saw, or not a finished race of the seed it "
        "published: the dice may not have been fair",
    ),
    (
        "net.rolls_differ",
        dict(),
        "the dice in the host's record are not the dice it rolled during the race: the "
        "dice were not fair",
    ),
    (
        "net.seed_changed",
        dict(),
        "the host now commits to another seed than when you joined: this is not the race "
        "it promised, so this monza leaves it",
    ),
    ("net.too_many", dict(seconds=6), "too many wrong codes lately: wait 6 s and try again"),
    (
        "net.seed_mismatch",
        dict(),
        "the host's seed does not match the hash it showed at the start: the dice may "
        "not have been fair",
    ),
]


@pytest.fixture(autouse=True)
def _english() -> object:
    before = i18n.current_language()
    i18n.set_language("en")
    yield
    i18n.set_language(before)


@pytest.mark.parametrize(("code", "params", "english"), ROWS, ids=[r[0] for r in ROWS])
def test_each_code_says_its_exact_english_sentence(
    code: str, params: dict[str, object], english: str
) -> None:
    assert word(Said(code, params)) == english


def test_a_step_from_the_start_names_the_start_not_its_id() -> None:
    said = Said("R5.not_forward", dict(action="d1@c2", origin="start", space="c2"))
    assert word(said) == "d1@c2: c2 is not one forward step from the start"


def test_the_table_covers_every_error_code() -> None:
    said_elsewhere = {
        "record.field", "worded", "error", "record.setup", "file.os", "R5.not_forward.start"
    }
    errors = {
        code for code in MESSAGES if not code.startswith(("hint.", "R7.", "file.os."))
    } - said_elsewhere
    assert errors == {row[0] for row in ROWS}


def test_an_engine_error_keeps_its_english_developer_form_and_its_data() -> None:
    with pytest.raises(BoardFileError) as caught:
        parse_board(
            'name = "x"\nlanes = ["S2 Q1 F2"]\nshape = {loop = false, legs = ["E5"]}', "b.toml"
        )
    engine_error = caught.value.params["why"]
    assert engine_error.code == "token.letter"  # type: ignore[attr-defined]
    assert engine_error.params == {"where": Spot(1, 2, "Q1"), "letter": "Q"}  # type: ignore[attr-defined]
    assert str(engine_error) == (
        "lane 1, token 2 'Q1': unknown letter 'Q' (colours R B G Y P W, X tire, S start, F finish)"
    )


CLI = "import sys; from monza_tui.cli import main; sys.exit(main(sys.argv[1:]))"
BAD_FIELD = 'name = "x"\nedition = "new"\nlanes = ["S2 R1 F2"]\nshape = {legs = ["E5"]}\n'


def _german_catalogue_has(message: str) -> bool:
    # Read directly: switching the game's language at collection time would change what
    # the language switch remembers (i18n._seen) for every test after.
    german = gettext.translation(i18n.DOMAIN, localedir=i18n.LOCALE_DIR, languages=["de"],
                                 fallback=True)
    return german.gettext(message) != message


class _speaking:
    def __init__(self, code: str) -> None:
        self.code = code

    def __enter__(self) -> None:
        self.before = i18n.current_language()
        i18n.set_language(self.code)

    def __exit__(self, *exc: object) -> None:
        i18n.set_language(self.before)


def test_a_bad_field_is_one_worded_line_not_pydantics_english() -> None:
    with pytest.raises(BoardFileError) as caught:
        parse_board(BAD_FIELD, "b.toml")
    assert str(caught.value) == "b.toml: edition: must be one of 'anniversary', 'original'"


GERMAN_PENDING = pytest.mark.skipif(
    not _german_catalogue_has("must be one of {expected}"),
    reason="the German catalogue lacks the new messages until i18n-incoming/de.po is merged",
)


@GERMAN_PENDING
def test_a_bad_field_in_german() -> None:
    with pytest.raises(BoardFileError) as caught:
        parse_board(BAD_FIELD, "b.toml")
    with _speaking("de"):
        assert (
            str(caught.value)
            == "b.toml: edition: muss eins der folgenden sein: 'anniversary', 'original'"
        )


@GERMAN_PENDING
def test_the_cli_says_a_bad_board_file_in_german(tmp_path: Path) -> None:
    board = tmp_path / "bad.toml"
    board.write_text(BAD_FIELD, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", CLI, "--lang", "de", "boards", "check", str(board)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr == (
        f"monza: {board}: edition: muss eins der folgenden sein: 'anniversary', 'original'\n"
    )


def test_the_cli_says_a_bad_board_file_in_english(tmp_path: Path) -> None:
    board = tmp_path / "bad.toml"
    board.write_text(BAD_FIELD, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", CLI, "--lang", "en", "boards", "check", str(board)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stderr) == (
        2,
        f"monza: {board}: edition: must be one of 'anniversary', 'original'\n",
    )


def test_an_error_made_before_a_language_switch_reads_in_the_new_language() -> None:
    with pytest.raises(BoardFileError) as caught:
        parse_board(BAD_FIELD, "b.toml")
    with _speaking("xx"):
        shown = str(caught.value)
    assert "⟦" in shown and "must be one of" not in shown


def test_words_of_the_game_in_parameters_are_worded() -> None:
    with _speaking("xx"):
        sentence = word(
            said(
                "R6.die_colour",
                action="d1@b4",
                die=1,
                rolled=Colour.RED,
                space="b4",
                colour=Colour.BLUE,
            )
        )
        assert i18n.colour_name(Colour.RED) in sentence
        assert "red" not in sentence
        assert word(said("record.stops", phase=Phase.BONUS)) != "it stops in the bonus move phase"
    assert word(said("R2.car", edition=Edition.ORIGINAL, car=Colour.PURPLE)) == (
        "the original edition has no purple car"
    )


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


@pytest.mark.parametrize(
    ("package", "allowed"),
    [
        ("engine", ("monza_tui.engine",)),
        # seats: the seat kinds (SeatKind) the bots are made for, a plain enum there
        ("bots", ("monza_tui.engine", "monza_tui.bots", "monza_tui.errors", "monza_tui.seats")),
    ],
)
def test_the_engine_and_the_bots_speak_no_language(package: str, allowed: tuple[str, ...]) -> None:
    for path in sorted((SRC / package).glob("*.py")):
        ours = {name for name in _imports(path) if name.startswith("monza_tui")}
        assert all(name.startswith(allowed) for name in ours), (path.name, ours)
        assert "monza_tui.i18n" not in ours and "monza_tui.wording" not in ours
