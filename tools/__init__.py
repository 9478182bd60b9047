"""Developer tools run from the Makefile (benchmarks, screenshots); not shipped in builds."""
