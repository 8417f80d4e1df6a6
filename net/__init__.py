"""Playing over a network, apart from any screen (imports no Textual).

:mod:`net.authority` serves a table's seats (who sits where, what each is
sent); :mod:`net.unix` is one transport to reach a seat, a Unix socket;
:mod:`net.host` puts the two together.  :mod:`net.client` is the remote
seat (:mod:`net.handshake` its hello, which makes the join code's answerer
prove it is the host), :mod:`net.wire` the messages, :mod:`net.rendezvous` the meeting
place, and :mod:`net.fairdice`, :mod:`net.proof`, :mod:`net.keep`,
:mod:`net.dicecheck` the fair dice and the join code's proofs.

The server (``skirmish serve``, issue 28) is the neutral referee of every
game on the machine: :mod:`net.referee` holds the games (a strict
``match.Match`` each, stored by :mod:`saves.gamedb`) and the lobby,
:mod:`net.server` is its Unix-socket door, :mod:`net.serverwire` its
messages and :mod:`net.serverclient` the client (the lobby and the seats).
See ``docs/server.md``.
"""
