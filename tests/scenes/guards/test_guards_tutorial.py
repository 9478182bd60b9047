"""The Guards tutorial, played to its end through the real UI: opened from the setup screen by
mouse, every lesson answered by clicks through ``App.step`` (cards, buttons, hexes, the
lesson's own buttons). The first lesson is free play until the lane is pushed; in the three
guided lessons every step's words must come up, a wrong click must be refused with the
step's own explanation (and change nothing), and the asked click must be taken."""

from __future__ import annotations

import pytest
from conftest import click, frames, open_scene, pick
from guards_ui import clicks_for, do, guards_shown, press, settle  # noqa: F401

from game.guards.cards import card
from scenes.guards import tutorial
from scenes.setup_scene import SetupScene
from scenes.title_scene import TitleScene

#: the wrong clicks each guided step must refuse with its own words (targets, in order)
WRONG: dict[str, tuple[str, ...]] = {
    "hold": ("card:0:red", "card:0:gold"),
    "defend": ("card:0:gold", "btn:nodefend"),
    "tie": ("card:0:gold",),
    "first": ("btn:first:2",),
    "sting": ("card:0:black",),
    "use": ("btn:move", "hex:10,5"),
    "level": ("btn:stop",),
}
#: what each guided lesson's steps must show, in order
GUIDED = {
    "defence": ["hold", "defend", "defended"],
    "token": ["tie", "first", "leap", "passed", "back"],
    "level": ["sting", "use", "target", "level", "item"],
}


def _open_tutorial(app) -> tutorial.TutorialBoard:
    app.settings.animation_speed = "instant"
    scene = SetupScene(app)
    open_scene(app, scene)
    pick(app, scene.game_menu, "Guards of Atlantis")
    assert scene.tutorial_btn is not None
    click(app, scene.tutorial_btn)
    frames(app, 2)
    board = app.stack.top
    assert isinstance(board, tutorial.TutorialBoard)
    return board


def _free_lesson(app, board: tutorial.TutorialBoard) -> None:
    """The first lesson: the person plays the lesson's own plan by mouse until the push."""
    session = board.session
    clicks = 0
    for _ in range(3000):
        settle(app, board)
        step = board.step()
        if step is tutorial.END and board.ready():
            break
        if step.button and board.ready():
            press(app, board, tutorial.NEXT_KEY)
            clicks += 1
            continue
        if board.human == tutorial.PERSON:
            do(app, board, tutorial.tutor_plan(session.state.view(0), 0))
            clicks += 1
        else:
            frames(app, 1)
    lessons = [k for k in board.shown if k not in ("defence", "after:defence")]
    assert lessons[:5] == ["cards", "initiative", "act", "attack", "minions"], board.shown
    asked = any(e.kind == "attack" and e.data.get("target") == 0 for e in session.log)
    if asked:  # the first defence of the skirmish is taught where it happens, by mouse
        assert "defence" in board.shown and "defence" in board.done
    assert clicks > 10


def _wait_for(app, board, key: str, limit: int = 600) -> None:
    """Let the game run (bots, animations) until the step ``key`` is up."""
    for _ in range(limit):
        if board.step().key == key and board.ready():
            settle(app, board)
            return
        frames(app, 1)
    raise AssertionError(f"step {key} never came up: {board.shown}")


def _panel_says(board, step: tutorial.Step) -> None:
    title, text = board.words()
    assert title == step.title
    assert text == step.text.format(**board.facts())
    assert "{" not in text


def _guided_lesson(app, board: tutorial.TutorialBoard) -> list[str]:
    """Every step of a guided lesson: its words, the wrong clicks refused, the asked one made."""
    refused = []
    for step in board.lesson.steps:
        _wait_for(app, board, step.key)
        _panel_says(board, step)
        for key in WRONG.get(step.key, ()):
            moves = len(board.session.record.actions)
            press(app, board, key)
            if key.startswith("btn:") and key[4:] in ("move", "fast"):
                continue  # the kind button only marks the kind; the hex click is refused
            assert board.notice == step.refuse, (step.key, key, board.notice)
            assert len(board.session.record.actions) == moves, "a refused click made a move"
            assert board.step() is step
            refused.append(step.key)
        if step.button:
            press(app, board, tutorial.NEXT_KEY)
            continue
        want = next(a for a in _complete_legal(board) if any(w.matches(a) for w in step.wants))
        for key in clicks_for(board, want):
            press(app, board, key)
        assert step.key in board.done, (step.key, board.shown)
    return refused


def _complete_legal(board) -> list:
    """The moves on offer, the card's action as the complete moves a person clicks."""
    if board.kind == "act":
        return board.complete_acts()
    return board.legal


def test_the_tutorial_is_played_to_its_end_by_mouse(app):
    board = _open_tutorial(app)
    view = board.session.state
    assert view.hero_id[view.seat_heroes[0][0]] == "wasp"
    _free_lesson(app, board)
    press(app, board, tutorial.NEXT_KEY)
    frames(app, 2)
    refused = []
    for lesson in ("defence", "token", "level"):
        board = app.stack.top
        assert isinstance(board, tutorial.TutorialBoard) and board.lesson.key == lesson
        refused += _guided_lesson(app, board)
        assert [k for k in board.shown if not k.startswith("after:")] == GUIDED[lesson]
        assert board.done == set(GUIDED[lesson])
    frames(app, 2)
    assert isinstance(app.stack.top, TitleScene), "Finish did not lead back to the title"
    assert set(refused) == set(WRONG)
    from game.core import storage

    assert not storage.autosave_path("guards").exists()  # the tutorial is never saved


def _lesson_board(app, n: int) -> tutorial.TutorialBoard:
    app.settings.animation_speed = "instant"
    board = tutorial.TutorialBoard(app, lesson=n)
    app.stack.reset(board)
    app.stack.apply_pending()
    frames(app, 2)
    return board


def test_defence_lesson_holds_and_defends_with_the_card_it_names(app):
    board = _lesson_board(app, 1)
    _guided_lesson(app, board)
    state = board.session.state
    assert "black" in state.out[0] and "red" in state.out[0]  # Hold played, Arc Strike thrown
    assert state.pos[0] == (9, 5), "Wasp stayed on the board"
    log = [e.kind for e in board.session.log]
    assert "hold" in log and "defend" in log and "defeat" not in log


def test_token_lesson_passes_the_token_and_back(app):
    board = _lesson_board(app, 2)
    _guided_lesson(app, board)
    tokens = [e.data["team"] for e in board.session.log if e.kind == "token"]
    assert tokens == [1, 0]
    order = [e.data["hero"] for e in board.session.log if e.kind == "resolve"]
    assert order[:4] == [3, 0, 1, 2]  # Arien (12), Wasp (chosen), Tigerclaw (token), Brogan


def test_level_lesson_shows_the_item_on_the_cards(app):
    board = _lesson_board(app, 3)
    _guided_lesson(app, board)  # ends on Finish: back to the title
    state = board.session.state
    assert state.level[0] == 2 and state.coins[0] == 0 and len(state.items[0]) == 1
    taken = next(e.data["card"] for e in board.session.log if e.kind == "level")
    item = state.items[0][0]
    c = card(taken)
    other = next(x for x in state.hero_def(0).card(c.colour, 2) if x.id != taken)
    assert other.item == item


@pytest.mark.parametrize("n", [1, 2, 3])
def test_skip_goes_on_to_the_next_lesson(app, n):
    board = _lesson_board(app, n - 1)
    press(app, board, tutorial.SKIP_KEY)
    frames(app, 2)
    top = app.stack.top
    assert isinstance(top, tutorial.TutorialBoard) and top.number == n


def test_the_lessons_bots_never_strike_their_own_side():
    """Every lesson played headless by its bots (the person's seat by the lesson's own plan):
    no attack, push or pull of a bot ever picks a unit of its own side."""
    from scenes.guards.shots import step_towards

    choices = 0
    for lesson in tutorial.LESSONS:
        st = tutorial.tutorial_session(lesson).state
        for _ in range(1500):
            dec = st.decision()
            if dec is None or st.round > 10:
                break
            p = min(dec.players)
            a = step_towards(st.view(p), p, tutorial.tutor_plan(st.view(p), p, lesson.cards))
            at = a.get("option") if a.kind == "choose" else None
            if isinstance(at, tuple) and at in st.occ:
                choices += 1
                assert tutorial._side(st, at) != st.seat_team[p], (lesson.key, a)
            st.apply(a)
    assert choices > 5  # the bots did pick units


def _play_to(lesson: tutorial.Lesson, until, person: dict[str, object]):
    """The lesson's game headless: bots by the lesson, the person's answers by kind (a
    function of the legal list) until ``until(state, decision)``."""
    from scenes.guards.shots import step_towards

    st = tutorial.tutorial_session(lesson).state
    for _ in range(200):
        dec = st.decision()
        if until(st, dec):
            return st
        p = min(dec.players)
        if p == tutorial.PERSON:
            a = person[dec.kind](st.legal_actions(p))
        else:
            a = step_towards(st.view(p), p, tutorial.tutor_plan(st.view(p), p, lesson.cards))
        st.apply(a)
    raise AssertionError("the lesson's moment never came")


def _asked(kind: str):
    return lambda st, dec: dec is not None and dec.kind == kind and tutorial.PERSON in dec.players


def _card(colour: str):
    return lambda legal: next(a for a in legal if a["cards"] == (colour,))


def test_what_the_defence_lesson_says_is_what_the_game_does():
    from game.guards import combat

    lesson = tutorial.HOLD_AND_DEFEND
    st = tutorial.tutorial_session(lesson).state
    assert st.turn == 3 and st.hand[0] == ("gold", "black", "red") and st.hand[1]
    assert [st.card_in(0, c).name for c in st.hand[0]] == ["Sting", "Hold", "Arc Strike"]
    assert st.pos[1] in st.geo.nbrs[st.pos[0]]  # Tigerclaw stands next to Wasp
    near = {st.minions[~st.occ[n]][1:3] for n in st.geo.nbrs[st.pos[0]] if st.occ.get(n, 0) < 0}
    assert near == {(0, "heavy"), (1, "melee")}  # her heavy, his melee: they cancel out
    assert combat.minion_modifier(st, 0) == 0
    st = _play_to(lesson, _asked("defend"), {"play": _card("black")})
    assert st.pend[3] == 5  # Tigerclaw attacks with 5
    assert combat.defense_total(st, 0, "red", 1) == 5
    assert combat.defense_total(st, 0, "gold", 1) == 2
    assert [a["card"] for a in st.legal_actions(0)] == ["red", ""]
    # had Wasp played Arc Strike, nothing would have held: she would be defeated
    st = _play_to(lesson, lambda st, dec: st.turn == 4 or dec.kind == "defend",
                  {"play": _card("red"), "act": lambda legal: legal[0],
                   "move": lambda legal: legal[0]})  # fmt: skip
    assert st.pos[0] is None and st.back[0] == 2 and st.red_lock[0] == 2


def test_what_the_token_lesson_says_is_what_the_game_does():
    from game.guards import units

    lesson = tutorial.TOKEN
    st = tutorial.tutorial_session(lesson).state
    assert st.token == 0 and [st.team_of[h] for h in st.heroes] == [0, 1, 0, 1]
    assert [st.hero_id[h] for h in st.heroes] == ["wasp", "tigerclaw", "brogan", "arien"]
    st = _play_to(lesson, _asked("first"), {"play": _card("blue")})
    inits = {st.hero_id[h]: units.initiative(st, h, st.commit[h]) for h in st.heroes}
    assert inits == {"wasp": 9, "tigerclaw": 9, "brogan": 9, "arien": 12}
    assert st.tie == (0, 2) and st.token == 0  # the Titans choose among Wasp and Brogan
    assert st.card_in(0, "blue").move is None  # Steam Jump: no move icon, it leaps


def test_what_the_level_lesson_says_is_what_the_game_does():
    from game.guards.combat import MINION_COINS

    lesson = tutorial.LEVEL_UP
    st = tutorial.tutorial_session(lesson).state
    assert st.turn == 4 and st.coins[0] == 0 and st.hand[0] == ("gold", "black")
    st = _play_to(lesson, _asked("choose"),
                  {"play": _card("gold"), "act": lambda legal: legal[-1]})  # fmt: skip
    targets = [a["option"] for a in st.legal_actions(0)]
    assert targets and all(st.minions[~st.occ[t]][1:3] == (1, "melee") for t in targets)
    assert MINION_COINS == {"melee": 2, "ranged": 2, "heavy": 4}
    st = _play_to(lesson, _asked("level"), {"play": _card("gold"),
                  "act": lambda legal: legal[-1], "choose": lambda legal: legal[0]})  # fmt: skip
    assert st.coins[0] == 2 and st.level[0] == 1  # level 2 costs 2
    choices = [a["card"] for a in st.legal_actions(0)]
    assert len(choices) == 7 and choices[-1] == ""  # two tier-II cards of each colour, or stop


def test_a_reading_step_holds_the_bots_until_its_button(app):
    """Lesson 3 after Wasp's leap: "The token passes" is read while Tigerclaw waits; the ask
    panel says so; Got it lets the game go on (Tigerclaw acts, the token comes back)."""
    board = _lesson_board(app, 2)
    for step in board.lesson.steps[:3]:
        _wait_for(app, board, step.key)
        want = next(a for a in _complete_legal(board) if any(w.matches(a) for w in step.wants))
        for key in clicks_for(board, want):
            press(app, board, key)
    _wait_for(app, board, "passed")
    moves = len(board.session.record.actions)
    frames(app, 120)
    assert len(board.session.record.actions) == moves, "a bot moved while the lesson was read"
    assert board._question_lines()[0] == "The game waits for you"
    assert board.view.token == 1
    press(app, board, tutorial.NEXT_KEY)
    _wait_for(app, board, "back")
    assert len(board.session.record.actions) > moves and board.view.token == 0


def test_the_lesson_words_shrink_rather_than_run_past_the_panel():
    text = tutorial.HOLD_AND_DEFEND.steps[1].text
    size, lines = tutorial.fit_words(text, 352, 176)
    assert size == 14 and "…" not in lines[-1]
    size, lines = tutorial.fit_words(text, 352, 120)
    assert size < 14 and "…" not in lines[-1] and " ".join(lines) == " ".join(text.split())


def test_the_hint_in_a_guided_step_is_the_lessons_ask(app):
    board = _lesson_board(app, 1)
    _wait_for(app, board, "hold")
    press(app, board, "cmd:hint")
    assert board.notice == board.step().refuse
