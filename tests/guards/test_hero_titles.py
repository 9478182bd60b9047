"""How a hero's name and title read on screen."""

from game.guards.cards import heroes


def test_a_heros_title_reads_as_people_say_it():
    roster = heroes()
    assert roster["wasp"].styled() == "Wasp, Envoy of the Queen"
    assert roster["arien"].styled() == "Arien the Spellsword"
    assert roster["wasp"].styled("Wasp (bot)") == "Wasp (bot), Envoy of the Queen"
