"""Fewer bytes per partial repaint (what an SSH link carries).

Textual turns a partial screen update into terminal text in
``ChopsUpdate.render_segments``: for each dirty span of a line it writes
every widget piece ("chop") the span touches *from the piece's left edge*
up to the span's end.  A cursor move on the board dirties two 3-column
cells, yet the whole board line left of them was written again (up to ~330
bytes a line on a scrolled 40x40 board).  :func:`tui.textual_fixes.install_cropped_repaint` replaces that
method with one that crops each piece to the span itself, so only the
dirty columns are written (and no newline between lines: each piece
starts with a cursor move anyway), and the style is written only where it
changes, as the change (Textual writes each segment's whole style and a
reset after it: a third of a cursor move's bytes).  The frame on screen is the same: the columns
left of the span were already showing exactly that.

The replacement is installed by tui/textual_fixes.py, under its version
gate, and only if ``ChopsUpdate`` still looks like the one it was written
for (Textual 8: ``chops``, ``spans``, ``chop_ends``); otherwise Textual's
own method stays.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

# Rich's attribute bits in order (Textual's ``SGR_STYLES``): the SGR code
# that sets each and the one that clears it (22 clears bold and dim, 24 both
# underlines, 25 both blinks, 54 frame and circle).
_ON = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "21", "51", "52", "53")
_OFF = ("22", "22", "23", "24", "25", "25", "27", "28", "29", "24", "54", "54", "55")
_PLAIN: tuple[frozenset[int], str | None, str | None] = (frozenset(), None, None)


@lru_cache(maxsize=1024)
def _sgr_state(style: Any, color_system: Any) -> tuple[frozenset[int], str | None, str | None]:
    """What a style sets: its attribute bits, foreground and background codes."""
    bits = style._attributes & style._set_attributes
    color, bgcolor = style._color, style._bgcolor
    return (frozenset(i for i in range(min(bits.bit_length(), len(_ON))) if bits & (1 << i)),
            ";".join(color.downgrade(color_system).get_ansi_codes()) if color is not None else None,
            ";".join(bgcolor.downgrade(color_system).get_ansi_codes(False)) if bgcolor is not None else None)


@lru_cache(maxsize=1024)
def _parsed_ansi(ansi: str) -> tuple[frozenset[int], str | None, str | None] | None:
    """The state a style's cached SGR parameters set (Rich keeps them on the
    style from its first rendering, and Textual writes those): None if they
    hold a code this writer does not know."""
    codes, attrs, fg, bg, i = ansi.split(";"), set(), None, None, 0
    while i < len(codes):
        code = codes[i]
        if code in ("38", "48"):
            width = {"5": 3, "2": 5}.get(codes[i + 1] if i + 1 < len(codes) else "", 0)
            if not width:
                return None
            value, i = ";".join(codes[i:i + width]), i + width
            fg, bg = (value, bg) if code == "38" else (fg, value)
            continue
        n = int(code) if code.isdigit() else -1
        if code in _ON:
            attrs.add(_ON.index(code))
        elif 30 <= n <= 37 or 90 <= n <= 97:
            fg = code
        elif 40 <= n <= 47 or 100 <= n <= 107:
            bg = code
        else:
            return None
        i += 1
    return frozenset(attrs), fg, bg


@lru_cache(maxsize=4096)
def _sgr_change(old: tuple, new: tuple) -> str:
    """The shorter SGR parameters taking the terminal from ``old`` to ``new``:
    what changed (attributes off and on, colours), or a reset and all of ``new``."""
    (attrs0, fg0, bg0), (attrs1, fg1, bg1) = old, new
    full = ";".join(["0", *(_ON[i] for i in sorted(attrs1)), *(c for c in (fg1, bg1) if c)])
    off = sorted({_OFF[i] for i in attrs0 - attrs1})
    cleared = {i for i in attrs0 if _OFF[i] in off}
    codes = off + [_ON[i] for i in sorted(attrs1) if i not in attrs0 or i in cleared]
    if fg1 != fg0:
        codes.append(fg1 or "39")
    if bg1 != bg0:
        codes.append(bg1 or "49")
    change = ";".join(codes)
    return change if len(change) < len(full) else full


def render_strip(strip: Any, color_system: Any, append: Any, state: tuple) -> tuple:
    """Append ``strip``'s text with only the style changes between its
    segments (Textual writes every segment's whole style and a reset after
    it); returns the terminal's style state after it."""
    for text, style, _ in strip:
        if style is not None and style._link:  # a hyperlink: Textual's own way, from a reset state
            if state != _PLAIN:
                append("\x1b[0m")
            append(type(strip).render_style(style, text, color_system))
            state = _PLAIN
            continue
        if style is None:
            new = _PLAIN
        else:  # what Textual would write: the style's cached codes if it has them
            cached = style._ansi
            new = (_parsed_ansi(cached) if cached else None) or _sgr_state(style, color_system)
        if new != state:
            append(f"\x1b[{_sgr_change(state, new)}m")
            state = new
        append(text)
    return state


def render_segments(self: Any, console: Any) -> str:
    """``ChopsUpdate.render_segments``, each chop cropped to its span."""
    from rich.color import ColorSystem
    from rich.control import Control

    color_system = console._color_system or ColorSystem.TRUECOLOR
    state = _PLAIN
    sequences: list[str] = []
    append = sequences.append
    move_to = Control.move_to
    chops = self.chops
    chop_ends = self.chop_ends
    for y, x1, x2 in self.spans:
        line = chops[y]
        ends = chop_ends[y]
        for end, (x, strip) in zip(ends, line.items()):
            if strip is None or x >= x2 or end <= x1:
                continue
            left = x if x >= x1 else x1
            right = end if end <= x2 else x2
            if left != x or right != end:
                strip = strip.crop(left - x, right - x)
            append(move_to(left, y).segment.text)
            state = render_strip(strip, color_system, append, state)
    if state != _PLAIN:
        append("\x1b[0m")  # leave the terminal as Textual expects it: no style set
    return "".join(sequences)  # every piece starts with a move: no newline between lines


def styles_readable() -> bool:
    """Whether Rich's styles and colours still hold what :func:`render_strip`
    reads (private fields): if not, Textual's own writing stays."""
    from rich.color import ColorSystem
    from rich.style import Style

    probe = Style(bold=True, color="red", bgcolor="blue")
    try:
        _sgr_state(probe, ColorSystem.TRUECOLOR)
        return probe._link is None and hasattr(probe, "_ansi")
    except (AttributeError, TypeError):
        return False
