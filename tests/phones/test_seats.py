"""Seat keys: unguessable secrets, short codes, one device per seat unless the host agrees."""

from __future__ import annotations

from remote.seats import CODE_ALPHABET, CODE_LENGTH, SeatTable


def test_each_seat_has_its_own_long_secret_and_a_short_code() -> None:
    table = SeatTable.open([0, 1, 3])
    secrets = [k.secret for k in table.keys]
    codes = [k.code for k in table.keys]
    assert [k.seat for k in table.keys] == [0, 1, 3]
    assert len(set(secrets)) == 3 and all(len(s) >= 24 for s in secrets)
    assert len(set(codes)) == 3
    assert all(len(c) == CODE_LENGTH and set(c) <= set(CODE_ALPHABET) for c in codes)
    again = SeatTable.open([0, 1, 3])  # a table opened again: every old key is stale
    assert not {k.secret for k in again.keys} & set(secrets)
    assert all(again.by_secret(s) is None for s in secrets)


def test_secrets_and_codes_find_their_seat_only() -> None:
    table = SeatTable.open([0, 2])
    k0, k2 = table.keys
    assert table.by_secret(k2.secret) is k2
    assert table.by_secret(k2.secret[:-1]) is None
    assert table.by_secret("") is None
    assert table.by_code(k0.code.lower()) is k0
    assert table.by_code(" ".join(k0.code)) is k0  # spaces typed between letters
    assert table.by_code(k0.code[:-1]) is None


def test_a_second_device_must_ask_and_the_same_device_comes_back() -> None:
    table = SeatTable.open([0])
    key = table.keys[0]
    assert table.take(key, connection=1, device="phone-a")
    assert table.connected() == [0] and table.seat_of(1) == 0
    assert not table.take(key, connection=2, device="phone-b")  # held: the host decides
    ask = table.ask(0, 2)
    assert table.open_asks() == [ask]
    assert table.take(key, connection=3, device="phone-a")  # the same page, reconnected
    assert table.holder(0) == 3
    assert table.answer(ask.ask_id) is ask and table.open_asks() == []
    assert table.give(key, 2, "phone-b") == 3  # let in: the one it replaces is returned
    assert table.seat_of(2) == 0 and table.seat_of(3) is None


def test_a_dropped_connection_keeps_its_seat_joined_but_unheld() -> None:
    table = SeatTable.open([0, 1])
    table.take(table.keys[1], 7, "d")
    table.ask(1, 8)
    table.drop(7)
    table.drop(8)
    assert table.joined() == [1] and table.connected() == []
    assert table.open_asks() == []
    assert table.take(table.keys[1], 9, "other")  # nobody holds it: no need to ask
