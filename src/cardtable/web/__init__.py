"""The web table: every registered game in the browser, against bots or between people.

``create_app(db_path)`` is the FastAPI application; ``cardtable serve`` runs it under uvicorn.
The server speaks the core protocol only: a game appears here with nothing web-specific
beyond its optional drawing (``static/games/<name>.js``).
"""

from cardtable.web.app import create_app, serve

__all__ = ["create_app", "serve"]
