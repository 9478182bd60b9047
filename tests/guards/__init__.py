"""Guards of Atlantis engine tests."""
