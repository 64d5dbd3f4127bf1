"""A game record's errors as sentences (:mod:`monza_tui.record`): which file, which line,
what is wrong. The record itself stays English and language-neutral; only what is said
about it follows the player's language."""

from __future__ import annotations

from monza_tui.i18n import N_
from monza_tui.wording.plural import Message

MESSAGES: dict[str, Message] = {
    "record.at": N_("{source}: line {line}: {problem}"),
    "record.unreadable": N_("{source}: {why}"),
    "record.os": N_("{source}: cannot read: {why}"),
    "record.empty": N_("{source}: empty, not a monza game record"),
    "record.line_long": N_("longer than {most} characters"),
    "record.races": N_(
        "more than {most} races in one file; no record monza-tui writes holds as many"
    ),
    "json.column": N_("column {column}"),
    "json.nested": N_("nested too deeply"),
    "json.long_number": N_("a number far too long"),
    "record.not_record": N_("not a monza game record ({what})"),
    "record.not_json": N_("not JSON ({what}); the file may be truncated"),
    "record.not_object": N_("a record line is a JSON object"),
    "record.newer": N_(
        "version: {version} is newer than this monza-tui reads ({ours}); update monza-tui"
    ),
    "record.no_header": N_("not a monza game record (no header line)"),
    "record.field": "{problem}",
    "record.kind": N_("record: {record} is not a monza game record"),
    "record.version": N_("version: {version} is not a record version"),
    "record.board_name": N_("board: {board} but board_file is the {carried!r} board"),
    "record.builtin_name": N_(
        "board_file: called {board!r} but not the built-in {board} board; a board file "
        "needs a name of its own"
    ),
    "record.no_board": N_("board: {board} is not built in and the record carries no board_file"),
    "record.edition": N_("edition: the {board} board belongs to the {edition}"),
    "record.setup": "{why}",
    "record.space": N_("{field}: no space {space} on this board"),
    "record.die_or_tile": N_("{field}: a move places either a die or a tile"),
    "record.car": N_("{field}: no {car} car in this race"),
    "R10.no_result": N_("the race is over but its result line is missing (R10)"),
    "R10.turn_after_end": N_("a turn after the end of the race (R10)"),
    "record.turn_after_unfinished": N_("a turn after the unfinished one"),
    "record.turns": N_("more than {most} turns in one race; no real race lasts as long"),
    "record.out_of_step": N_("{field}: {written} but the race is at {actual}"),
    "record.edited_dice": N_("{field}: not the dice of seed {seed}; the record was edited"),
    "record.seed_dice": N_("not the dice of seed {seed}; the record was edited"),
    "record.illegal": N_("illegal move: {why}"),
    "record.illegal_rule": N_("illegal move: {why} ({rule})"),
    "record.incomplete": N_("the turn is incomplete: {why}"),
    "R6.missing_die": N_("a die still fits, the move must go on (R6)"),
    "R14.missing_turbo": N_("all six dice were placed, the turbo roll is missing (R14)"),
    "R15.missing_bonus": N_("a bonus move is owed, the bonus field is missing (R15)"),
    "record.stops": N_("it stops in the {phase} phase"),
    "record.rules_give": N_("{field}: the rules give {value}"),
    "R10.result_early": N_("a result line but the race is not over (R10)"),
    "R11.result": N_("{field}: the rules give {value} (R10, R11)"),
    "R10.unfinished_after_end": N_("an unfinished turn after the end of the race"),
    "record.unfinished_turn": N_("unfinished.turn: {written} but the race is at turn {actual}"),
    "record.unfinished_action": N_("unfinished.actions[{index}]: {why}"),
    "record.unfinished_ends": N_(
        "unfinished.actions[{index}]: ends the turn; write it as a turn line"
    ),
    "record.seat_at": N_("{field}: {at}, but only {count} actions are written"),
    "record.seat_after": N_(
        "{field}: {at}, but the turn ends with its action {count}; a change after that is "
        "the next turn's (at 0)"
    ),
    "record.seat_order": N_(
        "{field}: {at} after a change at {before}; changes are written in the order made"
    ),
    "record.seat_player": N_("{field}: no seat {player} in this race"),
    "record.seat_same": N_("{field}: {name}'s car is already driven by {seat}"),
    # Saving a race (saves.py)
    "save.cannot": N_("cannot save the race to {path}: {why}"),
    "save.path": N_("{path}: {why}"),
    # Writing a record (limits every record monza-tui writes keeps)
    "write.races": N_("{count} races; a record holds at most {most}"),
    "write.turns": N_("{count} turns; a race has at most {most}"),
    "write.pending": N_("{count} actions in the unfinished turn; a save holds at most {most}"),
    "write.line": N_("a line of {count} characters; at most {most}"),
    "write.bytes": N_("{count} bytes; a record holds at most {most}"),
}
"""The record's codes to their English messages (the ruling where there is one)."""
