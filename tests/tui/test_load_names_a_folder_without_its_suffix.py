"""``skirmish load NAME`` of a save's name as the Load list shows it (no
``.json``) where the saves folder holds a folder of that name: the reason
says what it is, as with ``.json`` typed, not that there is no such file
(a tester's ``load h-dir`` for a folder ``h-dir.json``)."""

from __future__ import annotations

from pathlib import Path

from tui.__main__ import _save_file


def test_a_folder_named_like_a_save_is_said_to_be_a_folder_with_or_without_the_suffix(tmp_path, monkeypatch):
    from saves.store import saves_dir

    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path / "data"))
    (saves_dir() / "h-dir.json").mkdir(parents=True)
    monkeypatch.chdir(tmp_path)  # nothing of that name here
    typed = _save_file(Path("h-dir.json"))
    bare = _save_file(Path("h-dir"))
    assert typed[1] is not None and "folder" in typed[1], typed
    assert bare == typed, (bare, typed)
