"""Links into a table: unguessable tokens, one private to each person's seat and one for the
spectators. A token is the only proof of who is asking; a wrong or missing one changes nothing."""

from __future__ import annotations

import secrets

from cardtable.web.storage import Link, SqlStorage


class Forbidden(Exception):
    """The token opens nothing (the server answers 403)."""


def new_token() -> str:
    """A token nobody can guess: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def new_table_id() -> str:
    """A table's public name (listed in the lobby; it opens no seat)."""
    return secrets.token_hex(6)


def check(storage: SqlStorage, token: object) -> Link:
    """The link a token opens, or ``Forbidden``."""
    if not isinstance(token, str) or not 16 <= len(token) <= 64:
        raise Forbidden("this link is not valid")
    link = storage.link(token)
    if link is None:
        raise Forbidden("this link is not valid")
    return link
