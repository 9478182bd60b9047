"""Seeded random games whose every step is fingerprinted, so engine speed work provably plays
exactly the same games (tests/guards/test_golden_games.py; data in data/golden_games.json).

Each step hashes what a player or bot could notice: the pending decision, every deciding
seat's legal actions in order (a random picker indexes into them), the chosen action and the
events it produced. Every ``CHECK_EVERY`` actions it also hashes the state's snapshot, a clone's
fingerprint, each seat's view and a determinized world of one view. Re-recorded (session 8)
when the card's action came to be asked in two steps (the kind, then the destination): the old
one-step games could no longer be replayed, since every ``act`` decision and every random pick
after it changed. Recorded from that engine before its speed work, so the speed work provably
plays the same games: ``python -m tests.guards.golden --write``. Re-recorded again when the
hero cards were rebalanced (session 8): content changes every game, the engine did not change.
Re-recorded (issue 27) when a minion whose spawn point is taken came to stand next to that
spawn point (a rule change); the towers game is now seed 10 (seed 8 ends at a throne).
Re-recorded again (issue 27) when a card's own action stopped being offered where it can change
nothing, and the log came to say what happened (both merged in one recording); seed 10 now ends
at a throne, and seeds 2, 6 and 143 end by towers. Re-recorded (issue 27's balance pass 7)
when Brogan's and Sabina's numbers changed: content again, not the engine.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from pathlib import Path
from typing import Any

from game.core.protocol import Action, Event
from game.guards.setup import new_game
from game.guards.state import GuardsState

DATA = Path(__file__).with_name("data") / "golden_games.json"
CHECK_EVERY = 97
#: (seats, options, seed): the shipped boards, every selection mode, Tower Rush, the duo seat;
#: random games end by a throne, by towers (seeds 2, 6, 143) or at the round cap (3, 121)
GAMES: tuple[tuple[int, dict[str, str], int], ...] = (
    (6, {}, 1),
    (6, {"selection": "draft", "towers": "3"}, 2),
    (2, {}, 3),
    (5, {"selection": "limited"}, 4),
    (8, {"selection": "captains"}, 5),
    (10, {"towers": "5"}, 6),
    (4, {"board": "two_lane"}, 7),
    (6, {"selection": "limited", "towers": "2"}, 10),
    (6, {}, 101),
    (2, {"towers": "2"}, 121),
    (4, {"towers": "2"}, 143),
)
#: the games whose whole action log is stored too (replayed through ``apply``; the file stays small)
LOGGED = {0, 2, 8, 9, 10}


def _canon(value: Any) -> Any:
    """A JSON-able, order-stable form of event data and decision data."""
    if isinstance(value, dict) or hasattr(value, "items"):
        return [[str(k), _canon(v)] for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))]
    if isinstance(value, (list, tuple)):
        return [_canon(v) for v in value]
    if value is None or isinstance(value, (int, str, bool, float)):
        return value
    return repr(value)


def _digest(obj: Any) -> str:
    text = json.dumps(obj, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _event(e: Event) -> list[Any]:
    return [e.kind, e.text, _canon(e.data), e.to]


def state_digest(st: GuardsState) -> str:
    return _digest(st.to_json())


def play(seats: int, options: dict[str, str], seed: int) -> dict[str, Any]:
    """Play one seeded random game; return its log, fingerprints and checkpoints."""
    st = new_game(seats, options, seed)
    rng = random.Random(seed * 1000 + 7)
    run = hashlib.sha256()
    log: list[dict[str, Any]] = []
    checkpoints: list[list[Any]] = []
    while True:
        d = st.decision()
        if d is None:
            break
        legal = {p: st.legal_actions(p) for p in d.players}
        step = [
            list(d.players), d.kind, d.prompt, _canon(d.data), d.public,
            [[p, [a.to_json() for a in legal[p]]] for p in d.players],
        ]  # fmt: skip
        p = d.players[rng.randrange(len(d.players))]
        a = legal[p][rng.randrange(len(legal[p]))]
        events = st.apply(a)
        log.append(a.to_json())
        step.append(a.to_json())
        step.append([_event(e) for e in events])
        run.update(_digest(step).encode())
        if len(log) % CHECK_EVERY == 0:
            checkpoints.append([len(log), run.hexdigest(), _checkpoint(st, len(log))])
    return {
        "seats": seats,
        "options": options,
        "seed": seed,
        "actions": len(log),
        "rounds": st.round,
        "winner": st.winner,
        "win_how": st.win_how,
        "steps_sha256": run.hexdigest(),
        "final_state_sha256": state_digest(st),
        "checkpoints": checkpoints,
        "log": log,
    }


def _checkpoint(st: GuardsState, at: int) -> str:
    """Snapshot, clone, every view and one determinized world, in one digest."""
    clone = st.clone()
    assert clone.fingerprint() == st.fingerprint()
    parts: list[Any] = [st.to_json(), clone.to_json()]
    for viewer in [None, *range(st.n)]:
        parts.append(st.view(viewer).to_json())
    viewer = (at // CHECK_EVERY) % st.n  # not the picker's rng: checking must not change the game
    world = st.view(viewer).determinize(random.Random(viewer))
    parts.append(world.to_json())
    d = st.decision()
    if d is not None:
        parts.append([[p, [a.to_json() for a in world.legal_actions(p)]] for p in d.players])
    return _digest(parts)


def replay(log: list[dict[str, Any]], seats: int, options: dict[str, str], seed: int) -> str:
    """Apply a recorded action log to a fresh game; the final state's digest."""
    st = new_game(seats, options, seed)
    for a in log:
        st.apply(Action.from_json(a))
    return state_digest(st)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", action="store_true", help=f"(re)record {DATA}")
    args = parser.parse_args()
    games = [play(n, opts, seed) for n, opts, seed in GAMES]
    for i, g in enumerate(games):
        if i not in LOGGED:
            del g["log"]
    for g in games:
        print(
            f"{g['seats']} seats {g['options']} seed {g['seed']}: {g['actions']} actions, "
            f"{g['rounds']} rounds, winner {g['winner']} ({g['win_how']})"
        )
    if args.write:
        DATA.parent.mkdir(exist_ok=True)
        DATA.write_text(json.dumps({"games": games}, separators=(",", ":")) + "\n", "utf-8")
        print(f"wrote {DATA} ({DATA.stat().st_size // 1024} KiB)")


if __name__ == "__main__":
    main()
