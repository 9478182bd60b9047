"""Every card of every hero resolves as its steps say, in one rich scene per card.

Arien's and Brogan's cards have hand-made checks (test_hero_cards.py); this test covers every
hero's cards the same way: the card's hero stands at the centre of an open field with Brogan
as the enemy beside it (or at the card's range for a pull or a ranged push), an enemy minion
on its other side and a friendly minion close by. The card is played and every choice made;
each step must leave its mark (an attack, a push, a teleport, an aura, coins, tokens ...).
Defense cards are discarded against Brogan's basic attack; Ultimates raise what they say.
"""

from __future__ import annotations

import pytest

from game.guards import combat, effects, rounds, units
from game.guards.cards import heroes
from tests.guards.helpers import add_minion, clear_minions, commit, do, duel, give, put, use

ME, FOE = (5, 1), (6, 1)
FOE_MINION, MY_MINION = (4, 1), (4, 2)
#: the event each step leaves when it does something
MARKS = {
    "attack": {"attack", "minion_defeated"}, "push": {"displace"}, "pull": {"displace"},
    "swap": {"swap"}, "place_self": {"teleport"}, "move_self": {"move"},
    "discard_or_defeat": {"discard", "defeat", "defenseless"}, "slow": {"aura"},
    "no_fast_travel": {"aura"}, "ongoing": {"aura"}, "defense_bonus": {"aura"},
    "immune": {"aura"}, "gain_coins": {"coins"}, "steal_coins": {"steal"},
    "pay_coins": {"pay"}, "place_tokens": {"token"}, "retrieve": {"retrieve"},
}  # fmt: skip


def cards(primaries):
    out = []
    for hid, hero in heroes().items():
        if hid == "brogan":
            continue  # Brogan is the enemy of every scene (and has his own checks)
        out += [c for c in hero.cards if c.primary in primaries]
    return out


def ids(c):
    return c.id


def stage(c):
    """The scene for card ``c``: (state, the card's hero, Brogan)."""
    ape = c.hero in ("wuk", "hanu")
    st = duel("wukhanu" if ape else c.hero, "brogan", board="open")
    me = st.hero_id.index(c.hero)
    foe = st.hero_id.index("brogan")
    clear_minions(st)
    for h in st.heroes:
        if h not in (me, foe):  # the other ape watches from off the board
            del st.occ[st.pos[h]]
            st.pos[h] = None
            st.hand[h] = ()
    add_minion(st, 0, "melee", (-2, 4))
    add_minion(st, 1, "melee", (12, 4))
    put(st, me, ME)
    at = FOE
    far = any(s.name == "pull" or (s.name == "push" and s.get("target") == "range")
              for s in c.effect)  # fmt: skip
    if far:
        at = (ME[0] + 2, ME[1])  # two away on the line east: room to be pulled or pushed
    put(st, foe, at)
    add_minion(st, 1, "melee", FOE_MINION)
    add_minion(st, 0, "melee", MY_MINION)
    st.coins[me] = 5
    st.coins[foe] = 3
    if any(s.name == "retrieve" for s in c.effect) and c.colour != "gold":
        st.hand[me] = tuple(x for x in st.hand[me] if x != "gold")
        st.out[me] = ("gold",)
    return st, me, foe


def drive(st, me, foe, events):
    """Answer every question of the card: targets on Brogan, moves that stay next to him,
    the first token space, defenses that hold."""
    while st.decision() is not None and st.decision().kind != "play" and st.round == 1:
        d = st.decision()
        legal = st.legal_actions(d.players[0])
        if d.kind == "act" and st.prog["h"] == foe:
            if me not in st.queue:
                return  # our card is done; Brogan's slow card keeps this turn's effects alive
            events += do(st, "move", to=st.pos[foe])
            continue
        if d.kind == "choose":
            opts = [a["option"] for a in legal]
            there = st.pos[foe]
            pick = next((o for o in opts if o == there), None)
            if pick is None and there is not None:
                near = [o for o in opts if isinstance(o, tuple) and o != st.pos[me]
                        and effects.distance(o, there) == 1]  # fmt: skip
                pick = near[0] if near else None
            if pick is None:
                pick = next((o for o in opts if o != "skip"), "skip")
            events += do(st, "choose", option=pick)
        elif d.kind == "defend":
            held = [a for a in legal if a["card"]]
            events += st.apply(held[0] if held else legal[-1])
        elif d.kind == "act":
            events += st.apply(legal[-1])
        else:
            events += st.apply(legal[0])


@pytest.mark.parametrize("c", cards(("attack", "skill", "move")), ids=ids)
def test_every_action_card_leaves_the_mark_of_each_of_its_steps(c):
    st, me, foe = stage(c)
    colour = give(st, me, c.id)
    events = commit(st, {me: colour, foe: "green"})  # Brogan's Iron Hide: initiative 2, no action
    d = st.decision()
    if d is not None and d.kind == "act":
        assert effects.feasible(st, me, c), f"{c.name} cannot be used in the scene"
        events += do(st, "primary")
    drive(st, me, foe, events)
    kinds = {e.kind for e in events}
    foe_down = any(e.kind == "defeat" and e.data.get("hero") == foe for e in events)
    for s in c.effect:
        if s.get("target") == "attacked" and foe_down:
            continue  # the unit it would act on is already gone
        assert kinds & MARKS[s.name], f"{c.name}: step {s.name} left no mark ({sorted(kinds)})"
        if s.name == "attack":
            values = {e.data["value"] for e in events if e.kind == "attack" and "value" in e.data}
            assert values <= {c.attack, c.attack + (s.get("bonus") or 0)}, (c.name, values)
        aura = s.get("aura") if s.name == "ongoing" else s.name
        if st.pos[foe] is None or st.pos[me] is None:
            continue
        if aura == "slow":
            assert units.move_limit(st, foe) == s.get("max_move"), c.name
        if aura == "no_fast_travel":
            assert not units.can_fast_travel(st, foe), c.name
        if aura == "defense_bonus":
            assert units.auras_on(st, me, "defense_bonus", True), c.name
        if aura == "immune":
            assert units.immune(st, me, s.get("what") if s.get("what") != "all" else "attacks", foe)


@pytest.mark.parametrize("c", cards(("defense",)), ids=ids)
def test_every_defense_card_defends_with_its_value_and_its_text(c):
    st, me, foe = stage(c)
    colour = give(st, me, c.id)
    value = combat.defense_total(st, me, colour, foe)
    modifier = combat.minion_modifier(st, me)
    bonus = sum(
        s.get("n") for s in c.effect
        if s.name == "defense_bonus" and units.condition(st, s.get("when"), me, attacker=foe)
    )  # fmt: skip
    dodges = [s for s in c.effect if s.name == "dodge"]
    if dodges and units.condition(st, dodges[0].get("when"), me, attacker=foe):
        assert value >= combat.DODGE
    else:
        assert value == c.defense + modifier + bonus
    st.hand[me] = (colour, "black")  # only this card can defend; the rest lies played
    st.out[me] = tuple(x for x in ("gold", "red", "blue", "green") if x != colour)
    use(st, foe, "brogan_gold")
    blow = heroes()["brogan"].card("gold", 1)[0].attack
    if value < blow:
        assert st.pos[me] is None  # too weak for Brogan's Cleave: defeated at once
        return
    assert st.pend is not None and st.pend[1] == me
    do(st, "defend", card=colour)
    assert st.pos[me] == ME and colour not in st.hand[me]
    for s in c.effect:
        if s.name == "immune":
            assert any(a[0] == me and a[1] == "immune" for a in st.auras) or st.turn > 1
        if s.name == "retrieve":
            assert set(st.hand[me]) & {"gold", "red", "blue", "green"} - {colour}


@pytest.mark.parametrize("c", cards(("passive",)), ids=ids)
def test_every_ultimate_gives_what_it_says(c):
    st, me, foe = stage(c)
    st.ult[me] = True
    for s in c.effect:
        kind = s.get("kind")
        assert units.has_passive(st, me, kind)
        if kind == "stat":
            stat = s.get("stat")
            shown = [st.card_in(me, col) for col in ("gold", "red", "blue", "green")]
            shown = [x for x in shown if getattr(x, stat) is not None]
            assert shown, f"no card of {c.hero} shows {stat}"
            for x in shown:
                assert units.icon(st, me, x, stat) == getattr(x, stat) + s.get("n")
        if kind == "ignore_minions":
            assert combat.minion_modifier(st, me) >= 0
        if kind == "heavy_in_combat":
            assert rounds.combat_counts(st, 0)[st.team_of[me]] >= 2
