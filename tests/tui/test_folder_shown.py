"""The save folder as the game shows it (the leave question of a hosted
game, "Saved to"): always an absolute path, with ``~`` for the home folder
only when it is inside it.  A tester saw ``.local/share/skirmish/saves``
(relative, no ~) in one session: a relative data folder (a relative
``$HOME`` or ``$SKIRMISH_DATA_DIR``) was shown as it was written."""

from __future__ import annotations

import os
import pwd

from tui.save_words import file_and_folder

SAVE = ".local/share/skirmish/saves/ann-vs-bob.json"


def test_a_relative_save_path_is_shown_absolute(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", ".")  # names no home: the account's own is the one ~ stands for
    name, folder = file_and_folder(SAVE)
    assert name == "ann-vs-bob.json"
    assert folder == str(tmp_path / ".local/share/skirmish/saves")


def test_a_relative_path_inside_the_home_folder_is_shortened_with_a_tilde(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert file_and_folder(SAVE) == ("ann-vs-bob.json", "~/.local/share/skirmish/saves")


def test_a_home_given_as_no_absolute_path_falls_back_to_the_accounts_own(monkeypatch):
    own = pwd.getpwuid(os.getuid()).pw_dir
    monkeypatch.setenv("HOME", ".")
    assert file_and_folder(os.path.join(own, SAVE))[1] == "~/.local/share/skirmish/saves"
    monkeypatch.setenv("HOME", "")
    assert file_and_folder(os.path.join(own, SAVE))[1] == "~/.local/share/skirmish/saves"


def test_a_folder_outside_the_home_folder_is_shown_whole(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert file_and_folder(tmp_path / "homework" / "x.json")[1] == str(tmp_path / "homework")  # not "~work"
    monkeypatch.setenv("HOME", "/")  # every folder is under "/": no ~ at all
    assert file_and_folder(tmp_path / "x.json")[1] == str(tmp_path)


def test_a_home_reached_through_a_link_is_still_the_home(tmp_path, monkeypatch):
    real = tmp_path / "real-home"
    (real / ".local/share/skirmish/saves").mkdir(parents=True)
    (tmp_path / "home").symlink_to(real)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert file_and_folder(real / SAVE)[1] == "~/.local/share/skirmish/saves"
