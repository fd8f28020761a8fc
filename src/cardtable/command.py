"""The ``cardtable`` console script. The command line needs typer and rich, which the library
does not (they are the ``cli`` extra): where they are missing, the script says which extra to
install in one line and exits with status 2, before anything imports them."""

from __future__ import annotations

import sys

USAGE_ERROR = 2
"""The status of a command that cannot run as asked (as for a usage error)."""


def main() -> None:
    """Run the command line, or say in one line how to install it."""
    try:
        import rich  # noqa: F401
        import typer  # noqa: F401
    except ImportError:
        print("error: the cardtable command needs its extra: pip install 'cardtable[cli]'",
              file=sys.stderr)
        sys.exit(USAGE_ERROR)
    from cardtable.cli import main as run

    run()
