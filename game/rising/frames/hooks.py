"""What the base frames ask the monsters module, through ``hooks.monsters``.

Every call is made only when ``st.monsters`` is set. The monsters package answers with
:func:`register_monster_hooks` when it is imported (:mod:`game.rising.state` imports it), so the
base frames never import it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from game.core.protocol import Action
    from game.rising.state import RisingState


class MonsterHooks(Protocol):
    """What the machine asks the monsters module (every call is made only when ``st.monsters``)."""

    POOL_TEXT: dict[str, str]

    def round_start(self, st: RisingState) -> None: ...
    def end_round(self, st: RisingState) -> None: ...
    def on_flooded(self, st: RisingState, t: int) -> None: ...
    def on_place(self, st: RisingState, p: int, t: int) -> None: ...
    def city_success(self, st: RisingState, p: int, n: int) -> bool: ...
    def library_bonus(self, st: RisingState, p: int) -> int: ...
    def free_actions(self, st: RisingState, p: int) -> list[Action]: ...
    def do_free(self, st: RisingState, a: Action) -> None: ...
    def build_actions(self, st: RisingState, p: int) -> list[Action]: ...
    def do_build_item(self, st: RisingState, a: Action) -> None: ...
    def place_warning(self, st: RisingState) -> str: ...
    def pool_done(self, st: RisingState, purpose: str, target: Any, success: bool) -> None: ...
    def explain(self, st: RisingState, a: Action) -> str | None: ...


class _NoMonsters:
    """Stands in until the monsters module registers (a game with monsters cannot get here)."""

    def __getattr__(self, name: str) -> Any:
        raise RuntimeError(
            f"monsters hook {name!r} asked before game.rising.monsters registered its hooks"
        )


#: the monsters module's hooks (read as ``hooks.monsters`` at the call, never imported by name)
monsters: MonsterHooks = _NoMonsters()  # type: ignore[assignment]


def register_monster_hooks(hooks: MonsterHooks) -> None:
    """Make ``hooks`` answer the machine's monsters hooks (once; a second module is refused)."""
    global monsters
    if not isinstance(monsters, _NoMonsters) and monsters is not hooks:
        raise ValueError("the turn machine already has monsters hooks")
    monsters = hooks
