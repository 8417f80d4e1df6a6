"""Persistence: games as JSON in the save folder, and the shipped battlefields.

The API the app uses lives in :mod:`saves.store` (and :mod:`saves.library`
for battlefields).
"""
