"""Skirmish's rules core: pure Python, no Textual, no files, no clock."""

__version__ = "0.1.0"
