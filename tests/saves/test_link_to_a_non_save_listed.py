"""A link in the saves folder to a file elsewhere that is no save
(/etc/passwd) is listed as a link to that file, as a link to a real save
is, not as a broken save of the folder's own ("the file is not valid
JSON", which sent a tester looking for a save to mend)."""

from __future__ import annotations

import os

from saves.listing import summarise


def test_a_link_to_a_text_file_says_it_is_a_link_and_where_to(tmp_path):
    elsewhere = tmp_path / "etc"
    elsewhere.mkdir()
    target = elsewhere / "passwd"
    target.write_text("root:x:0:0:root:/root:/bin/sh\n")
    saves = tmp_path / "saves"
    saves.mkdir()
    link = saves / "passwd.json"
    os.symlink(target, link)
    problem = summarise(link).problem
    assert problem is not None and problem.startswith("it is a link to "), problem
    assert str(target) in problem, problem  # where it points (outside the home folder: whole)
    assert "JSON" in problem  # and still why it is no save


def test_a_broken_save_that_is_no_link_is_worded_as_before(tmp_path):
    plain = tmp_path / "plain.json"
    plain.write_text("not json")
    problem = summarise(plain).problem
    assert problem is not None and "link" not in problem, problem
