"""Bots: the shared search, the policy registry, the UI-friendly runner and headless simulation.

Nothing here imports pygame or scenes; bots only ever see ``state.view(player)``.
"""
