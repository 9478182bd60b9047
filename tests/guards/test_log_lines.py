"""The log says what happened and why: coins (who, how many, why), whose minion fell, which
unit a push moved and where, what a card did or why it did nothing, and "You pick"."""

from __future__ import annotations

from game.core.saves import Seat
from game.guards import combat
from game.guards.setup import new_game
from tests.guards.helpers import add_minion, commit, do, duel, give, make_card, put, scene, to_play

A, B = 0, 1


def play(st, h: int, card_id: str) -> list[str]:
    """Hero h plays the card (everyone else holds) and uses its action: the log's lines."""
    events = commit(st, {h: give(st, h, card_id)})
    d = st.decision()
    if d.kind == "act" and st.prog["h"] == h:  # a card with a move icon asks what to do
        events += do(st, "primary")
    return [e.text for e in events]


def test_a_struck_minion_names_its_team_and_kind_and_the_coins_it_brought():
    st = scene((5, 0), (9, 0))
    add_minion(st, 1, "melee", (6, 0))
    lines = play(st, A, "arien_gold")  # Keen Edge: attack an adjacent unit
    assert "Arien strikes an Atlantean melee minion." in lines
    assert "The Atlantean melee minion falls: Arien gains 2 coins." in lines
    assert st.coins[A] == 2


def test_striking_your_own_minion_says_it_brought_no_coins():
    st = scene((5, 0), (9, 0))
    add_minion(st, 0, "ranged", (6, 0))
    lines = play(st, A, "arien_gold")
    assert "The Titan ranged minion falls (struck by its own side: no coins)." in lines
    assert st.coins[A] == 0


def test_a_push_names_the_unit_how_far_and_where_it_went():
    st = duel(board="one_lane")
    zone = st.geo.zone_of[st.pos[A]]
    shove = make_card("arien", "red", "attack", [
        {"step": "push", "target": "adjacent", "who": "any", "n": 2},
    ], attack=3)  # fmt: skip
    mid = next(hx for hx in st.geo.zone_open[zone] if hx not in st.occ
               and all(n in st.geo.passable and n not in st.occ for n in st.geo.nbrs[hx]))  # fmt: skip
    put(st, A, mid)
    put(st, B, st.geo.nbrs[mid][0])
    lines = play(st, A, shove)
    assert "Arien pushes Brogan 2 spaces from the Titan Throne into the Titan Shore." in lines
    assert st.geo.zone_of[st.pos[B]] != zone


def test_light_fingers_says_whom_it_robbed_and_how_much():
    st = duel("tigerclaw", "brogan", board="open")
    put(st, A, (5, 0))
    put(st, B, (6, 0))
    st.coins[B] = 3
    assert "Tigerclaw takes 1 coin from Brogan (Light Fingers)." in play(st, A, "tigerclaw_green1")
    assert (st.coins[A], st.coins[B]) == (1, 2)


def test_light_fingers_on_a_hero_without_coins_is_not_offered_and_says_why():
    """Robbing an empty purse would change nothing: the card's action is not offered (issue
    27's trap), and the reason names the missing coins."""
    from game.guards import effects

    st = duel("tigerclaw", "brogan", board="open")
    put(st, A, (5, 0))
    put(st, B, (6, 0))
    st.coins[B] = 0
    commit(st, {A: give(st, A, "tigerclaw_green1")})
    assert not any(a.kind == "act" and a.get("what") == "primary" for a in st.legal_actions(0))
    reason = effects.why_not(st, A, st.card_in(A, "green"))
    assert reason == "Light Fingers: no enemy hero with coins next to Tigerclaw."


def test_a_step_with_nobody_to_act_on_says_why_instead_of_only_resolving():
    st = duel("tigerclaw", "brogan", board="open")
    put(st, A, (0, 0))
    put(st, B, (9, 0))
    cid = make_card("tigerclaw", "green", "skill", [
        {"step": "gain_coins", "n": 1}, {"step": "steal_coins", "target": "adjacent", "n": 1},
    ])  # fmt: skip
    lines = play(st, A, cid)
    name = st.card_in(A, "green").name
    assert f"Tigerclaw gains 1 coin ({name})." in lines
    assert f"Tigerclaw's {name}: nobody next to them to take coins from." in lines


def test_a_defeat_says_who_did_it_and_where_the_coins_went():
    st = scene((5, 0), (6, 0))
    st.coins[B] = 3
    st.hand[B] = ("black",)  # only Hold: defeated by any attack
    lines = play(st, A, "arien_gold")
    assert "Brogan is defeated by Arien and loses 2 coins; Arien gains 2 coins." in lines


def test_a_defence_that_pays_coins_says_so():
    st = scene((5, 0), (6, 0))
    guard = make_card("brogan", "green", "defense", [{"step": "gain_coins", "n": 2}], defense=9)
    colour = give(st, B, guard)
    commit(st, {A: give(st, A, "arien_gold"), B: "black"})
    do(st, "primary")
    events = do(st, "defend", card=colour)
    assert f"Brogan gains 2 coins ({st.card_in(B, colour).name})." in [e.text for e in events]


def test_a_seat_named_you_is_addressed_in_the_second_person():
    st = new_game([Seat("You"), Seat("Ada", "bot", "normal")], {"board": "open"}, 0)
    texts: list[str] = []
    while st.decision() is not None and st.decision().kind == "pick":
        p = st.decision().players[0]
        texts += [e.text for e in st.apply(st.legal_actions(p)[0])]
    assert any(t.startswith("You pick ") for t in texts), texts
    assert any(t.startswith("Ada picks ") for t in texts), texts
    assert not any("You picks" in t for t in texts)
    to_play(st)
    events = commit(st, {})
    said = [e.text for e in events]
    assert "You play face down." in said and "Ada plays face down." in said


def test_a_discard_is_its_own_question_not_an_attack():
    st = _rattled()
    d = st.decision()
    assert d.kind == "defend" and d.data["why"] == "discard" and d.data["hero"] == A
    assert combat.discardable(st, A)


def _rattled():  # noqa: ANN202
    """Brogan next to Arien has played Rattle: Arien must throw a card away or fall."""
    st = duel("arien", "brogan", board="open")
    put(st, A, (5, 0))
    put(st, B, (6, 0))
    commit(st, {B: give(st, B, _rattle())})
    do(st, "primary")
    return st


def _rattle() -> str:
    from game.guards.cards import heroes

    return next(c.id for c in heroes()["brogan"].cards if c.name == "Rattle")


def test_a_refused_click_on_a_shielded_heavy_minion_says_why():
    from scenes.guards import controls

    st = scene((5, 0), (9, 0))
    heavy = add_minion(st, 1, "heavy", (6, 0))
    add_minion(st, 1, "melee", (7, 0))
    why = controls.hex_refusal("choose", None, [], (6, 0), st)
    assert why.startswith("The Atlanteans' heavy minion is shielded")
    # the last minion of its lane: no longer shielded, the usual words
    for hx in ((7, 0), (12, 4)):
        m = -st.occ.pop(hx) - 1
        st.minions[m] = (*st.minions[m][:3], None)
    assert not controls.hex_refusal("choose", None, [], (6, 0), st).startswith("The Atlanteans'")
    assert st.minions[heavy][2] == "heavy"


def test_the_discard_has_its_own_heading_and_the_attack_keeps_its_own():
    from scenes.guards import controls

    st = _rattled()
    assert controls.ask_words(st.decision()) == "Throw away a card, or be defeated"
    st = scene((5, 0), (6, 0))
    play(st, A, "arien_gold")
    assert controls.ask_words(st.decision()) == "You are attacked: defend?"


def test_the_verb_agrees_with_any_name_including_names_of_several_words():
    from game.guards import words

    assert words.says("Ana Maria", "picks") == "Ana Maria picks"
    assert words.says("you", "bans") == "You ban"
    assert words.agree("You", "plays") == "play" and words.agree("Bo", "plays") == "plays"
