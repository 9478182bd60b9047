"""Finding Atlantis on screen: the sonar chart, the board and its panels."""
