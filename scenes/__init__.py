"""The pygame scene stack: title, setup, settings, load, help, overlays and (later) the boards.

Dependencies point one way only: ``scenes`` may import ``game`` and ``ai``, never the reverse.
"""
