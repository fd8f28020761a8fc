"""The server's own HTML pages: a game's rules page (the same Markdown as ``cardtable rules``,
rendered with raw HTML disabled, so a page can only hold what Markdown makes) and the friendly
page a person sees for a bad link or an unknown address (the API keeps answering JSON)."""

from __future__ import annotations

from html import escape

from fastapi import Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from markdown_it import MarkdownIt
from starlette.exceptions import HTTPException

from cardtable.cli.rules_pages import FIRST_GAME, rules_page, section

MARKDOWN = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
MARKDOWN.enable("table")

MACHINE_PATHS = ("/api/", "/ws/", "/static/")
"""Addresses read by programs: their errors stay JSON."""


def render(markdown: str) -> str:
    """Markdown as HTML; raw HTML in the text is shown as text, never passed through."""
    rendered: str = MARKDOWN.render(markdown)  # markdown-it declares its result Any
    return rendered


def first_game_html(game: str) -> str:
    """The rules page's ``## Your first game`` section as HTML, or "" when it has none yet."""
    body = section(rules_page(game), FIRST_GAME)
    return render(body) if body else ""


def layout(title: str, main: str, header: str = "") -> str:
    """A whole page in the site's look: the bar, the main part, the shared stylesheet."""
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)} — cardtable</title>
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/static/style.css">
<script type="module" src="/static/js/page.js"></script>
</head>
<body>
<header class="bar"><a href="/" class="home">cardtable</a>{header}
  <label class="setting"><input type="checkbox" id="four-colour"> four-colour deck</label></header>
{main}
</body>
</html>
"""


TABLE_RULES = "table"
"""``docs/rules/table.md``: the web table's own rules (clocks, absence, two pages), the same for
every game, shown at the end of each game's rules page: one text, written once."""


def rules_html(game: str, title: str) -> str:
    """The rules page of ``game`` as a page of the site, with the web table's own rules."""
    article = render(rules_page(game)) + render(rules_page(TABLE_RULES))
    back = '<p class="page-links"><a href="/">Back to the lobby</a></p>'
    return layout(f"{title}: rules", f'<main class="page rules" id="rules">{article}{back}</main>')


FRIENDLY = {
    403: ("This link does not open a table",
          "The link may be mistyped or cut short, or its table may be gone. Ask whoever sent it "
          "for the link again, or start a new game from the lobby."),
    404: ("There is no page here",
          "The address may be mistyped. The lobby lists the games and the open tables."),
}


def error_html(status: int, detail: str) -> str:
    """The page for an error a person meets in the browser."""
    title, advice = FRIENDLY.get(status, ("Something went wrong", detail))
    main = (f'<main class="page error-page"><h1>{escape(title)}</h1>'
            f"<p>{escape(advice)}</p>"
            f'<p class="page-links"><a href="/">Go to the lobby</a></p></main>')
    return layout(title, main)


async def http_error(request: Request, error: Exception) -> Response:
    """HTML for a person's page, JSON for the API: the same status either way."""
    assert isinstance(error, HTTPException)
    headers = getattr(error, "headers", None)
    if request.url.path.startswith(MACHINE_PATHS):
        return JSONResponse({"detail": error.detail}, error.status_code, headers=headers)
    return HTMLResponse(error_html(error.status_code, str(error.detail)), error.status_code,
                        headers=headers)
