"""Help pages, in our own words. The app page is here; each game adds its own page through
:mod:`scenes.game_ui` (keyed by game id, so the pause menu opens the right one).
"""

from __future__ import annotations

from collections.abc import Callable

from game.core import storage

_PAGES: dict[str, tuple[str, Callable[[], str]]] = {}


def register_help(topic: str, title: str, html: str | Callable[[], str]) -> None:
    """Add a page. ``html`` uses pygame-gui's subset: <b>, <i>, <br>, <p>, <font>."""
    _PAGES[topic] = (title, html if callable(html) else (lambda: html))


def topics() -> list[tuple[str, str]]:
    """(topic id, title) in the order pages were added; the app page comes first."""
    from scenes import game_ui

    game_ui.load_builtin()  # the games' pages, even before any board was opened
    return [(key, title) for key, (title, _) in _PAGES.items()]


def page(topic: str) -> str:
    from scenes import game_ui

    game_ui.load_builtin()
    title, make = _PAGES.get(topic, _PAGES["app"])
    return make()


def _app_page() -> str:
    return (
        "<font size=5><b>Welcome to Atlantis Tabletop</b></font><br>"
        "Atlantis board games, played on one computer: alone against "
        "bots, or with friends taking turns at the same screen (hot-seat). Any seat can be a "
        "person or a bot, and the bots play by the same rules and see only what their seat "
        "is allowed to see.<br><br>"
        "<b>Starting a game</b><br>"
        "Choose <i>New game</i>, pick the game, the number of seats, and for each seat a name, "
        "a colour and whether a person or a bot (random, easy, normal or hard) sits there. "
        "A seed is optional: the same seed with the same moves always gives the same game, "
        "which is handy for rematches and for reporting a problem.<br><br>"
        "<b>Hot-seat and secrets</b><br>"
        "When a game has private information (cards in hand, a private chart), a "
        "<i>Pass the screen</i> page covers everything before each person's turn. Only the "
        "named player should click <i>Ready</i>.<br><br>"
        "<b>Saving</b><br>"
        "The game is saved after every single move. <i>Continue</i> on the title screen picks "
        "up the last game; <i>Save as…</i> in the pause menu keeps a copy under a name of your "
        "choice, which <i>Load game</i> lists. A save that is damaged, from another program or "
        "from a newer version is never changed: the game tells you what is wrong with it.<br><br>"
        "<b>Keys</b><br>"
        "Esc — pause menu in a game; back in menus<br>"
        "F11 or Alt+Enter — full screen on and off<br>"
        "The window can be resized freely; the picture keeps its shape.<br><br>"
        "<b>Settings</b><br>"
        "Animation speed also sets how long bots' moves stay on screen (<i>instant</i> plays "
        "them as fast as the bots answer). The colour-blind-safe palette uses colours that stay "
        "distinct under the common colour vision differences, and adds a letter and a shape to "
        "every seat; in Atlantis Rising each resource's diamond carries its initial (O, G, C, "
        "A).<br><br>"
        "<b>Where your files are</b><br>"
        f"Saves: {storage.saves_dir()}<br>"
        f"Settings: {storage.config_dir()}<br>"
        f"Logs: {storage.log_dir()}<br><br>"
        "<b>Credits</b><br>"
        "Fonts: Noto Sans (The Noto Project Authors) and Quattrocento (Pablo Impallari, "
        "Igino Marini), both under the SIL Open Font License 1.1; the licence texts are in "
        "the program's assets/fonts folder. Sounds, icon and sea are made by this program's "
        "own scripts."
    )


register_help("app", "Atlantis Tabletop", _app_page)
