"""Why a well-formed action is not legal now, in a player's words.

What each decision offers is its frame's own (``Frame.legal`` in :mod:`game.rising.frames`,
asked through :func:`game.rising.turns.legal_actions`); this module explains the rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rising import components as comps
from game.rising.frames import hooks
from game.rising.frames.common import CONVERT_COST, RES_INDEX, UNFLIP_COST
from game.rising.frames.pool import pool_room
from game.rising.frames.registry import FRAME_ACTIONS
from game.rising.island import CENTRE, NUM_TILES, RESOURCES, SPOT_INDEX, VALUE
from game.rising.knowledge import KNOWLEDGE, KNOWLEDGE_INDEX
from game.rising.turns import decision

if TYPE_CHECKING:
    from game.core.protocol import Action
    from game.rising.state import RisingState


def explain_illegal(st: RisingState, a: Action) -> str:
    dec = decision(st)
    if dec is None:
        return "the game is over"
    p = a.player
    kinds = sorted(FRAME_ACTIONS.get(st.stack[-1][0], ()))
    if st.monsters and a.kind in kinds:  # monsters hook: refusals of monster actions
        msg = hooks.monsters.explain(st, a)
        if msg:
            return msg
    if a.kind not in kinds:
        return (
            f"{st.player_name(p)} must now decide '{dec.kind}' ({dec.prompt}); "
            f"'{a.kind}' is not possible here (possible: {', '.join(kinds)})"
        )
    k = a.kind
    if k == "place":
        at = a.get("at")
        t = SPOT_INDEX.get(at) if isinstance(at, str) else None
        if t is None:
            return f"there is no place called {at!r} (use a tile id such as 'hills-2', 'centre' or 'navy')"
        if t < NUM_TILES and t % 6 < st.flooded[t // 6]:
            return f"{at} has sunk; nobody can stand there"
        if t < NUM_TILES and not st.can_place(p, t):
            stone = f" ({len(st.petr[t])} by stone figures)" if st.petr[t] else ""
            return f"{at} has {VALUE[t]['cap']} ring(s) and they are all taken{stone}"
        if a.get("courage") is not None and a.get("courage") is not True:
            return "leave out 'courage' to place without a token (courage=True places one)"
        if a.get("courage"):
            if st.courage[p] == 0:
                return "you have no courage token to place"
            if t == CENTRE:
                return (
                    "a courage token cannot go on the Mystic Power Source (nothing there can sink)"
                )
    if k in ("play", "keep", "discard"):
        card = a.get("card")
        if card not in KNOWLEDGE_INDEX:
            return f"there is no knowledge card called {card!r}"
        if k == "keep":
            return f"{card} is not among the cards you drew"
        if KNOWLEDGE_INDEX[card] not in st.hand[p]:
            return f"you do not hold {KNOWLEDGE[KNOWLEDGE_INDEX[card]].name}"
        if k == "play":
            c = KNOWLEDGE[KNOWLEDGE_INDEX[card]]
            return f"{c.name} cannot be played now (it is played {'during the attack' if c.window == 'attack' else 'when it can have an effect'})"
    if k == "convert":
        if st.energy[p] < CONVERT_COST:
            return (
                f"converting a resource costs {CONVERT_COST} mystic energy; you have {st.energy[p]}"
            )
        give, take = a.get("give"), a.get("take")
        if give not in RES_INDEX or take not in RES_INDEX:
            return f"resources are {', '.join(RESOURCES)}"
        if give == take:
            return "choose two different resources"
        if not st.res[p][RES_INDEX[give]]:
            return f"you have no {give} to convert"
        return f"the supply has no {take} left"
    if k in ("contribute", "boost"):
        amount = a.get("amount")
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            return "the amount must be a whole number of mystic energy, 0 or more"
        if amount > st.energy[p]:
            return f"you have only {st.energy[p]} mystic energy"
        if k == "contribute":
            return f"only {pool_room(st.stack[-1])} more mystic energy is needed"
        return f"spend either 0 or exactly the {st.stack[-1][4] - st.stack[-1][3]} needed"
    if k == "build":
        key = a.get("component")
        if key not in comps.COMPONENT_INDEX:
            return f"there is no component called {key!r}"
        ci = comps.COMPONENT_INDEX[key]
        if ci not in st.blueprint:
            return f"the {comps.COMPONENTS[ci].name} is not in this game's blueprint"
        if st.built[st.blueprint.index(ci)] >= 0:
            return f"the {comps.COMPONENTS[ci].name} is already built"
        if a.get("waive") is not None and not st.has_ability(p, "artificer"):
            return "only the Artificer may waive part of a cost"
        return (
            f"you cannot pay for the {comps.COMPONENTS[ci].name} "
            f"(it costs {comps.cost_text(ci)}; you have {_holdings(st, p)})"
        )
    if k == "unflip" and st.total_energy() < UNFLIP_COST:
        return f"raising a tile needs {UNFLIP_COST} mystic energy between you all"
    if k in ("choose", "unflip", "give"):
        return f"that choice is not available now ({', '.join(str(v) for _, v in a.args)})"
    return f"that move is not possible now ({a})"


def _holdings(st: RisingState, p: int) -> str:
    have = st.res[p]
    parts = [f"{have[r]} {RESOURCES[r]}" for r in range(4) if have[r]]
    return ", ".join(parts) or "nothing"
