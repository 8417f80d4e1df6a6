"""The TUI's one door to ``saves.store``.

Imported lazily so the app still starts (without saving) if the saves
package is missing or broken; every caller gets a readable message instead.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


class SavesUnavailable(RuntimeError):
    pass


def store() -> Any:
    try:
        from saves import store as module
    except Exception as exc:  # ImportError, or a broken saves package
        raise SavesUnavailable(f"Saving is unavailable: {exc}") from exc
    return module


def library() -> Any:
    try:
        from saves import library as module
    except Exception as exc:
        raise SavesUnavailable(f"The battlefield library is unavailable: {exc}") from exc
    return module


def battlefields() -> list:
    return list(library().shipped_battlefields())


def latest() -> Path | None:
    return store().latest_save()
