"""The hero files: every one loads against the schema, and damaged ones are refused clearly."""

from __future__ import annotations

import re

import pytest

from game.guards.cards import HERO_DIR, HeroFileError, heroes, load_hero_file, parse_hero

ARIEN = (HERO_DIR / "arien.toml").read_text(encoding="utf-8")


def test_every_hero_file_loads_with_the_right_number_of_cards():
    found = heroes()
    assert {"arien", "brogan"} <= set(found)
    for hero in found.values():
        assert len(hero.cards) == (18 if hero.items else 10), hero.id
        assert hero.max_level == (8 if hero.items else 6)


def test_card_ids_are_unique_across_the_game():
    ids = [c.id for h in heroes().values() for c in h.cards]
    assert len(ids) == len(set(ids))


def test_a_regular_hero_has_two_choices_per_slot_at_tiers_two_and_three_each_with_an_item():
    for hid in ("arien", "brogan"):
        h = heroes()[hid]
        for colour in ("red", "blue", "green"):
            assert len(h.card(colour, 1)) == 1
            for tier in (2, 3):
                pair = h.card(colour, tier)
                assert len(pair) == 2 and all(c.item for c in pair), (hid, colour, tier)
        assert h.ultimate is not None and h.ultimate.primary == "passive"
        hold = h.card("black", 1)[0]
        assert hold.primary == "hold" and hold.initiative is None and hold.defense is None


def test_brogan_has_the_highest_defense_and_the_lowest_move_and_initiative_of_the_two():
    a, b = heroes()["arien"], heroes()["brogan"]

    def top(h, icon):
        return max(getattr(c, icon) or 0 for c in h.cards)

    def total(h, icon):
        return sum(getattr(c, icon) or 0 for c in h.cards)

    assert top(b, "defense") > top(a, "defense")
    assert total(b, "move") < total(a, "move")
    assert total(b, "initiative") < total(a, "initiative")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda t: t.replace('step = "place_self"', 'step = "fly"', 1),
            "unknown effect step 'fly'",
        ),
        (lambda t: t.replace("initiative = 12", "initiative = 12.5", 1), "initiative must be"),
        (lambda t: t.replace('colour = "gold"', 'colour = "pink"', 1), "colour must be one of"),
        (lambda t: t.replace('item = "initiative"', "", 1), "names its item"),
        (lambda t: t.replace("max_level = 8", "max_level = 6", 1), "reaches level 8"),
        (lambda t: t.replace("n = 1 } ]", "n = 1, speed = 3 } ]", 1), "has no parameter 'speed'"),
        (lambda t: t.replace('id = "arien_blue1"', 'id = "arien_gold"'), "two cards share an id"),
        (lambda t: t.replace("[[card]]", "[card]", 1), "is not valid TOML"),
        (
            lambda t: re.sub(
                r'\[\[card\]\]\nid = "arien_blue1".*?(?=\[\[card\]\])', "", t, flags=re.S
            ),
            "needs one tier-I blue card",
        ),
        (
            lambda t: t.replace(
                '{ step = "defense_bonus", n = 2, when = "attacker_adjacent" }',
                '{ step = "place_self" }',
            ),
            "cannot be used on a defense card",
        ),
    ],
)
def test_a_damaged_hero_file_is_refused_with_a_clear_reason(change, message):
    with pytest.raises(HeroFileError, match=re.escape(message)):
        parse_hero(change(ARIEN), "arien.toml")


def test_a_file_whose_id_differs_from_its_name_is_refused(tmp_path):
    path = tmp_path / "brogan.toml"
    path.write_text(ARIEN, encoding="utf-8")
    with pytest.raises(HeroFileError, match="does not match the file name"):
        load_hero_file(path)
