"""Who holds which seat: per-seat secrets, short join codes, and the device on each seat.

Each seat gets an unguessable secret (``secrets.token_urlsafe``, in the QR code's link) and a
short code to type instead. A device that shows a seat's secret or code holds that seat; a
second device for a seat already held must be let in by the host. Closing the table (or
opening it again) makes every secret and code stale. Both threads (the App's and the
server's) use one table, so every method takes the lock.
"""

from __future__ import annotations

import hmac
import secrets
import threading
from dataclasses import dataclass, field

#: the letters of a join code: no 0/O, 1/I/L, so a code read aloud or typed is not mistaken
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
SECRET_BYTES = 18


@dataclass
class SeatKey:
    """One seat's secret, code and the device (a connection id) that holds it now."""

    seat: int
    secret: str
    code: str
    holder: int | None = None  # the connection that holds the seat, None: nobody connected
    device: str | None = None  # the device token of whoever joined last (a reconnect)
    joined: bool = False  # someone joined this seat since the table opened


@dataclass
class Ask:
    """A second device asking for a seat already held: the host lets it in or not."""

    ask_id: int
    seat: int
    connection: int


@dataclass
class SeatTable:
    """Every seat's key, the open asks, and a lock for the two threads."""

    keys: list[SeatKey] = field(default_factory=list)
    asks: list[Ask] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _next_ask: int = 1

    @classmethod
    def open(cls, seats: list[int]) -> SeatTable:
        """Fresh secrets and codes for ``seats`` (the seats that may join from a browser)."""
        codes: set[str] = set()
        keys = []
        for seat in seats:
            code = _new_code()
            while code in codes:
                code = _new_code()
            codes.add(code)
            keys.append(SeatKey(seat, secrets.token_urlsafe(SECRET_BYTES), code))
        return cls(keys)

    def key(self, seat: int) -> SeatKey | None:
        """The key of ``seat`` (None: the seat may not join from a browser)."""
        return next((k for k in self.keys if k.seat == seat), None)

    def by_secret(self, secret: str) -> SeatKey | None:
        """The seat whose secret this is (compared in constant time), or None."""
        found = None
        for k in self.keys:
            if hmac.compare_digest(k.secret.encode(), secret.encode()):
                found = k
        return found

    def by_code(self, code: str) -> SeatKey | None:
        """The seat of a typed join code (case and spaces do not matter), or None."""
        typed = "".join(code.split()).upper()
        found = None
        for k in self.keys:
            if hmac.compare_digest(k.code.encode(), typed.encode()):
                found = k
        return found

    def take(self, key: SeatKey, connection: int, device: str | None) -> bool:
        """``connection`` takes ``key``'s seat if nobody holds it or it is the same device
        coming back (a dropped page reconnecting); False: it must ask the host."""
        with self._lock:
            same_device = device is not None and device == key.device
            if key.holder is not None and key.holder != connection and not same_device:
                return False
            key.holder, key.joined = connection, True
            if device is not None:
                key.device = device
            return True

    def give(self, key: SeatKey, connection: int, device: str | None) -> int | None:
        """The host let ``connection`` in: it holds the seat now; returns the connection it
        replaces (to be told goodbye), or None."""
        with self._lock:
            before = key.holder if key.holder != connection else None
            key.holder, key.device, key.joined = connection, device, True
            return before

    def drop(self, connection: int) -> None:
        """``connection`` closed: its seat stays joined (it may come back), held by nobody;
        its open asks are forgotten."""
        with self._lock:
            for k in self.keys:
                if k.holder == connection:
                    k.holder = None
            self.asks = [a for a in self.asks if a.connection != connection]

    def ask(self, seat: int, connection: int) -> Ask:
        """Record that ``connection`` asks for the held ``seat``."""
        with self._lock:
            for a in self.asks:
                if a.seat == seat and a.connection == connection:
                    return a
            a = Ask(self._next_ask, seat, connection)
            self._next_ask += 1
            self.asks.append(a)
            return a

    def answer(self, ask_id: int) -> Ask | None:
        """Take the ask ``ask_id`` off the list (the host answered it)."""
        with self._lock:
            found = next((a for a in self.asks if a.ask_id == ask_id), None)
            if found is not None:
                self.asks.remove(found)
            return found

    def open_asks(self) -> list[Ask]:
        """The asks the host has not answered yet, oldest first."""
        with self._lock:
            return list(self.asks)

    def joined(self) -> list[int]:
        """The seats a browser joined since the table opened (connected now or not)."""
        with self._lock:
            return [k.seat for k in self.keys if k.joined]

    def connected(self) -> list[int]:
        """The seats a browser holds right now."""
        with self._lock:
            return [k.seat for k in self.keys if k.holder is not None]

    def holder(self, seat: int) -> int | None:
        """The connection holding ``seat`` now, or None."""
        key = self.key(seat)
        return None if key is None else key.holder

    def seat_of(self, connection: int) -> int | None:
        """The seat ``connection`` holds, or None."""
        with self._lock:
            return next((k.seat for k in self.keys if k.holder == connection), None)


def _new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
