"""What a test needs to run this checkout's code as another Unix account.

A checkout cloned into a private folder (``mktemp -d`` makes it 0700) cannot
be read by any other account; the tests that start the server, a lobby or a
hostile peer as one then run a copy of the project's packages made where
every account can read it."""

from __future__ import annotations

import os
import shutil
import stat
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _packages() -> list[str]:
    """The packages pyproject.toml installs, and the tests' own."""
    found = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    include = found["tool"]["setuptools"]["packages"]["find"]["include"]
    return [*(pattern.rstrip("*") for pattern in include), "tests", "bench"]


PACKAGES = _packages()


def reachable_by_all(path: Path) -> bool:
    """Whether any account may read ``path`` (and pass through its folders)."""
    path = Path(os.path.realpath(path))
    for folder in [*reversed(path.parents)]:
        if not os.stat(folder).st_mode & stat.S_IXOTH:
            return False
    return bool(os.stat(path).st_mode & stat.S_IROTH)


def readable_checkout(place: Path) -> Path:
    """This checkout, if every account can read it; else a copy of its
    packages in ``place/checkout`` (``place`` must itself be reachable)."""
    if reachable_by_all(ROOT) and all(reachable_by_all(ROOT / name) for name in PACKAGES):
        return ROOT
    copy = place / "checkout"
    for name in PACKAGES:
        shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
    for folder, _dirs, files in os.walk(copy):
        os.chmod(folder, 0o755)
        for name in files:
            os.chmod(os.path.join(folder, name), 0o644)
    return copy
