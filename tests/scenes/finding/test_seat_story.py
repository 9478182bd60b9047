"""Every player may check each submarine's last two actions and the order of its discards."""

from __future__ import annotations

import pygame
from board_ui import event
from conftest import frames
from finding_ui import ana_and_a_silent_bot, open_board

from game.core.protocol import Event
from scenes.finding.seat_story import seat_story


def _to_the_bots_turn(session):
    """Play the set-up and Ana's first turn (Jelly Rod, Silent): the bot's turn is up."""
    st = session.state
    while st.phase != "play" or st.seat != 1:
        p = st.decision().players[0]
        legal = st.legal_actions(p)
        session.apply(next((a for a in legal if a.kind in ("jelly", "silent")), legal[0]))
    return st


def test_the_last_two_actions_and_the_order_played_since_surfacing():
    events = [
        Event("turn", "Round 2: Red's turn.", {"player": 1}),
        Event("sonar", "Red's Sonar: deep N.", {"who": 1, "card": "sonar"}),
        Event("burn", "Red burns Explore and moves one space N.", {"who": 1, "card": "explore"}),
        Event("turn", "Round 2: Yellow's turn.", {"player": 0}),
        Event("move", "Yellow runs silent.", {"who": 0, "by": "silent"}),
        Event("my_move", "You moved 1 space W.", {"who": 0}, to=(0,)),
        Event("turn", "Round 3: Red's turn.", {"player": 1}),
        Event("move", "Red runs silent for two spaces.", {"who": 1, "by": "long_silent"}),
    ]
    red = seat_story(events, 1, ["Ana", "Red"])
    assert red.last == (
        "Red burns Explore and moves one space N.",
        "Red runs silent for two spaces.",
    )
    assert red.order == ("sonar", "explore", "long_silent")
    # what only Yellow heard is hers alone: the viewer's filter is the board's (visible_log)
    yellow = seat_story(events, 0, ["Yellow", "Red"])
    assert yellow.last == ("Yellow runs silent. You moved 1 space W.",)
    surfaced = events + [Event("surface", "Red surfaces at E3.", {"who": 1})]
    assert seat_story(surfaced, 1, []).order == ()
    assert seat_story(surfaced, 1, []).last[-1] == "Red surfaces at E3."


def test_the_seat_row_tells_the_last_two_actions_on_hover_and_the_chips_keep_their_order(app):
    board, chips = _bot_plays(app, "silent", "sonar")
    assert chips == ["Silent", "Sonar"]  # the order played (the box has Sonar first)
    row = next(h for h in board.hits if h.key == "seat:1")
    app.step([event(pygame.MOUSEMOTION, pos=row.rect.move(4, 4).topleft, rel=(0, 0),
                    buttons=(0, 0, 0))], 1 / 60)  # fmt: skip
    frames(app, 60)
    tip = board.tipper.text
    assert "Last actions:" in tip and "Kleito runs silent" in tip and "Kleito's Sonar" in tip
    assert tip.index("runs silent") < tip.index("Sonar")


def test_a_captains_play_takes_its_place_in_the_order_whichever_captain_it_is():
    events = [
        Event("surveyor", "Red's Surveyor: ...", {"who": 1, "card": "surveyor"}),
        Event("move", "Red runs silent for two spaces.", {"who": 1, "by": "long_silent"}),
        Event("move", "Yellow's engineer.", {"who": 0, "by": "engineer"}),
        Event("burn", "Yellow burns ...", {"who": 0, "card": "silent"}),
    ]
    assert seat_story(events, 1, []).order == ("captain", "long_silent")
    assert seat_story(events, 0, []).order == ("captain", "silent")


def test_the_captain_chip_stands_where_the_captain_was_played(app):
    board, chips = _bot_plays(app, "captain", "silent")
    assert chips[-1] == "Silent" and len(chips) == 2  # the captain first: it was played first
    drawn = [h.tip for h in board.hits if h.key.startswith("seat:1:card:")]
    assert drawn[0].startswith("Captain: ") and "played last" in drawn[1]


def _bot_plays(app, *kinds: str):  # noqa: ANN001, ANN202
    """The bot's turn played with the first action of each kind; the board and its chips."""
    session = ana_and_a_silent_bot()
    st = _to_the_bots_turn(session)
    for kind in kinds:
        session.apply(next(a for a in st.legal_actions(1) if a.kind == kind))
    board = open_board(app, session)
    frames(app, 1)
    return board, [label for label, *_ in board.public_cards(1)]


def test_naming_the_city_space_by_space_is_one_action_in_the_last_two():
    """The claim's naming steps belong to the attempt: the action before it stays in view."""
    events = [
        Event("turn", "Round 6: Red's turn.", {"player": 1}),
        Event("sonar", "Red's Sonar: deep N.", {"who": 1, "card": "sonar", "reading": "sonar"}),
        Event("explore", "Red explores: Atlantis!", {"who": 1, "card": "explore", "reading": 1}),
        Event("solve", "Red names the city, starting from C3.", {"who": 1}),
        Event("claim", "Red names C4.", {"who": 1}),
        Event("claim", "Red names D4.", {"who": 1}),
        Event("wrong_claim", "Wrong: Atlantis is not C3, C4, D4.", {"who": 1}),
    ]
    red = seat_story(events, 1, [])
    assert red.last == (
        "Red explores: Atlantis!",
        "Red names the city, starting from C3. Red names C4. Red names D4. "
        "Wrong: Atlantis is not C3, C4, D4.",
    )
