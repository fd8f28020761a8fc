"""The games as reinforcement-learning environments.

``cardtable.rl.pettingzoo`` (multi-agent), ``cardtable.rl.gym`` (one agent against a bot) and
``cardtable.rl.openspiel`` wrap every registered game through the core protocol and each game's
``Encoding`` (``encoding_for(game)``). The libraries are optional extras: ``pip install
cardtable[rl]`` or ``cardtable[openspiel]``; importing this package needs none of them.
"""
