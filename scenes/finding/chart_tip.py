"""What a space of the sonar chart says when the pointer rests on it: every clue in words.

The chart draws each clue as a small symbol; the tooltip names them, with what a symbol
cannot show (the round a danger was reported in, where the sea set the boat down, the heat
map's number when a boat covers it). It reads the same :class:`ChartModel` the chart draws,
the seat's own pencil and the heat map's chance, never the game: nothing here imports pygame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.finding.texts import place_name
from scenes.finding.chart_model import ChartModel, Mark

if TYPE_CHECKING:
    from ai.finding.chart_answer import ChartAnswer

#: a clue in words, by (kind, text); ``{round}`` is the round the report was heard in
MARK_WORDS: dict[tuple[str, str], str] = {
    ("deep", ""): "Deep ocean.",
    ("seamount", ""): "A seamount.",
    ("no_trace", ""): "No trace here.",
    ("trace", ""): "A trace: part of Atlantis or an artifact.",
    ("trace", "mine?"): "A trace or a mine (in pirate waters a Jelly Rod cannot tell them apart).",
    ("atlantis", ""): "Part of Atlantis.",
    ("not_atlantis", ""): "Not part of Atlantis.",
    ("artifact", ""): "An artifact lies here.",
    ("recovered", ""): "An artifact's wreck: the artifact has been taken.",
    ("danger", "monster"): "A sea monster was reported here in round {round} (monsters move).",
    ("danger", "mine"): "A mine was reported here in round {round}.",
    ("clear", ""): "Seen clear of mines and sea monsters in round {round}.",
    ("mine", ""): "Your own mine (a Jelly Rod in pirate waters hears it as a trace).",
    ("not_city", ""): "Named in a wrong claim: those spaces together are not Atlantis.",
}
#: the pencil's marks in words
PENCIL_WORDS = {
    "cross": "Your pencil: a cross.",
    "black": "Your pencil: blacked out.",
    "question": "Your pencil: a question mark.",
    "note": "Your pencil note: {text}",
}


def _count_words(model: ChartModel, cell: int, m: Mark) -> str:
    """A count badge in words: a Sunstone's row and column, or an Archaeologist's nine."""
    if "=" in m.text:  # the Sunstone: "4=1 C=0"
        row, col = (part.split("=") for part in m.text.split())
        return (
            f"Sunstone from here: {_atlantis(int(row[1]))} in row {row[0]}, "
            f"{_atlantis(int(col[1]))} in column {col[0]}."
        )
    n = int(m.text) if m.text.isdigit() else 0
    return f"Archaeologist from here: {n} trace{'' if n == 1 else 's'} in the nine spaces around."


#: what a pirate-water Jelly Rod leaves on a space: a trace, or a mine (the seat's own, here)
OWN_MINE_ECHO = Mark("trace", "mine?")

#: the best city is outlined only when its chance of being exactly Atlantis is at least this
#: (below it the outline marks one of many near-equal guesses: on an empty chart, a row of the
#: top edge, which means nothing)
BEST_CITY_SHOWN = 0.25


def outlined_city(heat: ChartAnswer | None) -> frozenset[int]:
    """The spaces the chart outlines as the likeliest city (none while no guess stands out)."""
    if heat is None or not heat.best_city or heat.best_p < BEST_CITY_SHOWN:
        return frozenset()
    return frozenset(heat.best_city)


def chart_marks(model: ChartModel, cell: int) -> tuple[Mark, ...]:
    """The marks drawn and told on ``cell``. A pirate-water Jelly Rod hears a mine as a
    trace, so its "trace or mine" on the seat's own mine is that mine answering: the chart
    claims no trace there (the mine itself is drawn)."""
    got = model.marks.get(cell, ())
    if any(m.kind == "mine" for m in got):
        return tuple(m for m in got if m != OWN_MINE_ECHO)
    return got


def _atlantis(n: int) -> str:
    return "no Atlantis space" if n == 0 else f"{n} Atlantis space{'' if n == 1 else 's'}"


def cell_tip(
    model: ChartModel,
    cell: int,
    pencil: dict[int, tuple[str, str]] | None = None,
    chance: float | None = None,
    names: list[str] | None = None,
    opponents: bool = False,
    best: tuple[frozenset[int], float] | None = None,
) -> str:
    """The tooltip of ``cell``: its name, then one sentence per thing the chart holds there.

    ``chance``: the heat map's chance that the space is part of Atlantis (None: heat map
    off); ``names``: the seats' names, for the boats known to be here when ``opponents`` is on;
    ``best``: the outlined city and its chance, when the chart outlines one.
    """
    lines = [place_name(model.size, cell) + ":"]
    if cell == model.me:
        lines.append("Your submarine is here.")
    elif cell in model.route:
        lines.append("Your route passed here (the line joins your known places in order).")
    if cell == model.landed:
        lines.append(
            f"The sea set you down here after your wrong claim in round {model.landed_round}: "
            "a jump, not a move, so no line leads here."
        )
    if opponents:
        for q, cells in sorted(model.others.items()):
            if cells == frozenset({cell}):
                who = names[q] if names and q < len(names) else f"Submarine {q + 1}"
                lines.append(f"{who}'s submarine is known to be here.")
    for m in chart_marks(model, cell):
        if m.kind == "count":
            lines.append(_count_words(model, cell, m))
            continue
        words = MARK_WORDS.get((m.kind, m.text))
        if words:
            lines.append(words.format(round=model.seen.get(cell, "?")))
    mark = (pencil or {}).get(cell)
    if mark is not None:
        lines.append(PENCIL_WORDS.get(mark[0], "").format(text=mark[1]))
    if chance is not None and chance <= 0:
        lines.append("Heat map: this space cannot be part of Atlantis.")
    elif chance is not None:
        share = "under 1 %" if chance < 0.005 else f"{round(chance * 100)} %"
        lines.append(f"Heat map: {share} chance this space is part of Atlantis.")
    if best is not None and cell in best[0]:
        lines.append(
            f"Outlined in gold: the likeliest whole city, {round(best[1] * 100)} % sure to be "
            "exactly these spaces."
        )
    if len(lines) == 1:
        lines.append("Nothing known here yet.")
    return " ".join(lines)
