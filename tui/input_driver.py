"""The terminal driver, tolerant of input that is not UTF-8.

Textual's Linux driver decodes what the terminal sends as strict UTF-8: one
byte that is not (``0xff``, or ``0xe9`` from a Latin-1 terminal over SSH)
raised UnicodeDecodeError in its input thread and ended the app.  Here the
same driver (put in place by tui/textual_fixes.py) decodes with ``errors="replace"``: a stray byte becomes U+FFFD,
a key no screen binds (a text field shows it as "�").

It also keeps a bracketed paste whole.  The terminal wraps pasted text in
``ESC[200~`` ... ``ESC[201~``; pasted text that itself holds ``ESC[201~``
used to end the paste there, and the rest of it was read as keys.  The
terminal writes a paste in one go, so an end marker followed, in the same
read, by more text (other than a new paste) is taken as part of the pasted
text and dropped: what follows stays in the paste.  A read that ends, inside
a paste, with the first bytes of an end marker holds them back until the
next read, so a marker split across two reads is judged whole.  (A marker
that ends exactly at the end of a read cannot be told from the paste's own
end, and is taken as its end.)"""

from __future__ import annotations

import codecs

PASTE_START = "\x1b[200~"
PASTE_END = "\x1b[201~"


class GuardedDecoder:
    """An incremental UTF-8 decoder with ``errors="replace"`` that also
    drops a paste end marker inside pasted text (see the module's doc)."""

    def __init__(self, encoding: str = "utf-8") -> None:
        self._inner = codecs.getincrementaldecoder(encoding)(errors="replace")
        self.in_paste = False
        self._held = ""  # the start of an end marker, from the end of the last read

    def decode(self, data: bytes, final: bool = False) -> str:
        return self.guard(self._inner.decode(data, final))

    def guard(self, text: str) -> str:
        text, self._held = self._held + text, ""
        out: list[str] = []
        at = 0
        while at < len(text):
            if not self.in_paste:
                start = text.find(PASTE_START, at)
                if start < 0:
                    out.append(text[at:])
                    break
                out.append(text[at:start + len(PASTE_START)])
                at = start + len(PASTE_START)
                self.in_paste = True
                continue
            end = text.find(PASTE_END, at)
            if end < 0:
                rest = text[at:]
                cut = _marker_start_at_end(rest)
                self._held = rest[cut:]
                out.append(_pasted(rest[:cut]))
                break
            after = end + len(PASTE_END)
            out.append(_pasted(text[at:end]))
            if after < len(text) and not text.startswith(PASTE_START, after):
                at = after  # more pasted text follows at once: this marker was pasted
                continue
            out.append(PASTE_END)
            at = after
            self.in_paste = False
        return "".join(out)


# Textual's parser reads an Esc inside a paste as the start of a key's code:
# the rest of the paste went out as keys ("^[1mbold..."), before the text
# pasted ahead of the Esc.  So a pasted Esc reaches the paste as the
# one-character CSI, a control character a field may refuse (by name: a
# terminal code), and the paste stays whole and in order.
PASTED_ESC = "\x9b"


def _pasted(text: str) -> str:
    return text.replace("\x1b", PASTED_ESC)


def _marker_start_at_end(text: str) -> int:
    """Where a proper prefix of the paste end marker begins at the end of
    ``text`` (``len(text)`` when it does not end with one)."""
    for size in range(min(len(PASTE_END) - 1, len(text)), 0, -1):
        if PASTE_END.startswith(text[-size:]):
            return len(text) - size
    return len(text)
