"""Finding Atlantis as the rest of the program sees it: registry, options, simulate, docs."""

from __future__ import annotations

import re
from pathlib import Path

from ai.simulate import simulate
from game.core import registry
from game.finding.cards import ARTIFACTS, CAPTAINS

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules-decisions.md"


def test_the_game_is_registered_with_its_seats_colours_and_options():
    spec = registry.get("finding")
    assert (spec.title, spec.min_players, spec.max_players) == ("Finding Atlantis", 1, 4)
    assert spec.hidden_information and spec.colours == ("yellow", "red", "green", "blue")
    opts = {o.key: o for o in spec.options}
    assert opts["size"].choices == ("6", "8") and opts["size"].default == "6"
    assert opts["mode"].choices == ("classic", "pirate")
    assert opts["monsters"].choices == ("sleepy", "hunting")
    state = spec.create(1, {"size": "8"}, 4)
    assert state.size == 8 and state.decision().kind == "captain"


def test_simulate_plays_random_pirate_games_on_the_large_map_to_the_end():
    report = simulate("finding", 4, ["random"], 3, options={"size": "8", "mode": "pirate"})
    assert report["errors"] == 0, report["first_error"]
    assert report["games"] == 3 and report["length"]["p50"] >= 1


def _finding_section() -> str:
    text = DOC.read_text(encoding="utf-8")
    return text[text.index("## Finding Atlantis") :]


def test_the_rules_decisions_name_every_captain_and_artifact_in_their_tables():
    section = _finding_section()
    firsts = {
        m.group(1).strip() for m in re.finditer(r"^\| ([^|]+) \|", section, flags=re.MULTILINE)
    }
    for card in (*CAPTAINS, *ARTIFACTS):
        assert card.name in firsts, f"{card.name} has no row in the rules decisions"
