"""The real command under the terminal types people connect with: 16
colours, 256 colours, tmux's own, and NO_COLOR.  The board and its
highlights read the same in each: glyphs, not colour, carry the state."""

from __future__ import annotations

import json
import re
import shutil

import pytest

from tests.e2e.terminal import ROOT, Tmux, local_command, wait_until

pytestmark = pytest.mark.e2e

TERMINALS = {
    "xterm": {"TERM": "xterm"},
    "xterm-256color": {"TERM": "xterm-256color"},
    "tmux-256color": {"TERM": "tmux-256color"},
    "NO_COLOR": {"TERM": "xterm-256color", "NO_COLOR": "1"},
}


def grey(code: str):
    """For each colour in one SGR sequence, whether it is a grey (or the default)."""
    parts = [int(x) if x else 0 for x in code.split(";")]
    i = 0
    while i < len(parts):
        p = parts[i]
        if p in (38, 48) and i + 1 < len(parts):
            if parts[i + 1] == 5:
                n = parts[i + 2]
                yield n in (0, 7, 8, 15, 16, 231) or 232 <= n <= 255
                i += 3
                continue
            if parts[i + 1] == 2:
                r, g, b = parts[i + 2:i + 5]
                yield r == g == b
                i += 5
                continue
        if 30 <= p <= 37 or 40 <= p <= 47 or 90 <= p <= 97 or 100 <= p <= 107:
            yield p % 10 in (0, 7)
        i += 1


@pytest.mark.parametrize("name", list(TERMINALS))
def test_play_under_each_terminal_type(name, tmp_path):
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed")
    env = {"SKIRMISH_DATA_DIR": str(tmp_path / "data"), "PYTHONPATH": str(ROOT), **TERMINALS[name]}
    tmux = Tmux(local_command(), env=env)
    try:
        tmux.wait_for("New game")
        tmux.keys("n")
        tmux.wait_for("Battlefield")
        tmux.keys("C-g")
        shown = tmux.wait_for("to play")
        lines = shown.splitlines()
        assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
        # Deploying: legal cells are marked [.] in text, not only in colour.
        tmux.keys("Tab")
        shown = tmux.wait_for("[.]")
        assert "legal" in shown  # the legend names the mark
        tmux.keys("d")
        shown = tmux.wait_for("deploys at")
        assert any(mark in shown for mark in ("◆", "●", "i1"[0]))
        styled = tmux.run("capture-pane", "-e", "-p", "-t", tmux.name).stdout
        codes = set(re.findall(r"\x1b\[([0-9;]*)m", styled))
        params = {int(x) for code in codes for x in code.split(";") if x}
        hues = [c for c in codes if not all(grey(c))]
        if name == "NO_COLOR":
            # Textual's NO_COLOR turns every colour into a grey: no hue anywhere.
            assert not hues, hues
        else:
            assert hues, "colour terminals get colour (so the NO_COLOR check means something)"
        if name == "xterm":
            assert not any("38;2;" in c or "48;2;" in c for c in codes), "truecolour sent to a 16-colour xterm"
        assert params, "nothing was styled at all"
        saves = tmp_path / "data" / "saves"
        assert wait_until(lambda: any(saves.glob("*.json")))
        save = next(saves.glob("*.json"))
        assert wait_until(lambda: len(json.loads(save.read_text())["orders"]) == 1)
        tmux.keys("C-q")
        tmux.wait_for("Quit Skirmish?")
        tmux.keys("y")
    finally:
        tmux.close()
