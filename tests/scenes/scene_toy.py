"""A tiny hidden-information game and board used only by the scene tests.

"Pearl divers": each seat holds a secret pearl (hidden from the others); on your turn you dive
1, 2 or 3 fathoms; after the set number of rounds the deepest total plus pearl wins. Its board
paints the whole canvas magenta, so a test can prove an overlay hides it.

"Toy Titans" (``TEAM_GAME_ID``) is the same game for 2-10 seats in two teams, the Titans and
the Atlanteans: the team with the greater total wins. It learns its teams from the seats, and
its board draws each team's seats in a column, so a screenshot shows who sits where.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import pygame

from game.core import registry
from game.core.protocol import Action, Decision, Event, GameState, OptionSpec
from game.core.registry import GameSpec
from scenes import boards
from scenes.board_base import BoardScene

GAME_ID = "scenes-toy"
TEAM_GAME_ID = "toyteams"
TEAM_NAMES = ("Titans", "Atlanteans")
MAGENTA = (255, 0, 255)


class ToyState(GameState):
    game_id: ClassVar[str] = GAME_ID

    def __init__(self, players: int, rounds: int, seed: int) -> None:
        self.rng = random.Random(seed)
        self.players = players
        self.rounds = rounds
        self.pearls = [self.rng.randint(1, 5) for _ in range(players)]
        self.depth = [0] * players
        self.turn = 0
        self.round = 1

    @property
    def num_players(self) -> int:
        return self.players

    def decision(self) -> Decision | None:
        if self.round > self.rounds:
            return None
        return Decision((self.turn,), "dive", "How deep?")

    def legal_actions(self, player: int) -> list[Action]:
        dec = self.decision()
        if dec is None or player not in dec.players:
            return []
        return [Action.make(player, "dive", fathoms=f) for f in (1, 2, 3)]

    def _apply(self, action: Action) -> list[Event]:
        self.depth[action.player] += action["fathoms"]
        self.turn += 1
        if self.turn == self.players:
            self.turn = 0
            self.round += 1
        return [Event("dive", f"{self.player_name(action.player)} dives {action['fathoms']}")]

    def _redact(self, player: int | None) -> None:
        self.pearls = [p if i == player else 0 for i, p in enumerate(self.pearls)]

    def returns(self) -> list[float]:
        totals = [d + p for d, p in zip(self.depth, self.pearls, strict=True)]
        best = max(totals)
        return [1.0 if t == best else 0.0 for t in totals]

    def fingerprint(self) -> Any:
        return (self.pearls, self.depth, self.turn, self.round)


SPEC = GameSpec(
    game_id=GAME_ID,
    title="Toy Divers",
    tagline="A tiny game that only the tests play.",
    min_players=1,
    max_players=4,
    new_game=lambda n, opts, seed: ToyState(n, int(opts["rounds"]), seed),
    options=(OptionSpec("rounds", "Rounds", ("1", "2", "3"), "2"),),
    hidden_information=True,
)


class ToyBoard(BoardScene):
    """Paints everything magenta; Space dives 1 fathom for the human on turn."""

    def draw_board(self, surface: pygame.Surface) -> None:
        surface.fill(MAGENTA)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            seat = self.session.current_human()
            if seat is not None:
                self.act(Action.make(seat, "dive", fathoms=1))
            return True
        return super().handle_event(event)


class TeamToyState(ToyState):
    """Pearl divers in teams: a team's depths and pearls add up, the greater total wins."""

    game_id: ClassVar[str] = TEAM_GAME_ID

    def __init__(self, teams: list[int], rounds: int, seed: int) -> None:
        super().__init__(len(teams), rounds, seed)
        self.teams = list(teams)

    def team_totals(self) -> dict[int, int]:
        totals: dict[int, int] = {}
        for seat, team in enumerate(self.teams):
            totals[team] = totals.get(team, 0) + self.depth[seat] + self.pearls[seat]
        return totals

    def returns(self) -> list[float]:
        totals = self.team_totals()
        best = max(totals.values())
        leaders = [t for t, v in totals.items() if v == best]
        return [1.0 / len(leaders) if t in leaders else 0.0 for t in self.teams]

    def fingerprint(self) -> Any:
        return (self.teams, *super().fingerprint())


def _new_team_game(seats: Any, opts: Any, seed: int) -> GameState:
    return TeamToyState([s.team for s in seats], int(opts["rounds"]), seed)


TEAM_SPEC = GameSpec(
    game_id=TEAM_GAME_ID,
    title="Toy Titans",
    tagline="Two teams of divers; the deeper team wins. Only the tests play it.",
    min_players=2,
    max_players=10,
    new_game=_new_team_game,
    options=(OptionSpec("rounds", "Rounds", ("1", "2", "3"), "1"),),
    hidden_information=True,
    team_names=TEAM_NAMES,
    seated=True,
)


class TeamToyBoard(ToyBoard):
    """Each team's seats in a column under the team's name and colour, with their depths."""

    def draw_board(self, surface: pygame.Surface) -> None:
        from scenes.palette import DEEP, MUTED, PARCHMENT, draw_seat_marker, team_colour
        from scenes.ui import W, draw_text

        surface.fill(DEEP)
        view = self.session.view()
        cb = self.app.settings.colourblind
        spec = self.session.spec
        dec = view.decision()
        on_turn = dec.players[0] if dec is not None else None
        draw_text(surface, spec.title, (W // 2, 40), size=30, kind="bold", anchor="center")
        draw_text(surface, "Space: dive one fathom", (W // 2, 690), colour=MUTED, anchor="center")
        for team in range(spec.team_count):
            x = 90 + team * (W // 2)
            colour = team_colour(team, cb)
            band = pygame.Rect(x - 30, 150, W // 2 - 120, 44)
            pygame.draw.rect(surface, colour, band, border_radius=10)
            draw_text(
                surface,
                f"The {spec.team_name(team)}",
                band.center,
                size=22,
                kind="bold",
                colour=(10, 22, 34),
                anchor="center",
            )
            members = [i for i, s in enumerate(self.session.seats) if s.team == team]
            for row, seat in enumerate(members):
                y = 240 + row * 80
                card = pygame.Rect(x - 30, y - 30, band.width, 64)
                pygame.draw.rect(surface, (12, 44, 70), card, border_radius=10)
                if seat == on_turn:
                    pygame.draw.rect(surface, colour, card, 3, border_radius=10)
                draw_seat_marker(surface, self.seat_style(seat), (x, y), 18, cb)
                draw_text(surface, self.session.seat_name(seat), (x + 34, y - 14), size=20)
                depth = view.depth[seat]
                draw_text(
                    surface,
                    f"{depth} fathoms",
                    (card.right - 20, y - 12),
                    size=18,
                    colour=MUTED,
                    anchor="topright",
                )
                pygame.draw.rect(surface, PARCHMENT, (x + 34, y + 14, 12 * depth, 6))


def install() -> None:
    registry.register(SPEC)
    boards.register_board(GAME_ID, ToyBoard)
    registry.register(TEAM_SPEC)
    boards.register_board(TEAM_GAME_ID, TeamToyBoard)


def uninstall() -> None:
    for game_id in (GAME_ID, TEAM_GAME_ID):
        registry._GAMES.pop(game_id, None)
        boards.unregister_board(game_id)


class FakeRunner:
    """Stands in for ai.runner.BotRunner: answers the first legal move after a few polls."""

    def __init__(self, delay_polls: int = 2, answer: Action | None = None) -> None:
        self.delay_polls = delay_polls
        self.answer = answer
        self.requests: list[tuple[int, str, str, float]] = []
        self.views: list[GameState] = []
        self._pending: tuple[GameState, int] | None = None
        self._polls = 0
        self.cancelled = 0
        self.closed = False

    @property
    def busy(self) -> bool:
        return self._pending is not None

    def request(
        self, view: GameState, player: int, game_id: str, level: str, budget_s: float
    ) -> None:
        self.requests.append((player, game_id, level, budget_s))
        self.views.append(view)
        self._pending = (view, player)
        self._polls = 0

    def poll(self) -> Action | None:
        if self._pending is None:
            return None
        self._polls += 1
        if self._polls < self.delay_polls:
            return None
        view, player = self._pending
        self._pending = None
        return self.answer or view.legal_actions(player)[0]

    def cancel(self) -> None:
        self._pending = None
        self.cancelled += 1

    def close(self) -> None:
        self.closed = True
