"""Rules engines: pure Python, no pygame anywhere below here."""
