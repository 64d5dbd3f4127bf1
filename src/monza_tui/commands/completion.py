"""`monza completion bash|zsh|fish`: a shell's completion script for ``monza``, printed.

The script is made from the parser itself (shtab), so it offers every command, flag and
choice there is, with their help in the language of the run. shtab and every command
module are imported here only, when the script is asked for: a launch pays nothing.
"""

from __future__ import annotations

import argparse

from monza_tui.cli_help import ChoiceHelp
from monza_tui.i18n import _

SHELLS = ("bash", "zsh", "fish")
"""The shells a script is made for (shtab's others are not offered: not tested here)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``monza completion SHELL``."""
    parser.add_argument("shell", action=ChoiceHelp, choices={
        "bash": _("for bash: monza completion bash > ~/.local/share/bash-completion/"
                  "completions/monza"),
        "zsh": _("for zsh: monza completion zsh > ~/.zfunc/_monza, with "
                 "fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc"),
        "fish": _("for fish: monza completion fish > ~/.config/fish/completions/monza.fish"),
    })


def script(shell: str) -> str:
    """The completion script of every command for ``shell`` (one of :data:`SHELLS`)."""
    import shtab

    from monza_tui.cli import build_parser

    return str(shtab.complete(build_parser(), shell=shell))


def run(args: argparse.Namespace) -> int:
    """Print the script, to be saved where the shell looks for completions."""
    print(script(args.shell), end="")
    return 0
