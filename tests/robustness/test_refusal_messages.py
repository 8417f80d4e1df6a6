"""Refusals on the command line are one sentence: what is wrong with which
file, with no type name, no traceback and no megabytes of quoted file."""

from __future__ import annotations

import json
import os

import pytest

from tests.robustness.hostile import good_save
from tui.__main__ import main
from tui.app import readable


def one_line(capsys) -> str:
    out = capsys.readouterr()
    assert out.out == ""
    lines = out.err.strip().splitlines()
    assert len(lines) == 1, out.err[:2000]
    assert "Error" not in lines[0] and "saves.store" not in lines[0], lines[0]
    assert len(lines[0]) < 1000
    return lines[0]


def test_load_names_a_folder_and_a_pipe_for_what_they_are(tmp_path, capsys):
    folder = tmp_path / "folder.json"
    folder.mkdir()
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    assert main(["load", str(folder)]) == 1
    assert "folder" in one_line(capsys)
    assert main(["load", str(pipe)]) == 1
    assert "not a regular file" in one_line(capsys)


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(format_version=int("9" * 4000)), "too large to be real"),
    (lambda d: d.update(ruleset="r" * 4_000_000), "does not have"),
], ids=["4000-digit-version", "4-MB-ruleset"])
def test_replay_refusals_are_a_short_sentence(tmp_path, capsys, change, words):
    path = good_save(tmp_path / "bad.json")
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 1
    assert words in one_line(capsys)


def test_the_app_shows_errors_as_sentences():
    from saves.store import SaveError

    assert readable(SaveError("/x/y.json", "the file is empty")) == "/x/y.json: the file is empty"
    assert readable(NotADirectoryError(20, "Not a directory", "/x/y")) == "/x/y: Not a directory"
    assert len(readable(SaveError("/x", "p" * 10**6))) <= 600
