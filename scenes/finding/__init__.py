"""Finding Atlantis on screen: the sonar chart, the device's voice, the hidden submarines."""
