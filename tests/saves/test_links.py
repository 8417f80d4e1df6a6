"""Nothing in the save folder is written through a symbolic link: a link
planted as a game's owner, lock, backup or temporary file is replaced (or
refused), and the file it points at is left as it was."""

from __future__ import annotations

import os

import pytest

from core.registry import find_ruleset
from saves.session import lock_path, owner_path
from saves.store import GameSession, load_game, save_game  # noqa: I001 (store first: it imports session)
from tests.saves.helpers import play


@pytest.fixture
def two_saves(tmp_path):
    rules = find_ruleset("spheres_of_war")
    mine, other = tmp_path / "mine.json", tmp_path / "other.json"
    save_game(play(rules, seed=4, count=4), mine)
    save_game(play(rules, seed=5, count=6), other)
    return mine, other


def link_kinds(mine):
    return {
        "owner": owner_path(mine),
        "lock": lock_path(mine),
        "backup": mine.with_name(mine.name + ".bak"),
        "temp": mine.with_name(f".{mine.name}.{os.getpid()}.tmp"),
        "backup-staging": mine.with_name(f".{mine.name}.bak.{os.getpid()}.tmp"),
    }


@pytest.mark.parametrize("kind", ["owner", "lock", "backup", "temp", "backup-staging"])
@pytest.mark.parametrize("target", ["other-save", "the-save-itself"])
def test_a_planted_link_never_has_its_target_written(kind, target, two_saves):
    mine, other = two_saves
    aim = other if target == "other-save" else mine
    planted = link_kinds(mine)[kind]
    if planted.exists() or planted.is_symlink():
        planted.unlink()
    os.symlink(aim, planted)
    before = aim.read_bytes()
    game = load_game(mine)
    with GameSession.open(mine) as session:
        session.save(game)
        if target == "other-save":
            assert other.read_bytes() == before, f"the {kind} link's target was written"
    assert load_game(other) is not None
    assert load_game(mine).orders == game.orders  # the save itself is whole
    for name, path in link_kinds(mine).items():
        if path.is_symlink() and os.path.realpath(path) == str(other):
            assert other.read_bytes() == before, name


@pytest.mark.parametrize("kind", ["symbolic", "hard"])
def test_a_game_is_not_opened_under_a_second_name(kind, two_saves):
    """The lock is taken beside the name opened: through a link a second
    Skirmish could play a game open elsewhere, and its save (a new file
    moved into place) would split the game in two.  The file is untouched."""
    from saves.store import SaveError

    mine, _ = two_saves
    alias = mine.with_name("alias.json")
    before = mine.read_bytes()
    with GameSession.open(mine):  # open under its own name (elsewhere, say)
        (alias.symlink_to if kind == "symbolic" else alias.hardlink_to)(mine)
        with pytest.raises(SaveError, match="link" if kind == "symbolic" else "hard links"):
            GameSession.open(alias)
    assert mine.read_bytes() == before
    if kind == "symbolic":
        assert alias.is_symlink()
    else:
        with pytest.raises(SaveError, match="2 names"):
            GameSession.open(mine)  # its own name too, while the other stands
        alias.unlink()
        GameSession.open(mine).close()


def test_a_save_whose_backup_is_still_its_second_name_opens(two_saves):
    """A save cut short after the backup was linked (store._keep_backup)
    leaves the file with two names, itself and its ``.bak``: both the
    game's own, so it opens (a crash must never lock a player out)."""
    mine, _ = two_saves
    os.link(mine, mine.with_name(mine.name + ".bak"))
    os.link(mine, mine.with_name(f".{mine.name}.bak.12345.tmp"))
    GameSession.open(mine).close()
