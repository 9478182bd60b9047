"""Heroes and their cards as data, read from game/guards/data/heroes/<hero>.toml.

A card's numbers are its *icons* (items raise them); numbers inside its ``effect`` steps are
card text (items never raise them). Every file is checked when it is read: a damaged or
incomplete hero file raises :class:`HeroFileError` naming the file, the card and the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import tomllib

from game.core import files
from game.core.files import shown
from game.guards.steps import SPECS

HERO_DIR = Path(__file__).parent / "data" / "heroes"
HERO_IDS = (
    "arien", "brogan", "dodger", "wuk", "hanu", "ignatia", "wasp", "min", "swift",
    "tigerclaw", "sabina",
)  # fmt: skip
COLOURS = ("gold", "black", "red", "blue", "green")
LEVELLED = ("red", "blue", "green")
PRIMARIES = ("attack", "skill", "defense", "move", "hold", "passive")
ICONS = ("initiative", "attack", "defense", "move", "range", "radius")
ITEMS = ICONS
#: what the items are called (the rulebook names two of them)
ITEM_NAMES = {
    "initiative": "Quicksilver Charm",
    "attack": "War Talons",
    "defense": "Coral Plate",
    "move": "Boots of Speed",
    "range": "Farsight Lens",
    "radius": "Tide Amulet",
}
KEYWORDS = ("ongoing", "straight_line")


class HeroFileError(ValueError):
    """A hero file that cannot be played with, and why (in words a content author reads)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One effect step: its name and its parameters (a tuple of pairs, hashable)."""

    name: str
    args: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.args:
            if k == key:
                return v
        spec = SPECS[self.name].params.get(key)
        if spec is not None and spec.default is not None:
            return spec.default
        return default


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    hero: str
    colour: str  # gold | black | red | blue | green | ultimate
    tier: int
    primary: str
    initiative: int | None = None
    attack: int | None = None
    defense: int | None = None
    move: int | None = None
    range: int | None = None
    radius: int | None = None
    item: str = ""
    keywords: tuple[str, ...] = ()
    text: str = ""
    effect: tuple[Step, ...] = ()

    def icon(self, name: str) -> int | None:
        return getattr(self, name)

    @property
    def ongoing(self) -> bool:
        return "ongoing" in self.keywords


@dataclass(frozen=True, slots=True)
class Hero:
    id: str
    name: str
    title: str
    blurb: str
    max_level: int
    items: bool
    cards: tuple[Card, ...]

    def card(self, colour: str, tier: int) -> tuple[Card, ...]:
        """The cards of one colour slot and tier (two for a regular hero's tier II/III)."""
        return tuple(c for c in self.cards if c.colour == colour and c.tier == tier)

    @property
    def ultimate(self) -> Card | None:
        for c in self.cards:
            if c.colour == "ultimate":
                return c
        return None

    def styled(self, name: str = "") -> str:
        """``name`` (the hero's own by default) with the title as people say it: "Arien the
        Spellsword", but "Wasp, Envoy of the Queen"."""
        name = name or self.name
        if not self.title:
            return name
        return f"{name}{' ' if self.title.startswith('the ') else ', '}{self.title}"

    def starting(self) -> dict[str, str]:
        """Colour slot -> card id of the tier-I hand."""
        return {col: self.card(col, 1)[0].id for col in COLOURS}


def _fail(where: str, msg: str) -> HeroFileError:
    return HeroFileError(shown(f"{where}: {msg}"))


#: the longest text a hero file may give each field: names fit a card's title, a blurb and a
#: card's text fit their panels (ours are far shorter); longer is a damaged file, never laid
#: out (a 40,000-character name took most of a minute to draw)
MAX_HERO_FILE_BYTES = 256 * 1024  # ours are under 20 kB
TEXT_LIMITS = {"id": 40, "name": 40, "title": 60, "blurb": 600, "text": 600}


def _words(where: str, data: dict, key: str, default: str) -> str:
    v = data.get(key, default)
    if not isinstance(v, str):
        raise _fail(where, f"{key} must be text")
    if len(v) > TEXT_LIMITS[key]:
        raise _fail(where, f"its {key} is {len(v):,} characters long (at most {TEXT_LIMITS[key]})")
    return v


def _int(where: str, data: dict, key: str, lo: int, hi: int, required: bool) -> int | None:
    v = data.get(key)
    if v is None:
        if required:
            raise _fail(where, f"needs {key!r}")
        return None
    if type(v) is not int or not lo <= v <= hi:
        raise _fail(where, f"{key} must be a whole number from {lo} to {hi}, not {v!r}")
    return v


def _step(where: str, raw: Any, context: str) -> Step:
    if not isinstance(raw, dict) or "step" not in raw:
        raise _fail(where, "each effect entry needs a 'step' name")
    name = raw["step"]
    spec = SPECS.get(name)
    if spec is None:
        raise _fail(where, f"unknown effect step {name!r} (known: {', '.join(SPECS)})")
    if context not in spec.contexts:
        raise _fail(where, f"step {name!r} cannot be used on a {context} card")
    args = []
    for key, value in raw.items():
        if key == "step":
            continue
        p = spec.params.get(key)
        if p is None:
            raise _fail(where, f"step {name!r} has no parameter {key!r}")
        if type(value) is not p.type:
            raise _fail(where, f"{name}.{key} must be a {p.type.__name__}, not {value!r}")
        if p.choices and value not in p.choices:
            raise _fail(where, f"{name}.{key} must be one of {', '.join(p.choices)}")
        args.append((key, value))
    for key, p in spec.params.items():
        if p.required and key not in raw:
            raise _fail(where, f"step {name!r} needs {key!r}")
    return Step(name, tuple(sorted(args)))


def _card(hero: str, where: str, raw: dict) -> Card:
    cid = raw.get("id")
    if not isinstance(cid, str) or not cid:
        raise _fail(where, "a card needs an id")
    where = f"{where}: card {cid}"
    colour = raw.get("colour")
    if colour not in (*COLOURS, "ultimate"):
        raise _fail(where, f"colour must be one of {', '.join(COLOURS)}, ultimate")
    primary = raw.get("primary")
    if primary not in PRIMARIES:
        raise _fail(where, f"primary must be one of {', '.join(PRIMARIES)}")
    tier = _int(where, raw, "tier", 1, 4, True)
    icons = {k: _int(where, raw, k, 0, 20, False) for k in ICONS}
    if colour == "black":
        if primary != "hold" or any(v for v in icons.values()):
            raise _fail(where, "the Hold card has primary 'hold' and no icons")
    elif colour == "ultimate":
        if primary != "passive" or tier != 4:
            raise _fail(where, "an Ultimate is tier 4 with primary 'passive'")
    else:
        if icons["initiative"] is None:
            raise _fail(where, "needs an initiative")
        if primary in ("hold", "passive"):
            raise _fail(where, f"only the Hold card / the Ultimate may be {primary}")
    item = raw.get("item", "")
    if item and item not in ITEMS:
        raise _fail(where, f"item must be one of {', '.join(ITEMS)}")
    keywords = raw.get("keywords", [])
    if not isinstance(keywords, list) or any(k not in KEYWORDS for k in keywords):
        raise _fail(where, f"keywords must be a list of {', '.join(KEYWORDS)}")
    context = {"defense": "defense", "passive": "passive"}.get(primary, "action")
    effect = tuple(_step(where, s, context) for s in raw.get("effect", []))
    if primary in ("attack",) and not any(s.name == "attack" for s in effect):
        raise _fail(where, "an attack card needs an attack step")
    for s in effect:
        if s.get("target") == "range" and s.get("range") is None and not icons["range"]:
            raise _fail(where, f"step {s.name!r} targets within range but the card has none")
        if s.get("target") == "radius" and s.get("radius") is None and not icons["radius"]:
            raise _fail(where, f"step {s.name!r} uses a radius but the card has none")
    if primary == "defense" and icons["defense"] is None:
        raise _fail(where, "a defense card needs a defense icon")
    text = _words(where, raw, "text", "")
    if colour != "black" and not text:
        raise _fail(where, "needs a text")
    return Card(
        cid, _words(where, raw, "name", "") or cid, hero, colour, tier, primary, **icons, item=item,
        keywords=tuple(keywords), text=text, effect=effect,
    )  # fmt: skip


def parse_hero(text: str, where: str = "hero file") -> Hero:
    """A hero from the text of its TOML file; raises HeroFileError when it is damaged."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _fail(where, f"is not valid TOML ({exc})") from None
    hid = data.get("id")
    if not isinstance(hid, str) or not hid:
        raise _fail(where, "needs an id")
    hid = _words(where, data, "id", "")
    max_level = _int(where, data, "max_level", 2, 8, True)
    items = data.get("items")
    if type(items) is not bool:
        raise _fail(where, "items must be true or false")
    raw_cards = data.get("card")
    if not isinstance(raw_cards, list):
        raise _fail(where, "has no [[card]] entries")
    cards = tuple(_card(hid, where, c) for c in raw_cards)
    ids = [c.id for c in cards]
    if len(set(ids)) != len(ids):
        raise _fail(where, "two cards share an id")
    hero = Hero(
        hid, _words(where, data, "name", hid), _words(where, data, "title", ""),
        _words(where, data, "blurb", ""),
        max_level, items, cards,
    )  # fmt: skip
    _check_shape(where, hero)
    return hero


def _check_shape(where: str, h: Hero) -> None:
    """18 cards for a regular hero, 10 for an ape; tiers and items where they belong."""
    per = 2 if h.items else 1
    for col in ("gold", "black"):
        if len(h.card(col, 1)) != 1 or len([c for c in h.cards if c.colour == col]) != 1:
            raise _fail(where, f"needs exactly one {col} card, at tier 1")
    for col in LEVELLED:
        if len(h.card(col, 1)) != 1:
            raise _fail(where, f"needs one tier-I {col} card")
        if len(h.card(col, 2)) != per:
            raise _fail(where, f"needs {per} tier-II {col} card(s)")
    threes = [len(h.card(col, 3)) for col in LEVELLED]
    if h.items:
        if threes != [2, 2, 2]:
            raise _fail(where, "needs two tier-III cards per colour")
        if h.ultimate is None or len(h.cards) != 18:
            raise _fail(where, "a hero with items has 18 cards, one of them the Ultimate")
        if h.max_level != 8:
            raise _fail(where, "a hero with items reaches level 8")
    else:
        if h.ultimate is not None:
            raise _fail(where, "a hero without items has no Ultimate")
        if sorted(threes) != [0, 1, 1] or len(h.cards) != 10:
            raise _fail(where, "a hero without items has 10 cards: one tier III for two colours")
        if h.max_level != 6:
            raise _fail(where, "a hero without items is capped at level 6")
    for c in h.cards:
        needs_item = h.items and c.colour in LEVELLED and c.tier >= 2
        if needs_item and not c.item:
            raise _fail(where, f"card {c.id}: a tier II/III card names its item")
        if not needs_item and c.item:
            raise _fail(where, f"card {c.id}: only tier II/III cards of a hero with items have one")


def load_hero_file(path: Path) -> Hero:
    try:
        text = files.read_text(path, MAX_HERO_FILE_BYTES, "hero file")
    except files.UnreadableFile as exc:
        raise HeroFileError(str(exc)) from None
    hero = parse_hero(text, path.name)
    if hero.id != path.stem:
        raise _fail(path.name, f"its id {hero.id!r} does not match the file name")
    return hero


@cache
def _hero_files() -> tuple[dict[str, Hero], tuple[str, ...]]:
    out: dict[str, Hero] = {}
    problems: list[str] = []
    for hid in HERO_IDS:
        path = HERO_DIR / f"{hid}.toml"
        if path.exists():
            try:
                out[hid] = load_hero_file(path)
            except HeroFileError as exc:
                problems.append(str(exc))
    return out, tuple(problems)


def heroes() -> dict[str, Hero]:
    """Every hero whose file exists and can be read, by id (a missing or damaged file: that
    hero is not offered, and :func:`hero_file_problems` says why)."""
    return _hero_files()[0]


def hero_file_problems() -> tuple[str, ...]:
    """Why each hero file left out could not be read (for the hero selection to say)."""
    return _hero_files()[1]


@cache
def card_index() -> dict[str, Card]:
    return {c.id: c for h in heroes().values() for c in h.cards}


def card(card_id: str) -> Card:
    return card_index()[card_id]
