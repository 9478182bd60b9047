"""One person against a U-Bot, every move by mouse: burns, a wrong city, surfacing, the right
city; and in Pirate mode, running into the U-Bot's mine. What the person notices is checked:
the device's words, the animations, the chart's claim outline, the results screen."""

from __future__ import annotations

from conftest import frames
from finding_ui import do, open_board, settle, spy
from story import PERSON, Story, find_seed, kinds, new_session

from scenes.finding.results import FindingResults


def _whole_story(session) -> bool:
    k = kinds(session)
    return (
        session.state.winner == PERSON
        and k.count("wrong_claim") == 1
        and "burn" in k
        and k.count("surface") >= 1
    )


def play_by_mouse(app, session, story: Story, stop=lambda s: False, limit: int = 6000):
    board = open_board(app, session)
    seen: dict[str, list] = {"anims": [], "voice": [], "pending": []}
    real = board.anim.add
    board.anim.add = lambda anim, **kw: (seen["anims"].append(anim.kind), real(anim, **kw))
    for _ in range(limit):
        if session.is_over or stop(session):
            break
        if session.current_human() == PERSON and board.human == PERSON:
            settle(app, board)
            what, arg = story.next(session.state)
            before = len(session.record.actions)
            if what == "act":
                do(app, board, arg)
            else:
                claim_with_a_look(app, board, arg, seen)
            assert len(session.record.actions) > before, f"{what} {arg} was not made"
            story.wrong_done = "wrong_claim" in kinds(session)
            seen["voice"].append(board.voice.lines_for(PERSON, names=board.names))
        else:
            frames(app, 1)
    return board, seen


def claim_with_a_look(app, board, cells, seen) -> None:
    """Name the spaces one by one, take the last one back and name it again, then send."""
    from finding_ui import press

    settle(app, board)
    first = board.view.claim[0]
    for c in cells[:-1]:
        press(app, board, f"cell:{c}")
    press(app, board, f"cell:{cells[-1]}")
    assert board.picks == cells
    press(app, board, "claim:undo")
    assert board.picks == cells[:-1]
    assert cells[-1] in board.claim_cells()  # lit again: it may be named
    press(app, board, f"cell:{cells[-1]}")
    seen["pending"].append((first, list(board.picks)))
    press(app, board, "claim:confirm")


def test_a_person_burns_names_a_wrong_city_surfaces_and_then_finds_atlantis(app):
    app.settings.animation_speed = "2x"
    options = {"size": "8"}
    seed = find_seed(options, _whole_story)
    session = new_session(seed, options)
    moves = spy(session)
    board, seen = play_by_mouse(app, session, Story())
    assert session.is_over and session.state.winner == PERSON
    k = kinds(session)
    assert k.count("wrong_claim") == 1 and "burn" in k and "surface" in k
    mine = [a for a in moves if a.player == PERSON]
    assert {a.kind for a in mine} >= {"keep", "start_move", "burn", "explore", "surface",
                                      "solve", "claim"}  # fmt: skip
    # the device said so, in the person's own name, and the wrong city flashed
    heard = " ".join(" ".join(lines) for lines in seen["voice"])
    assert "Wrong: Atlantis is not" in heard and "Ana burns" in heard
    assert "Ana surfaces at" in heard
    assert seen["anims"].count("flash") >= 2  # the wrong claim and the find
    assert len(seen["pending"]) == 2
    for _ in range(400):
        if isinstance(app.stack.top, FindingResults):
            break
        frames(app, 1)
    results = app.stack.top
    assert isinstance(results, FindingResults)
    assert "Ana wins" in results.results.headline
    frames(app, 2)


def test_pirate_mode_a_person_runs_into_the_u_bots_mine(app):
    app.settings.animation_speed = "2x"
    options = {"size": "6", "mode": "pirate"}
    seed = find_seed(options, lambda s: "mine_hit" in kinds(s), pirate_hunt=True)
    session = new_session(seed, options)
    spy(session)
    board, seen = play_by_mouse(
        app, session, Story(pirate_hunt=True), stop=lambda s: "mine_hit" in kinds(s)
    )
    assert "mine_hit" in kinds(session)
    assert "boom" in seen["anims"]
    heard = " ".join(board.voice.lines_for(PERSON, names=board.names))
    assert "Ana runs into U0's mine!" in heard
    frames(app, 60)  # the blast plays out
    assert not board.animating()
