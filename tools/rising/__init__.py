"""Atlantis Rising tools: balance tables, benchmarks and reports of this one game (`python -m tools.rising.<tool>`)."""
