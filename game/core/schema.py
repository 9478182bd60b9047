"""A game state's fields, declared once; clone, fingerprint and snapshot are built from that.

A state class derives from :class:`DeclaredState` and sets ``SCHEMA``, a :class:`Schema` that
names every attribute it holds by how it is copied:

* ``scalars``: immutable values (numbers, text, tuples, frozen records), shared by copies;
* ``lists``: lists of immutable values, copied one level;
* ``tables``: lists of lists of immutable values, copied two levels;
* ``dicts``: dicts of immutable values (or ``None``), copied one level;
* ``fixed``: dicts set up once and never changed (the options), shared by copies;
* ``caches``: private attributes, each :data:`SHARE` (a memo that knows what it depends on
  travels with the copy), :data:`COPY` (the copy gets its own dict, one level) or
  :class:`Reset` (the copy starts again from a value: the events being recorded).

From that one declaration the class gets, generated once when the class is made (straight
code, no loop over names: search clones and fingerprints a lot):

* ``clone()``, a deep independent copy. The random generator is not copied then: the copy
  and the original share it until one of them uses it (see :attr:`DeclaredState.rng`), so a
  copy whose generator is replaced (a view, a sampled world, a playout reseeded) or never
  used (most of a search) costs no copy of the Mersenne Twister's 2.5 KB state;
* ``fingerprint()``: ``(scalars, lists, *fixed, *tables, *dicts)``, the first two as tuples
  of their fields in order, then one item per field;
* ``to_json()`` / ``from_json(data)``: the whole state as JSON data, generator included, so
  ``from_json(to_json(s))`` has the fingerprint of ``s`` and plays on exactly as ``s`` does.
  Tuples are written as lists and read back as tuples (:func:`thaw`, :func:`freeze`); a field
  whose values are no such plain data (a map object, a log of records, a dict keyed by tuples)
  names its :class:`Codec` in ``codecs``, kept in the game's ``snapshot`` module.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from game.core.protocol import GameState

#: a cache the copy shares with the original (a memo keyed by what it depends on)
SHARE = "share"
#: a cache the copy gets its own one-level copy of (a dict each copy adds to)
COPY = "copy"


@dataclass(frozen=True)
class Reset:
    """A cache a copy (and a restored snapshot) starts again from ``value``: ``None``, or an
    empty list, dict or tuple (a fresh one for each copy)."""

    value: None | list | dict | tuple = None

    def source(self) -> str:
        if self.value is None or self.value in ([], {}, ()):
            return repr(self.value)
        raise ValueError(
            f"a cache resets to None or an empty list, dict or tuple, not {self.value!r}"
        )


def thaw(value: Any) -> Any:
    """``value`` as JSON data: tuples (and lists) become lists, all the way down."""
    if isinstance(value, (tuple, list)):
        return [thaw(v) for v in value]
    return value


def freeze(value: Any) -> Any:
    """Back from JSON data: lists become tuples, all the way down."""
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    return value


@dataclass(frozen=True)
class Codec:
    """How one field whose values are not plain data is written to JSON and read back.

    ``dump`` and ``load`` see the field's value (never ``None``: a ``None`` value is written
    as ``null`` and read back as ``None`` around them). ``key``, when given, is what the
    fingerprint holds for the value instead of the value itself.
    """

    dump: Callable[[Any], Any]
    load: Callable[[Any], Any]
    key: Callable[[Any], Any] | None = None


@dataclass(frozen=True)
class Schema:
    """The fields of one state class by how they are copied; see the module's docstring."""

    scalars: tuple[str, ...] = ()
    lists: tuple[str, ...] = ()
    tables: tuple[str, ...] = ()
    dicts: tuple[str, ...] = ()
    fixed: tuple[str, ...] = ("options",)
    caches: Mapping[str, str | Reset] = field(default_factory=dict)
    codecs: Mapping[str, Codec] = field(default_factory=dict)

    def __post_init__(self) -> None:
        names = self.fields()
        doubled = sorted({n for n in names if names.count(n) > 1})
        if doubled:
            raise ValueError(f"fields declared twice: {', '.join(doubled)}")
        for name in names:
            if not name.isidentifier() or name.startswith("_"):
                raise ValueError(f"a field is a public attribute name, not {name!r}")
        for name, how in self.caches.items():
            if not name.startswith("_") or not name.isidentifier():
                raise ValueError(f"a cache is a private attribute name, not {name!r}")
            if how not in (SHARE, COPY) and not isinstance(how, Reset):
                raise ValueError(f"cache {name}: SHARE, COPY or Reset(...), not {how!r}")
            if isinstance(how, Reset):
                how.source()
        unknown = sorted(set(self.codecs) - set(names))
        if unknown:
            raise ValueError(f"codecs for undeclared fields: {', '.join(unknown)}")

    def fields(self) -> list[str]:
        """Every field, in fingerprint order."""
        return [*self.scalars, *self.lists, *self.fixed, *self.tables, *self.dicts]

    def attributes(self) -> frozenset[str]:
        """Every attribute a state of this schema may hold (its generator's two included)."""
        return frozenset((*self.fields(), *self.caches, "_rng", "_rng_shared"))


# --- generated code -------------------------------------------------------------------------
def _clone_source(s: Schema) -> str:
    lines = [
        "def clone(self):",
        "    s = self.__dict__",
        "    d = s.copy()",
    ]
    lines += [f"    d[{k!r}] = s[{k!r}][:]" for k in s.lists]
    # ``map`` in C: twice as fast as a comprehension over dozens of small lists
    lines += [f"    d[{k!r}] = [*map(_copy_list, s[{k!r}])]" for k in s.tables]
    lines += [f"    x = s[{k!r}]\n    d[{k!r}] = None if x is None else x.copy()" for k in s.dicts]
    for k, how in s.caches.items():
        if how == COPY:
            lines.append(f"    d[{k!r}] = s[{k!r}].copy()")
        elif isinstance(how, Reset):
            lines.append(f"    d[{k!r}] = {how.source()}")
    lines += [
        "    s['_rng_shared'] = d['_rng_shared'] = True",
        "    new = _new(self.__class__)",
        "    new.__dict__ = d",
        "    return new",
    ]
    return "\n".join(lines)


def _fingerprint_source(s: Schema) -> str:
    def one(k: str, form: str) -> str:
        if k in s.codecs and s.codecs[k].key is not None:
            return f"(None if (x := d[{k!r}]) is None else _key_{k}(x))"
        return form

    scalars = "".join(one(k, f"d[{k!r}]") + ", " for k in s.scalars)
    lists = "".join(one(k, f"tuple(d[{k!r}])") + ", " for k in s.lists)
    rest = [one(k, f"tuple(sorted(d[{k!r}].items()))") for k in s.fixed]
    rest += [one(k, f"tuple(map(tuple, d[{k!r}]))") for k in s.tables]
    rest += [
        one(k, f"(None if (x := d[{k!r}]) is None else tuple(sorted(x.items())))") for k in s.dicts
    ]
    return "\n".join(
        [
            "def fingerprint(self):",
            "    d = self.__dict__",
            f"    return (({scalars}), ({lists}), {''.join(r + ', ' for r in rest)})",
        ]
    )


def _build(cls: type, schema: Schema) -> dict[str, Callable[..., Any]]:
    namespace: dict[str, Any] = {"_new": object.__new__, "_copy_list": list.copy}
    for k, codec in schema.codecs.items():
        if codec.key is not None:
            namespace[f"_key_{k}"] = codec.key
    out = {}
    for name, source in (
        ("clone", _clone_source(schema)),
        ("fingerprint", _fingerprint_source(schema)),
    ):
        code = compile(source, f"<{cls.__name__}.{name} from its SCHEMA>", "exec")
        exec(code, namespace)  # noqa: S102 - our own source, built from field names checked above
        fn = namespace[name]
        fn.__qualname__ = f"{cls.__name__}.{name}"
        fn.__doc__ = getattr(DeclaredState, name).__doc__
        out[name] = fn
    return out


# --- snapshots ------------------------------------------------------------------------------
def rng_to_json(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(data: list[Any]) -> random.Random:
    version, internal, gauss = data
    rng = random.Random.__new__(random.Random)
    rng.setstate((version, tuple(internal), gauss))
    return rng


def _dump(schema: Schema, st: Any) -> dict[str, Any]:
    d = st.__dict__
    codecs = schema.codecs
    out: dict[str, Any] = {}
    for k in schema.fields():
        v = d[k]
        codec = codecs.get(k)
        if codec is not None:
            out[k] = None if v is None else codec.dump(v)
        elif k in schema.fixed:
            out[k] = dict(v)
        elif k in schema.dicts:
            out[k] = None if v is None else {key: thaw(x) for key, x in v.items()}
        else:  # scalars, lists and tables: tuples become lists, all the way down
            out[k] = thaw(v)
    out["rng"] = rng_to_json(st.rng)
    return out


def _load(schema: Schema, cls: type, data: Mapping[str, Any]) -> Any:
    st = cls()  # the caches a fresh state starts with
    d = st.__dict__
    codecs = schema.codecs
    lists, tables = set(schema.lists), set(schema.tables)
    for k in schema.fields():
        v = data[k]
        codec = codecs.get(k)
        if codec is not None:
            d[k] = None if v is None else codec.load(v)
        elif k in schema.fixed:
            d[k] = dict(v)
        elif k in schema.dicts:
            d[k] = None if v is None else {key: freeze(x) for key, x in v.items()}
        elif k in lists:
            d[k] = [freeze(x) for x in v]
        elif k in tables:
            d[k] = [[freeze(y) for y in x] for x in v]
        else:
            d[k] = freeze(v)
    for k, how in schema.caches.items():
        if isinstance(how, Reset):
            d[k] = type(how.value)() if how.value is not None else None
    st.rng = rng_from_json(data["rng"])
    return st


# --- the base class -------------------------------------------------------------------------
#: the generator of every view, shared: never drawn from, since a view that draws copies it
_ZERO = random.Random(0)


class DeclaredState(GameState):
    """A :class:`GameState` whose fields its ``SCHEMA`` declares (see the module docstring)."""

    SCHEMA: ClassVar[Schema]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        schema = cls.__dict__.get("SCHEMA")
        if schema is None:
            return
        for name, fn in _build(cls, schema).items():
            if name not in cls.__dict__:  # a class may still write its own
                setattr(cls, name, fn)

    # --- the random generator, copied only when it is used -------------------------------------
    # ``clone`` shares the generator between the copy and the original and marks it shared;
    # whichever of them reads ``rng`` first while it is shared takes its own copy, so the
    # shared one is never advanced. Replacing it (a view, a sampled world) copies nothing.
    @property
    def rng(self) -> random.Random:  # type: ignore[override]
        d = self.__dict__
        if d["_rng_shared"]:
            rng = random.Random.__new__(random.Random)
            rng.setstate(d["_rng"].getstate())
            d["_rng"] = rng
            d["_rng_shared"] = False
        return d["_rng"]

    @rng.setter
    def rng(self, value: random.Random) -> None:
        d = self.__dict__
        d["_rng"] = value
        d["_rng_shared"] = False

    def view(self, player: int | None) -> GameState:
        """:meth:`GameState.view`, its ``Random(0)`` shared too: seeding one costs more than
        copying the rest of a view, and a view seldom draws."""
        v = self.clone()
        v._redact(player)
        d = v.__dict__
        d["_rng"] = _ZERO
        d["_rng_shared"] = True
        return v

    # --- generated per class from SCHEMA (these bodies only document them) ---------------------
    def clone(self) -> DeclaredState:  # pragma: no cover - replaced by the generated one
        """A deep, independent copy (its generator shared until either side uses it)."""
        raise NotImplementedError(f"{type(self).__name__} declares no SCHEMA")

    def fingerprint(self) -> Any:  # pragma: no cover - replaced by the generated one
        """``(scalars, lists, *fixed, *tables, *dicts)`` as plain, hashable data."""
        raise NotImplementedError(f"{type(self).__name__} declares no SCHEMA")

    # --- snapshots ----------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON data, its generator included (bug reports, tests; saves
        replay actions instead): ``from_json(to_json(s))`` has the fingerprint of ``s``."""
        return _dump(self.SCHEMA, self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DeclaredState:
        return _load(cls.SCHEMA, cls, data)
