"""Every registered game, move by move: a digest to prove an engine refactor changed nothing.

    python -m tools.replay_digest --out /tmp/before.json
    python -m tools.replay_digest --out /tmp/after.json --compare /tmp/before.json

For each game in the registry it plays ``--games`` seeded games of random legal moves and
``--bots`` games of the easy and normal bots over random option mixes and seat counts, and
replays every save file kept under ``tests/`` (``*.json`` files that load as a save). At every
move it records the decision (seats, kind, prompt), each deciding seat's legal actions in
order, the action, its events (kind, text, data, to) and the state itself, written out field
by field from its attributes (not from its ``fingerprint`` or snapshot, which a refactor may
reshape): lists and tuples alike, dicts sorted, objects by their fields, caches (names that
begin with ``_``) left out and the random generator as its state. Each game's records are
hashed into a chain; the JSON keeps the chain's end and a short hash per move, so a mismatch
names its first differing move.

``--compare OLD`` prints games, moves compared and mismatches, and exits 1 when anything
differs. It imports nothing from ``tests``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ai.bots import make_bot, seat_seed  # noqa: E402
from game.core import registry  # noqa: E402
from game.core.protocol import Action, GameState  # noqa: E402
from game.core.saves import GameRecord, SaveError  # noqa: E402

MAX_MOVES = 6000


def canon(v: Any, depth: int = 0) -> Any:
    """``v`` as plain JSON-able data that does not depend on how the engine stores it."""
    if depth > 40:
        return "<deep>"
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    if isinstance(v, random.Random):
        return ["<rng>", hashlib.sha1(repr(v.getstate()).encode()).hexdigest()[:16]]
    if isinstance(v, (list, tuple)):
        return [canon(x, depth + 1) for x in v]
    if isinstance(v, (set, frozenset)):
        return ["<set>", sorted((canon(x, depth + 1) for x in v), key=repr)]
    if isinstance(v, dict):
        return ["<dict>", sorted(([canon(k), canon(x, depth + 1)] for k, x in v.items()), key=repr)]
    if hasattr(v, "_asdict"):
        return [type(v).__name__, canon(tuple(v), depth + 1)]
    fields = getattr(v, "__dataclass_fields__", None)
    if fields is not None:
        return [type(v).__name__, {k: canon(getattr(v, k), depth + 1) for k in fields}]
    if hasattr(v, "__dict__"):
        return [type(v).__name__, state_fields(v, depth + 1)]
    slots = getattr(type(v), "__slots__", None)
    if slots:
        return [type(v).__name__, {k: canon(getattr(v, k, None), depth + 1) for k in slots}]
    return repr(v)


def state_fields(obj: Any, depth: int = 0) -> dict[str, Any]:
    """An object's public attributes (and ``rng``), canonical."""
    out: dict[str, Any] = {}
    for k, x in vars(obj).items():
        if k.startswith("_"):
            continue
        out[k] = canon(x, depth)
    rng = getattr(obj, "rng", None)
    if isinstance(rng, random.Random):
        out["rng"] = canon(rng)
    return dict(sorted(out.items()))


def _h(x: Any) -> str:
    return hashlib.sha256(json.dumps(x, sort_keys=True, default=repr).encode()).hexdigest()


def _act(a: Action) -> Any:
    return [a.player, a.kind, canon(a.args)]


class Chain:
    def __init__(self) -> None:
        self.h = ""
        self.moves: list[str] = []

    def add(self, rec: Any) -> None:
        step = _h(rec)
        self.h = _h([self.h, step])
        self.moves.append(step[:12])


def _record(st: GameState, action: Action | None, events: list, chain: Chain) -> None:
    dec = st.decision()
    rec: dict[str, Any] = {"state": state_fields(st)}
    if action is not None:
        rec["action"] = _act(action)
        rec["events"] = [[e.kind, e.text, canon(dict(e.data)), canon(e.to)] for e in events]
    if dec is not None:
        rec["decision"] = [list(dec.players), dec.kind, dec.prompt]
        rec["legal"] = {str(p): [_act(a) for a in st.legal_actions(p)] for p in dec.players}
    chain.add(rec)


def _options(spec: registry.GameSpec, rng: random.Random, seats: int) -> dict[str, str]:
    return spec.parse_options({opt.key: opt.sample(rng, seats) for opt in spec.options})


def _new(spec: registry.GameSpec, seed: int) -> GameState:
    rng = random.Random(seed)
    for _ in range(50):
        n = rng.randint(spec.min_players, min(spec.max_players, 6))
        options = _options(spec, rng, n)
        try:
            return spec.create(spec.default_seats(n), options, seed)
        except ValueError:
            continue
    raise RuntimeError(f"no playable option mix for {spec.game_id}")


def play(spec: registry.GameSpec, seed: int, level: str) -> Chain:
    st = _new(spec, seed)
    chain = Chain()
    _record(st, None, [], chain)
    rng = random.Random(seed ^ 0x5EED)
    bots: dict[int, Any] = {}
    for _ in range(MAX_MOVES):
        dec = st.decision()
        if dec is None:
            break
        p = dec.players[0]
        if level == "random":
            a = rng.choice(st.legal_actions(p))
        else:
            bot = bots.get(p)
            if bot is None:
                bot = bots[p] = make_bot(spec.game_id, level, seat_seed(seed, p))
            a = bot.choose(st.view(p), p, time.monotonic() + 3600)
        ev = st.apply(a)
        _record(st, a, ev, chain)
    return chain


def saves_in_tests() -> list[Path]:
    out = []
    for path in sorted((ROOT / "tests").rglob("*.json")):
        try:
            GameRecord.loads(path.read_text(encoding="utf-8"))
        except (SaveError, UnicodeDecodeError, OSError, ValueError):
            continue
        out.append(path)
    return out


def replay_save(path: Path) -> Chain:
    record = GameRecord.loads(path.read_text(encoding="utf-8"))
    st = record.new_state()
    chain = Chain()
    _record(st, None, [], chain)
    for a in record.actions:
        ev = st.apply(a)
        _record(st, a, ev, chain)
    return chain


def run(games: int, bots: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for spec in registry.games():
        if not spec.new_game.__module__.startswith("game."):
            continue
        for i in range(games):
            out[f"{spec.game_id}/random/{i}"] = play(spec, 1000 + i, "random")
        for i in range(bots):
            for level in ("easy", "normal"):
                out[f"{spec.game_id}/{level}/{i}"] = play(spec, 2000 + i, level)
    for path in saves_in_tests():
        out[f"save/{path.relative_to(ROOT)}"] = replay_save(path)
    return {k: {"hash": c.h, "moves": c.moves} for k, c in out.items()}


def compare(new: dict[str, Any], old: dict[str, Any]) -> int:
    bad = moves = 0
    for k in sorted(set(old) | set(new)):
        if k not in new or k not in old:
            print(f"{k}: only in {'old' if k in old else 'new'}")
            bad += 1
            continue
        a, b = old[k]["moves"], new[k]["moves"]
        moves += min(len(a), len(b))
        if old[k]["hash"] != new[k]["hash"]:
            first = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), None)
            print(f"{k}: differs (first at move {first}; {len(a)} vs {len(b)} records)")
            bad += 1
    print(f"{len(new)} games, {moves} moves compared, {bad} mismatches")
    return 1 if bad else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--compare")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--bots", type=int, default=3)
    args = ap.parse_args()
    t = time.monotonic()
    data = run(args.games, args.bots)
    Path(args.out).write_text(json.dumps(data), encoding="utf-8")
    print(f"{len(data)} games in {time.monotonic() - t:.0f} s -> {args.out}")
    if args.compare:
        return compare(data, json.loads(Path(args.compare).read_text(encoding="utf-8")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
