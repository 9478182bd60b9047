"""Guards of Atlantis on a phone: the seat's heroes, their hands and the arena's hexes."""
