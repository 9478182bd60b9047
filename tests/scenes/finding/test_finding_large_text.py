"""Finding Atlantis at large text (issue 29): its screens give way instead of cutting words.
Each screen is opened as the screen audit opens it and checked with the audit's own checks
(tests/scenes/screen_audit.py), including what only shows after a click."""

from __future__ import annotations

import pytest
import text_audit
from conftest import click
from screen_audit import screen_problems, top_lines
from screen_audit_run import audit_screen, audited_app
from screen_catalogue import SCREENS


@pytest.fixture
def sized(request):
    """An app at a text size and window size, auditing."""
    with audited_app(*request.param) as app:
        yield app


def _redraw(app) -> list[str]:  # noqa: ANN001
    text_audit.start_frame(app.frame)
    app.step([], 1 / 60)
    return screen_problems(app, top_lines(app, 0))


@pytest.mark.parametrize("sized", [(2.0, (1280, 720)), (1.5, (900, 600))], indirect=True)
def test_the_results_table_and_charts_take_turns_when_the_text_is_large(sized):
    app = sized
    assert audit_screen(app, dict(SCREENS)["finding-results-6"]) == []
    results = app.stack.top
    assert results.paged  # no room for both: the charts first, the table a click away
    click(app, results.page_btn)
    assert results.page == "table"
    assert _redraw(app) == []
    assert results.page_btn.text == "Show the charts"
    click(app, results.page_btn)
    assert results.page == "charts"
