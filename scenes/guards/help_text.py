"""The Guards of Atlantis help page: the rules in our own words (pygame-gui HTML).

Numbers come from the rulebook and the decisions in docs/rules-decisions.md; every sentence
here is ours.
"""

from __future__ import annotations

from scenes.guards.figures import FIGURE_KEY
from scenes.guards.keys import KEYS

TITLE = "Guards of Atlantis"


def page() -> str:
    """The page, built when shown."""
    return (
        "<font size=5><b>Guards of Atlantis</b></font><br>"
        "Two teams, the Titans and the Atlanteans, each guard a throne at one end of the "
        "arena. Between the thrones runs a lane (two on the large board) where both teams' "
        "minions fight. Push the fight all the way into the enemy throne and your team wins.<br><br>"
        "<b>A round</b> has four turns. At the start of each turn every hero on the board "
        "chooses one card of its hand and lays it face down. When everyone has chosen, all "
        "cards are turned over at once. Heroes then act one after another, highest "
        "initiative (the number in the card's top corner) first. On a tie within a team, that "
        "team chooses; on a tie between teams, the team holding the initiative token picks one "
        "of its heroes, and the token passes to the other team.<br><br>"
        "<b>Your action.</b> When your hero's turn comes, do one thing with its card: move up "
        "to its movement value, fast travel (to any empty hex of your zone or a zone next to "
        "it, when neither holds an enemy), or use the card's own action (an attack, a skill). "
        "The Hold card skips your turn: it is played face down like any other card and stays "
        "out until the end of the round (your hand shows it as played), and it can never be "
        "thrown away to defend.<br><br>"
        "<b>Attack and defence.</b> An attacked hero may throw away one card of its hand whose "
        "defence, with the minion modifiers, is at least the attack. Friendly melee and heavy "
        "minions next to a hero add one; enemy ones next to it take one away; enemy ranged "
        "minions within two hexes take one away. Without such a card the hero is defeated: it "
        "leaves the board, loses half its coins (rounded up), the attacker gains twice its "
        "level in coins, and it returns at the end of the next round's first turn.<br><br>"
        "<b>Minions.</b> A minion hit by an attack falls at once (2 coins, 4 for a heavy one). "
        "Heavy minions cannot be touched while other minions of their team stand in the battle "
        "zone. When a team has no minion left in a lane's battle zone, the lane is pushed: "
        "every minion of that lane is set up again one zone nearer the losing team's throne. "
        "At the end of a round the outnumbered team in each battle zone removes one of its "
        "minions.<br><br>"
        "<b>Levelling.</b> After each round heroes spend coins to level up: level k costs k "
        "coins. Choose a colour and one of its two next cards; the other becomes an item, a +1 "
        "on that value on all your cards. Every colour reaches the second tier before any "
        "reaches the third; after all three third-tier cards comes the Ultimate.<br><br>"
        "<b>On this screen.</b> Click a card, then <i>Play face down</i>. When your hero acts, "
        "pick Move, Fast travel or Use the card, then a glowing hex. The queue on the right "
        "shows the revealed cards in the order they act. Mouse wheel zooms the arena, a right "
        "drag (or the arrow keys) pans it, F fits it again.<br><br>"
        f"<b>The figures.</b> {FIGURE_KEY} The key under the arena shows the same, and "
        "hovering a hero or a minion names it, its team and what it does.<br><br>"
        "<b>Keys.</b><br>" + KEYS.help_lines()
    )
