"""Playing over a network, apart from any screen (imports no Textual).

:mod:`net.authority` serves a table's seats (who sits where, what each is
sent); :mod:`net.unix` is one transport to reach a seat, a Unix socket;
:mod:`net.host` puts the two together.  :mod:`net.client` is the remote
seat, :mod:`net.wire` the messages, :mod:`net.rendezvous` the meeting
place, and :mod:`net.fairdice`, :mod:`net.proof`, :mod:`net.keep`,
:mod:`net.dicecheck` the fair dice and the join code's proofs.
"""
