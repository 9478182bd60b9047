"""Guards of Atlantis: the team MOBA on a hex board (Titans against Atlanteans)."""
