"""The page ``skirmish web`` serves: textual-serve's, with two changes.

- It asks nothing of a third party (textual-serve's page fetches a font from
  fonts.googleapis.com; the copy served here does not, and falls back to the
  browser's monospace font).
- When the door closes a tab's websocket with a reason (a tab refused, every
  seat being taken; a tab closed for what it sent), the page says it: its
  "Session ended." box shows the reason.  textual-serve's script keeps its
  websocket to itself and shows only "Session ended.", so a script put in
  the page before it wraps the browser's ``WebSocket`` to hear the close.
"""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path

_GOOGLE_FONT = re.compile(r"\s*<link\b[^>]*fonts\.googleapis\.com[^>]*/?>", re.IGNORECASE | re.DOTALL)

# The websocket close codes the door uses, and what the page says for one
# closed with no reason of the door's own (aiohttp closes a message too big
# itself, with 1009 and no reason).
TRY_AGAIN_LATER = 1013
POLICY_VIOLATION = 1008
MESSAGE_TOO_BIG = 1009

_SHOW_CLOSE_REASON = """<script>
      // The door says why it closes a tab (the close's reason): show it in
      // the "Session ended." box instead of that alone.
      (() => {
        const Native = window.WebSocket;
        const unsaid = UNSAID;
        function Socket(...args) {
          const socket = new Native(...args);
          socket.addEventListener("close", (event) => {
            const reason = event.reason || unsaid[event.code];
            const message = document.querySelector(".closed-dialog .message");
            if (reason && message) {
              message.textContent = reason;
            }
          });
          return socket;
        }
        Socket.prototype = Native.prototype;
        Object.assign(Socket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
        window.WebSocket = Socket;
      })();
    </script>
    """


def page_template(source: str, max_message: int) -> str:
    """textual-serve's page template ``source`` as the door serves it."""
    unsaid = {MESSAGE_TOO_BIG: f"This tab sent a message over {max_message // 1024} KiB: closed."}
    page = _GOOGLE_FONT.sub("", source)
    script = _SHOW_CLOSE_REASON.replace("UNSAID", json.dumps(unsaid))
    # before textual-serve's script, which opens the websocket once the page has loaded
    at = page.index("<script")
    return page[:at] + script + page[at:]


def local_template_dir(max_message: int) -> Path:
    """A fresh folder holding the page's template (``app_index.html``)."""
    import textual_serve

    source = Path(textual_serve.__file__).parent / "templates" / "app_index.html"
    folder = Path(tempfile.mkdtemp(prefix="skirmish-web-"))
    (folder / "app_index.html").write_text(page_template(source.read_text(encoding="utf-8"), max_message),
                                           encoding="utf-8")
    return folder
