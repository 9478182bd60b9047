"""Finding Atlantis on a phone: the seat's payload (its chart, cards and aims) and its posterior."""
