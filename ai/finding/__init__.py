"""Finding Atlantis bots: the exact belief over ocean maps and the U-Bot that reasons from it."""
