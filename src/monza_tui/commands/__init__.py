"""One module per ``monza`` command: ``add_arguments(parser)`` and ``run(args) -> int``."""
