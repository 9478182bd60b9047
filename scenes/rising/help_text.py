"""The Atlantis Rising help page, in our own words.

The rules facts (numbers, names) come from the engine's data tables wherever they can, so the
page stays right when the numbers are re-tuned; the sentences are ours. The markup keeps to
what pygame-gui's ``UITextBox`` renders: ``<b>``, ``<i>``, ``<br>`` and ``<font size=5>``
(the sizes the theme preloads; other sizes make pygame-gui warn and load fonts mid-frame).
"""

from __future__ import annotations

from game.rising import components as comps
from game.rising import frames
from game.rising.councilors import COUNCILORS
from game.rising.island import SECTION_TILES, SUPPLY_LIMITS
from game.rising.knowledge import HAND_LIMIT, KNOWLEDGE
from game.rising.misfortunes import MISFORTUNES
from game.rising.state import GALLEY_CAPS, galley_cap
from scenes.rising import keys

TOPIC = "rising"
TITLE = "Atlantis Rising"

#: the section headings, in page order (the test checks each one is on the page)
SECTIONS: tuple[str, ...] = (
    "The goal",
    "The island and its tiles",
    "A turn, phase by phase",
    "Misfortunes",
    "Productive actions",
    "The Navy and the Athenian attack",
    "Building components",
    "Mystic energy",
    "Courage tokens",
    "Mystic barriers",
    "Knowledge cards",
    "Councilors",
    "Difficulty",
    "Winning and losing",
    "Monsters (optional module)",
    "Keys",
)


def _heading(text: str) -> str:
    return f"<br><br><b>{text}</b><br>"


def _row(label: str, values: list[str]) -> str:
    return f"<b>{label}</b>: " + " · ".join(values) + "<br>"


def _tiles() -> str:
    def col(section: str, key: str, fmt: str = "{}") -> list[str]:
        return [fmt.format(tile[key]) for tile in SECTION_TILES[section]]

    lines = [
        "Six sections of six tiles surround the <b>Mystic Power Source</b> at the centre. "
        "Position 1 is the tip, far out to sea: the most generous tile, and the first to "
        "sink. Position 6 sits beside the centre. Rings on a tile show how many Atlanteans "
        "fit on it; the centre and the Navy take any number.<br>",
        "Values from the tip (1) inwards (6):<br>",
        _row("Mountains (ore) target", col("mountains", "target")),
        _row("Hills (gold) target", col("hills", "target")),
        _row("Forests (crystal) target", col("forests", "target")),
        _row("Forges, Atlantium per ore", col("forges", "rate")),
        _row(
            "Libraries, draw/keep",
            [f"{t['draw']}/{t['keep']}" for t in SECTION_TILES["libraries"]],
        ),
        _row("Cities, Atlanteans per recruit", col("cities", "ratio")),
    ]
    for section in ("mountains", "libraries", "cities"):
        lines.append(_row(f"{section.capitalize()} rings", col(section, "cap")))
    lines.append(
        "Hills, Forests and Forges have the same rings as Mountains. A <i>target</i> is the "
        "least a six-sided die must show; a lower target is easier."
    )
    return "".join(lines)


def _misfortunes() -> str:
    counts: dict[str, int] = {}
    for m in MISFORTUNES:
        counts[m.name] = counts.get(m.name, 0) + m.count
    floods = sum(m.count for m in MISFORTUNES if m.effect == "flood")
    specials = ", ".join(f"{m.name} ({m.count})" for m in MISFORTUNES if m.effect != "flood")
    return (
        f"The deck holds {sum(counts.values())} cards. {floods} are basic Floods, an equal "
        "share for each section: the sea takes that section's outermost standing tile. "
        "Anyone standing there swims home without acting. If the section is already gone, "
        "two other tiles of the drawer's choice sink instead.<br>"
        f"The others: {specials}.<br>"
        "<i>Controlled Flood</i> lets the drawer pick the section, and nothing can stop it. "
        "The rest meddle with the turn: Panic! and Plague send placed Atlanteans home, Crisis "
        "of Faith dries up the Mystic Power Source, Earthquake raises every target by 1, "
        "Lack of Support silences the councilors' abilities, and the Athenians may press "
        "their galley one step closer. Calm Seas does nothing at all."
    )


def _components() -> str:
    decks: dict[str, list[str]] = {}
    for c in comps.COMPONENTS:
        decks.setdefault(c.deck, []).append(c.name)
    power = comps.COMPONENTS[comps.POWER_CORE]
    parts = [
        "The blueprint is ten components: the "
        f"<b>{power.name}</b> ({comps.cost_text(comps.POWER_CORE)}) and three from each "
        "of three decks. Deck A is the cheapest, D the dearest.<br>",
    ]
    for letter in ("A", "B", "C", "D"):
        parts.append(_row(f"Deck {letter}", decks.get(letter, [])))
    parts.append(
        "In the build phase each councilor in turn may build <b>one</b> component, paying "
        "its cost from their own resources, and gets its benefit at once (the component "
        "panel shows each cost and benefit). Resources stay private: hand them over only "
        "with a card like Merchant Caravan. The bank of ore, gold, crystal and Atlantium "
        "never runs dry, so saving up for a dear component never starves the others."
    )
    return "".join(parts)


def _knowledge() -> str:
    any_cards = sorted({k.name for k in KNOWLEDGE if k.window == "any"})
    attack_cards = sorted({k.name for k in KNOWLEDGE if k.window == "attack"})
    react_cards = sorted({k.name for k in KNOWLEDGE if k.react})
    total = sum(k.count for k in KNOWLEDGE)
    return (
        f"{total} cards, drawn at the Libraries (and by some components). You may hold "
        f"{HAND_LIMIT}; draw past that and you play or discard down to {HAND_LIMIT}. Hands "
        "are open: this is a team game, so talk it over.<br>"
        "A card never cuts into something already happening: it takes effect once the "
        "current misfortune or roll is settled. The game offers a card only when it would "
        "do something. When you can play them:<br>"
        "<b>Your own moments</b> (start of turn, your placement, production and build "
        f"decisions, or instead of discarding): {', '.join(any_cards)}.<br>"
        "<b>Right after each misfortune</b>, for everyone, drawer first: "
        f"{', '.join(react_cards)}.<br>"
        "<b>During the attack</b>, after the die and before the Navy is counted: "
        f"{', '.join(attack_cards)}."
    )


def _councilors() -> str:
    return "".join(f"<b>{c.name}</b> ({c.colour}): {c.text}<br>" for c in COUNCILORS)


def page() -> str:
    """The whole page as pygame-gui HTML."""
    caps = ", ".join(f"+{cap} with {n}" for n, cap in sorted(GALLEY_CAPS.items()))
    big = galley_cap(6)
    start = SUPPLY_LIMITS
    return "".join(
        [
            f"<font size=5><b>{TITLE}</b></font><br>",
            "A cooperative game for 2 to 6 councilors: everyone wins or loses together.",
            _heading(SECTIONS[0]),
            "Together, finish the cosmic gate — ten components — while the island still "
            "stands; the sea and the Athenians are tearing it down turn by turn. Each councilor starts with 3 Atlanteans and 1 mystic energy "
            "(none when <i>Starting mystic energy</i> is set to no: the final challenge).",
            _heading(SECTIONS[1]),
            _tiles(),
            _heading(SECTIONS[2]),
            "Before the five phases, each councilor may use an ability, play cards or spend "
            "energy (the game asks only those who can do something).<br>"
            "<b>1. Place Atlanteans.</b> From the starting player clockwise, each councilor "
            "places all of their Atlanteans, one at a time, on tiles with a free ring, the "
            "centre or the Navy.<br>"
            "<b>2. Draw misfortunes.</b> One card per councilor, from the starting player "
            "clockwise; the drawer makes the choices it asks for.<br>"
            "<b>3. Productive actions.</b> Every placed Atlantean does its tile's work, then "
            "comes home.<br>"
            "<b>4. The Athenians attack.</b> The Navy defends; the galley creeps closer.<br>"
            "<b>5. Build components.</b> Each councilor may build one.<br>"
            "Then the starting player marker passes to the left.",
            _heading(SECTIONS[3]),
            _misfortunes(),
            _heading(SECTIONS[4]),
            "<b>Mountains, Hills, Forests</b>: roll a die per Atlantean; reach the target and "
            "take one ore, gold or crystal. Falling short by a little? Pay energy to push "
            "the die up (the game asks).<br>"
            "<b>Forges</b>: each Atlantean turns 1 of your ore into Atlantium at the tile's "
            "rate. No ore, no Atlantium, so roll for ore first.<br>"
            "<b>Libraries</b>: draw cards and keep some, as the tile says; the rest are "
            "discarded.<br>"
            "<b>Cities</b>: fill every ring of the tile with your own Atlanteans and gain new "
            "ones (Atlanteans there divided by the tile's number). Share the tile and it "
            "gives nothing.<br>"
            "<b>The centre</b>: 1 mystic energy per Atlantean.",
            _heading(SECTIONS[5]),
            "After production the starting player rolls a die and adds the galley's place "
            "on the attack track. The Navy counts 1 per Atlantean in it (2 with a courage "
            "token). For every point the attack beats the Navy, the table loses a tile: the "
            "starting player picks sections and each loses its outermost tile. Then the "
            f"galley moves one step closer. It stops at {caps} and +{big} with 4 to 6 "
            "councilors. Whoever put the most Atlanteans in the Navy (at least 2; ties go "
            "to the starting player's side) earns a courage token.",
            _heading(SECTIONS[6]),
            _components(),
            _heading(SECTIONS[7]),
            "Drawn at the centre; spent in four ways:<br>"
            "<b>1 each</b>: add 1 to your own failed production die.<br>"
            f"<b>{frames.CONVERT_COST}</b>: turn one of your resources into another.<br>"
            f"<b>{frames.CANCEL_COST}, pooled</b>: cancel a basic Flood (never a Controlled "
            "Flood). Everyone may chip in; if the pool falls short, all of it comes back.<br>"
            f"<b>{frames.UNFLIP_COST}, pooled</b>: raise a sunken tile at the start of a turn "
            "(the innermost sunken tile of the section you choose comes back).",
            _heading(SECTIONS[8]),
            "Keep them until you place one under an Atlantean. In the Navy it doubles that "
            "Atlantean against the attack and is spent afterwards. On a tile that sinks "
            "during the misfortunes, the Atlantean still does its work first and the token "
            "is spent; if the tile survives, the token comes back after production. Not on "
            f"the centre, where nothing can sink. The supply holds {start['courage']}.",
            _heading(SECTIONS[9]),
            f"Up to {start['barriers']} barriers, one per tile, set by cards and components. "
            "When a basic Flood reaches a shielded tile, the barrier is used up and the tile "
            "stays. It does nothing against a Controlled Flood, the attack or the two extra "
            "tiles of a flood on a vanished section.",
            _heading(SECTIONS[10]),
            _knowledge(),
            _heading(SECTIONS[11]),
            _councilors(),
            _heading(SECTIONS[12]),
            "Easy draws the nine extra components from decks A, B and C; Normal from A, B, D; "
            "Hard from A, C, D; Cosmic from B, C, D. The final challenge (<i>Starting mystic energy</i>: "
            "no) starts everyone without mystic energy. <i>Faster play</i> resolves everyone's productive actions "
            "by themselves in a fixed order.",
            _heading(SECTIONS[13]),
            "<b>You win</b> the moment the tenth component is built.<br>"
            "<b>You lose</b> when the Mystic Power Source sinks (it can only go once every "
            "other tile is under water), or when two tiles are owed and fewer than two are "
            "left.",
            _heading(SECTIONS[14]),
            _monsters(),
            _heading(SECTIONS[15]),
            keys.help_lines(),
        ]
    )


def _monsters() -> str:
    """The monsters module in our own words (numbers from the engine's tables)."""
    from game.rising.monsters import common as cm
    from game.rising.monsters import harpies as hp
    from game.rising.monsters import scylla as sc

    costs = " · ".join(
        f"{it.name} {it.base_cost} {('ore', 'gold', 'crystal', 'Atlantium')[it.resource]}"
        for it in cm.ITEMS
    )
    return (
        "Pick any of the three on the setup screen. After the last misfortune of a turn the "
        "<b>monsters act</b>; with several on the board the starting player picks who goes "
        "next (click the monster or its button).<br>"
        f"<b>Wrath of the Gods</b>: half the turn number, rounded down, at most {cm.MAX_WRATH}. "
        f"It lowers the price of every magic item ({costs}; never below 1). An item is your "
        "one build of the turn, there is one of each, and defeating its monster with it "
        "brings an <b>ally</b>.<br>"
        "<b>Medusa</b> walks the island. Before she moves, a councilor with an Atlantean on a "
        "tile or the centre may draw her gaze there; otherwise two dice pick her tile. "
        "Where she stops, active Atlanteans become stone (grey with a crack; a pale grey "
        "figure is a neutral volunteer). An empty tile fills with stone volunteers instead. "
        "Stone figures hold their ring and never act; while your Atlantean shares their tile "
        "you may free one for 1 energy during production, and it works at once. Whoever "
        "holds the Mirror Shield and draws her gaze breaks the curse and gains her help "
        "with cities.<br>"
        f"<b>The Harpies</b> roost on a tile. Any councilor may pay {hp.LURE_COST} energy to "
        "send them elsewhere; otherwise a section die sends them to its busiest tile. Every "
        f"Atlantean on their roost costs its owner {hp.TRIBUTE} resources or cards (chosen by "
        f"the owner); nobody there means the fullest hands lose {hp.COUNCIL_RAID} cards. "
        "The Bronze Rattle keeps "
        "them away from you, and shaken on their roost it drives them off for good: its "
        "holder then draws and keeps one more card at libraries.<br>"
        "<b>Scylla and Charybdis</b> wait at sea. Scylla rolls a die against the Navy: "
        f"{sc.die_text(1, sc.MISS)} nothing, {sc.die_text(sc.MISS + 1, sc.DOUBLE - 1)} one "
        f"Atlantean, {sc.die_text(sc.DOUBLE, 6)} two, taken from the biggest crew and held on her "
        "rock. Charybdis drifts beside a random section; on a hunger die of "
        f"{sc.HUNGER}-6 its tip goes down unless the table pools {sc.CALM_COST} energy. "
        f"The Helm of Passage shields your crew from Scylla; with {sc.CREW} of your "
        "Atlanteans in the Navy you may sail between the two and end them both, which "
        f"frees the captives and adds {sc.GUARDIANS} to the Navy for the rest of the game."
    )
