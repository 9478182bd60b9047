"""The hand of the seat on screen: its action cards, its captain and its artifacts.

Drawn only from that seat's view. A card in hand is bright; a played one (on the discard pile,
which everyone sees) is grey until the submarine surfaces. The captain card carries its
emblem colour; artifacts sit to the right, used ones face up and greyed. In burn mode only
the cards that may be burned are lit.
"""

from __future__ import annotations

import pygame

from game.finding.cards import ARTIFACT, CAPTAIN, CARD, card_name, hand_cards
from scenes import draw
from scenes.finding import look
from scenes.finding.look import CARD_H, CARD_W, Hit
from scenes.palette import INK
from scenes.ui import draw_text

LABEL_SIZES = (14, 13, 12, 11)
#: what the hand says with no artifact yet, longest first (the longest that fits whole)
NO_ARTIFACTS = (
    "No artifacts yet: explore an artifact's space to recover one.",
    "No artifacts yet.",
)


def label_size(titles: list[str], width: int) -> int:
    """The largest label size at which every card's words fit its face unbroken (one size for
    the whole hand, so the cards look alike); the smallest when none does."""
    for size in LABEL_SIZES:
        if all(look.text_width(w, size, "bold") <= width for t in titles for w in t.split()):
            return size
    return LABEL_SIZES[-1]


def fits_face(title: str, width: int, size: int, note: bool = True) -> bool:
    """Does ``title`` at ``size`` take no more lines than a card's face has room for (above
    its note line, or down to its foot without one)?"""
    room = CARD_H - 24 - (look.line_step(12) if note else 4)
    return len(look.wrap_text(title, width, size, "bold")) * (look.line_step(size) - 3) <= room


def whole_size(title: str, width: int, size: int, note: bool = True) -> int:
    """The largest size up to ``size`` (down to the smallest print, 10) at which ``title``
    fits a card's face whole; ``size`` when none does."""
    return next((s for s in range(size, 9, -1) if fits_face(title, width, s, note)), size)


def card_lines(title: str, width: int, size: int, note: bool = True) -> tuple[list[str], int]:
    """A card's label in lines that fit its face above the note line (or down to its foot,
    without one), and the line step."""
    step = look.line_step(size) - 3
    room = CARD_H - 24 - (look.line_step(12) if note else 4)
    return look.wrap_text(title, width, size, "bold", max(1, room // step)), step


def _card(
    surface: pygame.Surface,
    rect: pygame.Rect,
    face: tuple[int, int, int],
    *,
    lit: bool,
    played: bool,
    selected: bool | str,
    band: tuple[int, int, int] | None = None,
    note: str = "",
    lines: list[str],
    size: int,
    step: int,
) -> None:
    body = look.CARD_PLAYED if played else face
    draw.rect(surface, body, rect, border_radius=7)
    if band is not None:
        draw.rect(surface, band, pygame.Rect(rect.x, rect.y, rect.w, 18), border_radius=7)
    edge = look.BURN if selected == "burn" else look.SELECT if selected else INK
    draw.rect(surface, edge, rect, 4 if selected else (2 if lit else 1), border_radius=7)
    ink = INK if not played else (40, 40, 40)
    for i, line in enumerate(lines):
        draw_text(surface, line, (rect.centerx, rect.y + 24 + step * i), size=size, kind="bold",
                  colour=ink, anchor="midtop")  # fmt: skip
    if note and look.text_width(note, 12) <= rect.w - 6:  # a note that does not fit is left off
        draw_text(surface, note, (rect.centerx, rect.bottom - 4), size=12, colour=ink,
                  anchor="midbottom")  # fmt: skip


def draw_hand(
    surface: pygame.Surface,
    rect: pygame.Rect,
    view,
    seat: int,
    playable: set[str],
    burnable: set[str],
    aim_slot: str,
    burn_mode: bool,
    chips: bool = False,
) -> list[Hit]:
    """Draw the seat's cards in the panel ``rect``; a hit per card (key = its slot). With
    ``chips``, or when a card's name does not fit its face whole at any size down to the
    smallest print, each card is a chip as wide as its name."""
    look.panel(surface, rect)
    draw_text(surface, "Your cards", (rect.x + 12, rect.y + 6), size=15, kind="bold")
    keys = hand_cards(view.pirate)
    width = min(CARD_W, (rect.width - 30 - 6 * len(keys)) // (len(keys) + 1))
    cap = view.captain[seat]
    titles = [look.SHORT.get(k, CARD[k].name) for k in keys]
    inner = width - 8
    # the action cards set the size; a long captain's name is hyphenated at it
    size = label_size(titles, inner)
    cap_name = CAPTAIN[cap].name if cap is not None else ""
    # the captain's name may take its note's line (its band and tooltip say what it is)
    cap_note = not cap_name or fits_face(cap_name, inner, whole_size(cap_name, inner, size))
    faces = all(fits_face(t, inner, size) for t in titles) and (
        not cap_name
        or fits_face(
            cap_name, inner, whole_size(cap_name, inner, size, cap_note), cap_note
        )  # fmt: skip
    )
    if chips or not faces:
        return _draw_chips(surface, rect, view, seat, burnable if burn_mode else playable, aim_slot,
                           burn_mode)  # fmt: skip
    hits: list[Hit] = []
    x, y = rect.x + 12, rect.y + 30
    held = set(view.hand[seat])
    for key in keys:
        slot = f"card:{key}"
        r = pygame.Rect(x, y, width, CARD_H)
        lit = slot in (burnable if burn_mode else playable)
        sel = ("burn" if burn_mode else True) if slot == aim_slot else False
        lines, step = card_lines(look.SHORT.get(key, CARD[key].name), inner, size)
        _card(surface, r, look.CARD_FACE, lit=lit, played=key not in held, selected=sel,
              note="discarded" if key not in held else "", lines=lines, size=size,
              step=step)  # fmt: skip
        hits.append(Hit(r, slot, f"{CARD[key].name}: {CARD[key].text}"))
        x += width + 6
    x += 6
    if cap is not None:
        r = pygame.Rect(x, y, width, CARD_H)
        ready = bool(view.cap_ready[seat])
        lit = "captain" in (burnable if burn_mode else playable)
        sel = ("burn" if burn_mode else True) if aim_slot == "captain" else False
        spec = CAPTAIN[cap]
        cap_size = whole_size(spec.name, inner, size, cap_note)  # a long name: smaller, whole
        lines, step = card_lines(spec.name, inner, cap_size, cap_note)
        _card(surface, r, look.CAPTAIN_FACE, lit=lit, played=not ready, selected=sel,
              band=look.CAPTAIN_COLOURS[cap], lines=lines, size=cap_size, step=step,
              note=(("free" if spec.free else "captain") if ready else "played") if cap_note
              else "")  # fmt: skip
        hits.append(Hit(r, "captain", f"{spec.name} (your captain): {spec.text}"))
    # artifacts: unused ones are playable, used ones lie face up in front of their owner
    ax = rect.x + 12
    ay = y + CARD_H + 8
    arts = list(view.arts[seat])
    used = list(view.used[seat])
    if not arts and not used:
        note = NO_ARTIFACTS[0]
        draw_text(surface, look.fit_text(note, rect.right - 12 - ax, 14), (ax, ay + 8), size=14,
                  colour=look.DIM)  # fmt: skip
    for name in arts + used:
        is_used = name in used and name not in arts
        r = pygame.Rect(ax, ay, 120, 32)
        slot = f"art:{name}"
        lit = slot in playable and not is_used
        sel = aim_slot == slot
        body = look.CARD_PLAYED if is_used else look.ARTIFACT_FACE
        draw.rect(surface, body, r, border_radius=6)
        draw.rect(surface, look.SELECT if sel else INK, r, 3 if sel else (2 if lit else 1),
                  border_radius=6)  # fmt: skip
        title = card_name(name)
        size = next((z for z in (13, 12, 11) if look.text_width(title, z, "bold") <= r.w - 8), 11)
        draw_text(surface, look.fit_text(title, r.w - 8, size, "bold"), r.center, size=size,
                  kind="bold", colour=INK, anchor="center")  # fmt: skip
        spec = ARTIFACT.get(name)
        tip = f"{spec.name}{' (free)' if spec.free else ''}: {spec.text}" if spec else name
        if not is_used:
            hits.append(Hit(r, slot, tip))
        ax += 126
        if ax + 120 > rect.right:
            break
    return hits


def hand_items(view, seat: int) -> list[tuple[str, str, str, tuple, tuple | None, bool]]:  # noqa: ANN001
    """The seat's cards as (slot, words, tooltip, face colour, band, in hand) each: the action
    cards, the captain, the artifacts (used ones last, not in hand)."""
    held = set(view.hand[seat])
    out = []
    for key in hand_cards(view.pirate):
        out.append((f"card:{key}", look.SHORT.get(key, CARD[key].name),
                    f"{CARD[key].name}: {CARD[key].text}", look.CARD_FACE, None, key in held))  # fmt: skip
    cap = view.captain[seat]
    if cap is not None:
        spec = CAPTAIN[cap]
        out.append(("captain", spec.name, f"{spec.name} (your captain): {spec.text}",
                    look.CAPTAIN_FACE, look.CAPTAIN_COLOURS[cap], bool(view.cap_ready[seat])))  # fmt: skip
    arts, used = list(view.arts[seat]), list(view.used[seat])
    for name in arts + [u for u in used if u not in arts]:
        spec = ARTIFACT.get(name)
        tip = f"{spec.name}{' (free)' if spec.free else ''}: {spec.text}" if spec else name
        out.append((f"art:{name}", card_name(name), tip, look.ARTIFACT_FACE, None, name in arts))
    return out


def _draw_chips(
    surface: pygame.Surface,
    rect: pygame.Rect,
    view,  # noqa: ANN001
    seat: int,
    lit_slots: set[str],
    aim_slot: str,
    burn_mode: bool,
) -> list[Hit]:
    """The hand as chips flowing over rows (large text): a grey chip is on the discard pile
    (or used), a lit edge can be played now; the captain keeps its colour band."""
    h = look.line_step(14, "bold") + 8
    x, y = rect.x + 12, rect.y + 10 + look.line_step(15, "bold")
    hits: list[Hit] = []
    items = hand_items(view, seat)
    for slot, words, tip, face, band, in_hand in items:
        w = look.text_width(words, 14, "bold") + 24 + (8 if band else 0)
        if x + w > rect.right - 12 and x > rect.x + 12:
            x, y = rect.x + 12, y + h + 6
        r = pygame.Rect(x, y, w, h)
        draw.rect(surface, face if in_hand else look.CARD_PLAYED, r, border_radius=7)
        if band is not None:
            draw.rect(surface, band, pygame.Rect(r.x, r.y, 10, r.h), border_radius=7)
        sel = slot == aim_slot
        lit = slot in lit_slots
        edge = (look.BURN if burn_mode else look.SELECT) if sel else INK
        draw.rect(surface, edge, r, 4 if sel else (2 if lit else 1), border_radius=7)
        draw_text(surface, words, (r.centerx + (4 if band else 0), r.centery), size=14,
                  kind="bold", colour=INK if in_hand else (40, 40, 40), anchor="center")  # fmt: skip
        if in_hand or not slot.startswith("art:"):
            hits.append(Hit(r, slot, tip))
        x += w + 6
    if not any(slot.startswith("art:") for slot, *_ in items):
        y += h + 8
        room = (rect.bottom - 2 - y) // look.line_step(14)  # a replay's bar leaves less
        for note in NO_ARTIFACTS:  # the longest that fits whole
            lines = look.wrap_text(note, rect.w - 24, 14)
            if len(lines) <= room:
                break
        else:
            lines = []
        for line in lines:
            draw_text(surface, line, (rect.x + 12, y), size=14, colour=look.DIM)
            y += look.line_step(14)
    return hits
