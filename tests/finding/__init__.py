"""Finding Atlantis engine tests."""
