"""One package per ruleset; each exposes ``RULESET``."""
