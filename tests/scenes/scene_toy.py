"""A tiny hidden-information game and board used only by the scene tests.

"Pearl divers": each seat holds a secret pearl (hidden from the others); on your turn you dive
1, 2 or 3 fathoms; after the set number of rounds the deepest total plus pearl wins. Its board
paints the whole canvas magenta, so a test can prove an overlay hides it.

"Toy Titans" (``TEAM_GAME_ID``) is the same game for 2-10 seats in two teams, the Titans and
the Atlanteans: the team with the greater total wins. It learns its teams from the seats, and
its board draws each team's seats in a column, so a screenshot shows who sits where.

The secret-bid variant (``BIDS_ID``, :class:`BidState`, :class:`BidBoard`) starts each round
with every seat bidding 1-3 at once, in secret (a simultaneous private decision); once all
bids are in they are revealed and the seats dive in turn in the open (a public decision). Its
board paints each seat's secrets in that seat's own colours, so a pixel count proves whose
secrets are on screen.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import pygame

from game.core import registry
from game.core.protocol import Action, Decision, Event, GameState, OptionSpec
from game.core.registry import GameSpec
from scenes import boards, draw
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
            draw.rect(surface, colour, band, border_radius=10)
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
                draw.rect(surface, (12, 44, 70), card, border_radius=10)
                if seat == on_turn:
                    draw.rect(surface, colour, card, 3, border_radius=10)
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
                draw.rect(surface, PARCHMENT, (x + 34, y + 14, 12 * depth, 6))


BIDS_ID = "scenes-toy-bids"
BACKDROP = (30, 30, 30)
#: each seat's pearl and its still-secret bid are painted in these colours, and only these
PEARL_COLOURS = ((240, 250, 5), (5, 250, 120), (250, 5, 160), (130, 5, 250))
BID_COLOURS = ((250, 120, 5), (5, 190, 250), (200, 255, 5), (255, 5, 255))
REVEALED = (128, 128, 128)  # bids once revealed are public: one neutral grey
BID_KEYS = {pygame.K_1: 1, pygame.K_2: 2, pygame.K_3: 3}


class BidState(ToyState):
    """Divers with secret bids: bid at once and in secret, then dive in turn in the open."""

    game_id: ClassVar[str] = BIDS_ID

    def __init__(self, players: int, rounds: int, seed: int) -> None:
        super().__init__(players, rounds, seed)
        self.phase = "bid"
        self.bids: list[int | None] = [None] * players  # 0: made, but unknown to this view
        self.revealed: list[int] = []

    def decision(self) -> Decision | None:
        if self.round > self.rounds:
            return None
        if self.phase == "bid":
            waiting = tuple(p for p in range(self.players) if self.bids[p] is None)
            return Decision(waiting, "bid", "Bid 1-3 in secret")
        return Decision((self.turn,), "dive", "How deep?", public=True)

    def legal_actions(self, player: int) -> list[Action]:
        dec = self.decision()
        if dec is None or player not in dec.players:
            return []
        if dec.kind == "bid":
            return [Action.make(player, "bid", amount=a) for a in (1, 2, 3)]
        return [Action.make(player, "dive", fathoms=f) for f in (1, 2, 3)]

    def _apply(self, action: Action) -> list[Event]:
        p = action.player
        name = self.player_name(p)
        if action.kind == "bid":
            amount = action["amount"]
            self.bids[p] = amount
            events = [
                Event("bid", f"{name} bids in secret", {"player": p}),
                Event("bid_secret", f"{name} bids {amount}", {"player": p, "amount": amount}, (p,)),
            ]
            if all(b is not None for b in self.bids):
                self.revealed = [int(b or 0) for b in self.bids]
                self.bids = [None] * self.players
                top = max(self.revealed)
                if self.revealed.count(top) == 1:
                    self.depth[self.revealed.index(top)] += top
                self.phase = "dive"
                events.append(Event("reveal", f"Bids: {self.revealed}", {"bids": self.revealed}))
            return events
        self.depth[p] += action["fathoms"]
        self.turn += 1
        if self.turn == self.players:
            self.turn = 0
            self.round += 1
            self.phase = "bid"
        return [Event("dive", f"{name} dives {action['fathoms']}", {"player": p})]

    def _redact(self, player: int | None) -> None:
        super()._redact(player)
        self.bids = [b if b is None or i == player else 0 for i, b in enumerate(self.bids)]

    def fingerprint(self) -> Any:
        return (*super().fingerprint(), self.phase, tuple(self.bids), tuple(self.revealed))


BIDS_SPEC = GameSpec(
    game_id=BIDS_ID,
    title="Toy Divers (secret bids)",
    tagline="Bid in secret, dive in the open.",
    min_players=1,
    max_players=4,
    new_game=lambda n, opts, seed: BidState(n, int(opts["rounds"]), seed),
    options=(OptionSpec("rounds", "Rounds", ("1", "2", "3"), "2"),),
    hidden_information=True,
)


class BidBoard(BoardScene):
    """Draws the view on screen: a seat's pearl and secret bid in its colours, revealed bids in
    grey, and the visible log; keys 1-3 bid or dive for the person on turn.

    What it was given is kept for the tests: ``received`` (viewer, events) per ``on_events``
    call, ``sounded`` the sounds it played, ``logged`` the log lines it drew last.
    """

    FLASH_S = 0.5

    def __init__(self, app: Any, session: Any) -> None:
        super().__init__(app, session)
        self.received: list[tuple[int | None, list[Event]]] = []
        self.sounded: list[str] = []
        self.logged: list[Event] = []
        self.flashes: list[list[Any]] = []  # [event, seconds left]

    def on_events(self, events: list[Event]) -> None:
        self.received.append((self.session.viewer(), list(events)))
        for e in events:
            name = f"toy-{e.kind}"
            self.sounded.append(name)
            self.app.audio.play(name)
            self.flashes.append([e, self.FLASH_S])

    def screen_changed(self) -> None:
        self.flashes.clear()

    def update(self, dt: float) -> None:
        super().update(dt)
        for f in self.flashes:
            f[1] -= dt
        self.flashes = [f for f in self.flashes if f[1] > 0]

    def draw_board(self, surface: pygame.Surface) -> None:
        from scenes.ui import draw_text

        surface.fill(BACKDROP)
        view = self.session.view()
        assert isinstance(view, BidState)
        for i in range(view.players):
            x = 80 + i * 290
            draw_text(surface, self.session.seat_name(i), (x, 120), size=20)
            if view.pearls[i]:
                draw.rect(surface, PEARL_COLOURS[i], (x, 160, 80, 80))
            if view.bids[i]:
                draw.rect(surface, BID_COLOURS[i], (x + 100, 160, 80, 80))
            elif view.bids[i] is not None:
                draw.rect(surface, REVEALED, (x + 100, 160, 80, 80), 3)  # bid, unknown
            if view.revealed:
                draw.rect(surface, REVEALED, (x + 100, 260, 20 * view.revealed[i], 20))
        for e, _left in self.flashes:  # an animation shows what the event says
            if e.kind == "bid_secret":
                p = e.data["player"]
                draw.circle(surface, BID_COLOURS[p], (640, 450), 60)
        self.logged = self.session.visible_log()[-8:]
        for n, e in enumerate(self.logged):
            draw_text(surface, e.text, (80, 520 + 22 * n), size=16)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in BID_KEYS:
            seat = self.session.current_human()
            dec = self.session.decision()
            if seat is not None and dec is not None:
                n = BID_KEYS[event.key]
                move = (
                    Action.make(seat, "bid", amount=n)
                    if dec.kind == "bid"
                    else Action.make(seat, "dive", fathoms=n)
                )
                self.act(move)
            return True
        return super().handle_event(event)


def install() -> None:
    registry.register(SPEC)
    boards.register_board(GAME_ID, ToyBoard)
    registry.register(TEAM_SPEC)
    boards.register_board(TEAM_GAME_ID, TeamToyBoard)


def install_bids() -> None:
    """The secret-bid variant, registered only by the tests that play it (menus stay as they
    were for every other test)."""
    registry.register(BIDS_SPEC)
    boards.register_board(BIDS_ID, BidBoard)


def uninstall() -> None:
    for game_id in (GAME_ID, TEAM_GAME_ID, BIDS_ID):
        registry._GAMES.pop(game_id, None)
        boards.unregister_board(game_id)


class FakeRunner:
    """Stands in for ai.runner.BotRunner: answers the first legal move after a few polls.

    Like the real runner it holds one request per seat (a seat's new request supersedes its
    old one; other seats' stand) and answers each after ``delay_polls`` polls of that seat.
    """

    def __init__(self, delay_polls: int = 2, answer: Action | None = None) -> None:
        self.delay_polls = delay_polls
        self.answer = answer
        self.requests: list[tuple[int, str, str, float]] = []
        self.views: list[GameState] = []
        self.histories: list[list[Event]] = []
        self._pending: dict[int, GameState] = {}
        self._polls: dict[int, int] = {}
        self.cancelled = 0
        self.forgotten = 0
        self.closed = False

    @property
    def busy(self) -> bool:
        return bool(self._pending)

    def request(
        self,
        view: GameState,
        player: int,
        game_id: str,
        level: str,
        budget_s: float,
        *,
        history: Any = (),
    ) -> None:
        self.requests.append((player, game_id, level, budget_s))
        self.views.append(view)
        self.histories.append(list(history))
        self._pending[player] = view
        self._polls[player] = 0

    def reply(self, view: GameState, player: int) -> Action:
        """The move answered for ``player`` in ``view`` (subclasses vary it)."""
        return self.answer or view.legal_actions(player)[0]

    def poll(self, player: int | None = None) -> Action | None:
        seats = [player] if player is not None else sorted(self._pending)
        for seat in seats:
            if seat not in self._pending:
                continue
            self._polls[seat] += 1
            if self._polls[seat] < self.delay_polls:
                continue
            view = self._pending.pop(seat)
            return self.reply(view, seat)
        return None

    def cancel(self, player: int | None = None) -> None:
        if player is None:
            self._pending.clear()
        else:
            self._pending.pop(player, None)
        self.cancelled += 1

    def forget(self) -> None:
        self.forgotten += 1

    def close(self) -> None:
        self.closed = True
