"""Guards of Atlantis tools: balance tables, benchmarks and reports of this one game (`python -m tools.guards.<tool>`)."""
