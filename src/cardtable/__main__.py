"""``python -m cardtable`` is the ``cardtable`` command."""

from cardtable.command import main

main()
