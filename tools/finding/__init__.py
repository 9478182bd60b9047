"""Finding Atlantis tools: balance tables, benchmarks and reports of this one game (`python -m tools.finding.<tool>`)."""
