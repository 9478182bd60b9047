"""The hero files of Dodger, Wuk, Hanu, Ignatia, Wasp, Min, Swift, Tigerclaw and Sabina follow
the schema of GUARDS.md and carry the character the rulebook gives each hero.

The files are read with plain ``tomllib`` here; once the engine's loader
(``game.guards.cards``) checks every file itself, ``_hero`` can be replaced by it and the
schema tests below shrink to the character tests.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import tomllib

HERO_DIR = Path(__file__).resolve().parents[2] / "game" / "guards" / "data" / "heroes"
THESE = ("dodger", "wuk", "hanu", "ignatia", "wasp", "min", "swift", "tigerclaw", "sabina")
APES = ("wuk", "hanu")
COLOURS = ("gold", "black", "red", "blue", "green")
LEVELLED = ("red", "blue", "green")
ICONS = ("initiative", "attack", "defense", "move", "range", "radius")
PRIMARIES = ("attack", "skill", "defense", "move", "hold", "passive")
KEYWORDS = ("ongoing", "straight_line")
#: the effect vocabulary of GUARDS.md ...
VOCABULARY = {
    "move_self", "place_self", "attack", "push", "pull", "swap", "discard_or_defeat",
    "defense_bonus", "immune", "no_fast_travel", "slow", "gain_coins", "steal_coins",
    "place_tokens", "retrieve", "ongoing", "passive",
}  # fmt: skip
#: ... and the two steps Tigerclaw adds (docs/rules-decisions.md, "boards and heroes")
NEW_STEPS = {"dodge", "pay_coins"}
TARGETS = ("adjacent", "range", "radius", "attacked", "self")
CONDITIONS = (
    "always", "moved", "target_isolated", "near_friendly_minion", "attacker_adjacent",
    "attacker_ranged", "target_next_to_friendly_minion",
)  # fmt: skip
#: the rulebook's tokens in the box: 5 magma, 4 mines
TOKENS = {"magma": 5, "mine": 4}


def _hero(hero_id: str) -> dict:
    with open(HERO_DIR / f"{hero_id}.toml", "rb") as f:
        return tomllib.load(f)


def _all_cards() -> list[tuple[str, dict]]:
    return [(h, c) for h in THESE for c in _hero(h)["card"]]


def _regular(d: dict) -> list[dict]:
    return [c for c in d["card"] if c["colour"] in ("gold", "red", "blue", "green")]


def _steps(d: dict, name: str) -> list[dict]:
    return [s for c in d["card"] for s in c.get("effect", []) if s["step"] == name]


@pytest.fixture(params=THESE)
def hero(request) -> dict:
    return _hero(request.param)


def test_the_file_has_the_schemas_hero_fields(hero):
    assert hero["id"] in THESE
    for key in ("name", "title", "blurb"):
        assert isinstance(hero[key], str) and hero[key]
    ape = hero["id"] in APES
    assert hero["max_level"] == (6 if ape else 8)
    assert hero["items"] is (not ape)
    assert all(c["id"].startswith(hero["id"] + "_") for c in hero["card"])


def test_card_counts_and_slots(hero):
    cards = hero["card"]
    count = {}
    for c in cards:
        count[(c["colour"], c["tier"])] = count.get((c["colour"], c["tier"]), 0) + 1
    if hero["id"] in APES:
        assert len(cards) == 10
        want = {("gold", 1): 1, ("black", 1): 1}
        want.update({(col, t): 1 for col in LEVELLED for t in (1, 2)})
        threes = {col for col in LEVELLED if (col, 3) in count}
        assert len(threes) == 2  # five level-ups to the cap of 6
        want.update({(col, 3): 1 for col in threes})
        assert count == want
    else:
        assert len(cards) == 18
        want = {("gold", 1): 1, ("black", 1): 1, ("ultimate", 4): 1}
        want.update({(col, 1): 1 for col in LEVELLED})
        want.update({(col, t): 2 for col in LEVELLED for t in (2, 3)})
        assert count == want


def test_every_card_has_the_schemas_fields(hero):
    for c in hero["card"]:
        where = c.get("id")
        assert isinstance(c["name"], str) and c["name"], where
        assert c["colour"] in (*COLOURS, "ultimate"), where
        assert c["primary"] in PRIMARIES, where
        assert isinstance(c["text"], str) and c["text"], where
        assert set(c.get("keywords", [])) <= set(KEYWORDS), where
        for icon in ICONS:
            if icon in c:
                assert type(c[icon]) is int and 0 <= c[icon] <= 13, (where, icon)
        if c["colour"] in ("black", "ultimate"):
            assert not any(icon in c for icon in ICONS), where
        else:
            assert "initiative" in c and "defense" in c, where
        needs_item = hero["items"] and c["colour"] in LEVELLED and c["tier"] >= 2
        if needs_item:
            assert c["item"] in ICONS, where
        else:
            assert not c.get("item"), where
        if c["primary"] == "attack":
            assert c.get("attack") and any(s["step"] == "attack" for s in c["effect"]), where
        if c["primary"] == "defense":
            assert c.get("defense"), where


def test_the_hold_card_and_the_ultimate(hero):
    (hold,) = [c for c in hero["card"] if c["colour"] == "black"]
    assert hold["primary"] == "hold" and hold["tier"] == 1 and not hold.get("effect")
    ults = [c for c in hero["card"] if c["colour"] == "ultimate"]
    if hero["items"]:
        (ult,) = ults
        assert ult["tier"] == 4 and ult["primary"] == "passive"
        assert ult["effect"] and all(s["step"] == "passive" for s in ult["effect"])
    else:
        assert ults == []


def test_tier_two_and_three_pairs_offer_different_items(hero):
    if not hero["items"]:
        return
    for col in LEVELLED:
        for tier in (2, 3):
            pair = [c for c in hero["card"] if c["colour"] == col and c["tier"] == tier]
            assert pair[0]["item"] != pair[1]["item"], (col, tier)
            assert pair[0]["name"] != pair[1]["name"]


def test_effects_use_only_the_vocabulary_with_sound_parameters(hero):
    for c in hero["card"]:
        for s in c.get("effect", []):
            where = (c["id"], s["step"])
            assert s["step"] in VOCABULARY | NEW_STEPS, where
            if "target" in s:
                assert s["target"] in TARGETS, where
            if s.get("target") == "range":
                assert c.get("range") or s.get("range"), where
            if s.get("target") == "radius":
                assert c.get("radius") or s.get("radius"), where
            if s["step"] == "place_self":
                assert c.get("range") or s.get("range"), where
            if "when" in s:
                assert s["when"] in CONDITIONS, where
            for key in ("n", "bonus", "max_move", "range", "radius"):
                if key in s:
                    assert type(s[key]) is int and s[key] >= 0, where
            if s["step"] in ("move_self", "push", "pull", "gain_coins", "steal_coins",
                             "place_tokens", "retrieve", "pay_coins"):  # fmt: skip
                assert s["n"] >= 1, where
            if s["step"] == "place_tokens":
                assert s["kind"] in TOKENS and s["n"] <= TOKENS[s["kind"]], where
            if c["colour"] != "ultimate":
                assert s["step"] != "passive", where
            if c["primary"] == "defense":
                assert s["step"] in (
                    "defense_bonus",
                    "immune",
                    "retrieve",
                    "gain_coins",
                    "dodge",
                ), where


def test_the_numbers_in_an_effect_are_the_numbers_in_its_text(hero):
    for c in hero["card"]:
        numbers = set(re.findall(r"\d+", c["text"]))
        for s in c.get("effect", []):
            for key in ("n", "bonus"):
                if s.get(key) and s["step"] != "passive":
                    assert str(s[key]) in numbers, (c["id"], s)
        keywords = c.get("keywords", [])
        assert ("ongoing" in keywords) == c["text"].startswith("Ongoing:"), c["id"]
        if any(s.get("straight") for s in c.get("effect", [])):
            assert "straight_line" in keywords and "straight line" in c["text"], c["id"]


def test_card_ids_are_unique_across_every_hero_file():
    ids = [
        c["id"] for h in sorted(p.stem for p in HERO_DIR.glob("*.toml")) for c in _hero(h)["card"]
    ]
    assert len(ids) == len(set(ids))


def test_numbers_stay_in_the_ranges_of_the_research_sheet():
    # (colour, tier) -> initiative range; attacks, defenses and moves by colour
    init = {("gold", 1): (6, 13), ("red", 1): (7, 11), ("red", 2): (7, 11), ("red", 3): (8, 12),
            ("blue", 1): (8, 10), ("blue", 2): (9, 11), ("blue", 3): (9, 11),
            ("green", 1): (2, 6), ("green", 2): (2, 5), ("green", 3): (1, 5)}  # fmt: skip
    for _hid, c in _all_cards():
        if c["colour"] in ("black", "ultimate"):
            continue
        lo, hi = init[(c["colour"], c["tier"])]
        assert lo <= c["initiative"] <= hi, c["id"]
        assert c.get("attack", 0) <= 12 and 1 <= c["defense"] <= 8, c["id"]
        assert c.get("move", 1) <= 5 and c.get("range", 0) <= 8 and c.get("radius", 0) <= 4


# --- the character the rulebook gives each hero ------------------------------------------


def _max(hero_id: str, icon: str) -> int:
    return max(c.get(icon, 0) for c in _regular(_hero(hero_id)))


def test_swift_has_no_basic_attack_and_the_longest_range():
    swift = _hero("swift")
    (gold,) = [c for c in swift["card"] if c["colour"] == "gold"]
    assert gold["primary"] != "attack" and "attack" not in gold
    assert not any(s["step"] == "attack" for s in gold["effect"])
    others = [h for h in THESE if h != "swift"]
    assert _max("swift", "range") > max(_max(h, "range") for h in others)
    swift_red = [c["range"] for c in swift["card"] if c["colour"] == "red"]
    assert min(swift_red) >= 5


def test_tigerclaw_steals_coins_dodges_and_is_the_quickest():
    tc = _hero("tigerclaw")
    assert len(_steps(tc, "steal_coins")) >= 3
    dodges = [c for c in tc["card"] if any(s["step"] == "dodge" for s in c.get("effect", []))]
    assert len(dodges) == 5 and all(c["primary"] == "defense" for c in dodges)
    assert any(s["when"] == "always" for s in _steps(tc, "dodge"))
    # the ballista costs coins
    ballista = [c for c in tc["card"] if any(s["step"] == "pay_coins" for s in c.get("effect", []))]
    assert ballista and ballista[0]["effect"][0]["step"] == "pay_coins"
    gold_init = {
        h: [c for c in _hero(h)["card"] if c["colour"] == "gold"][0]["initiative"] for h in THESE
    }
    assert gold_init["tigerclaw"] == max(gold_init.values())
    (hit_and_run,) = [c for c in tc["card"] if c["name"] == "Hit and Run"]
    move = [s for s in hit_and_run["effect"] if s["step"] == "move_self"]
    assert move and move[0]["mandatory"] is True and move[0]["n"] == 2


def test_ignatia_hits_hardest_but_late_and_pours_magma():
    ig = _hero("ignatia")
    assert _max("ignatia", "attack") > max(_max(h, "attack") for h in THESE if h != "ignatia")
    red_init = {
        h: max(c["initiative"] for c in _hero(h)["card"] if c["colour"] == "red") for h in THESE
    }
    assert red_init["ignatia"] == min(v for h, v in red_init.items() if h not in APES)
    magma = _steps(ig, "place_tokens")
    assert magma and all(s["kind"] == "magma" for s in magma)
    assert max(s["n"] for s in magma) == 4  # never more than the box's 5 tokens


def test_min_lays_mines_escapes_and_cheats_death():
    mn = _hero("min")
    mines = _steps(mn, "place_tokens")
    assert mines and all(s["kind"] == "mine" for s in mines) and max(s["n"] for s in mines) <= 4
    assert _steps(mn, "place_self")
    assert any(s["kind"] == "keep_red" for s in _steps(mn, "passive"))
    hit_then_move = [
        c for c in mn["card"] if [s["step"] for s in c.get("effect", [])] == ["attack", "move_self"]
    ]
    assert len(hit_then_move) >= 3


def test_dodger_shoots_far_sweeps_minions_and_breaks_easily():
    dg = _hero("dodger")
    sweeps = [s for s in _steps(dg, "attack") if s.get("target") == "radius"]
    assert sweeps and all(s["who"] == "enemy_minion" for s in sweeps)
    assert _max("dodger", "range") >= 4
    mean_def = {
        h: sum(c["defense"] for c in _regular(_hero(h))) / len(_regular(_hero(h))) for h in THESE
    }
    assert mean_def["dodger"] <= min(
        v for h, v in mean_def.items() if h not in APES + ("tigerclaw",)
    )


def test_sabina_works_with_minions_and_peaks_at_the_top_level():
    sb = _hero("sabina")
    minion_steps = [
        s for c in sb["card"] for s in c.get("effect", [])
        if "minion" in s.get("who", "") or "minion" in s.get("when", "")
    ]  # fmt: skip
    assert len(minion_steps) >= 10
    bonus = {
        h: sum(
            s.get("n", 0)
            for s in _steps(_hero(h), "passive")
            if s.get("kind") == "stat" and s.get("stat") == "attack"
        )
        for h in THESE
        if h not in APES
    }
    assert bonus["sabina"] == max(bonus.values()) == 2


def test_wasp_is_robust_and_aggressive():
    mean_def = {
        h: sum(c["defense"] for c in _regular(_hero(h))) / 13 for h in THESE if h not in APES
    }
    assert mean_def["wasp"] == max(mean_def.values())
    wasp = _hero("wasp")
    (gold,) = [c for c in wasp["card"] if c["colour"] == "gold"]
    assert gold["attack"] >= 4
    (steam,) = [c for c in wasp["card"] if c["name"] == "Steam Jump"]
    assert "move" not in steam  # the rulebook's example of a card that cannot fast travel


def test_wuk_and_hanu_are_half_heroes():
    wuk, hanu = _hero("wuk"), _hero("hanu")
    for ape in (wuk, hanu):
        assert not any(c.get("item") for c in ape["card"])

    # each ape hits softer than the regular heroes do, card for card
    def attacks(d):
        return [c["attack"] for c in _regular(d) if c["primary"] == "attack"]

    regular = [a for h in THESE if h not in APES for a in attacks(_hero(h))]
    for ape in (wuk, hanu):
        assert sum(attacks(ape)) / len(attacks(ape)) < sum(regular) / len(regular) - 0.5
        assert max(attacks(ape)) <= 6

    # Wuk is the sturdy, slow one; Hanu the quick, fragile one
    def mean(d, icon):
        return sum(c.get(icon, 0) for c in _regular(d)) / len(_regular(d))

    assert mean(wuk, "defense") > mean(hanu, "defense")
    assert mean(hanu, "initiative") > mean(wuk, "initiative")
    assert mean(hanu, "move") > mean(wuk, "move")


def test_brogan_keeps_the_highest_defense_and_the_lowest_initiative_and_movement():
    if not (HERO_DIR / "brogan.toml").exists():
        pytest.skip("brogan.toml comes with the engine's branch")
    brogan = _hero("brogan")
    best = {(c["colour"], c["tier"]): c for c in _regular(brogan)}
    for _hid, c in _all_cards():
        if c["colour"] in ("black", "ultimate"):
            continue
        b = [x for x in _regular(brogan) if (x["colour"], x["tier"]) == (c["colour"], c["tier"])]
        assert c["initiative"] > max(x["initiative"] for x in b), c["id"]
    assert _max("brogan", "defense") > max(_max(h, "defense") for h in THESE)
    per_card_move = {
        h: sum(c.get("move", 0) for c in _regular(_hero(h))) / len(_regular(_hero(h)))
        for h in (*THESE, "brogan")
    }
    assert per_card_move["brogan"] == min(per_card_move.values())
    assert best
