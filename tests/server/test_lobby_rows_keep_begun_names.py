"""A game keeps the names it began with (README, *Playing on a server*:
``m`` changes the name the other players see, games under way keep
theirs; docs/server.md, *Protocol*).  A tester saw, after Bob named
himself Robert, a finished game listed as "Ann v Robert · Ann won: Bob
conceded" (its row read today's names from the seats, its result the
game's), and another game listed by one name to Ann and another to an
onlooker.  Every row of a begun game, to every viewer, and after a
restart of the server (which then holds no finished game), names the
players as the game did."""

from __future__ import annotations

from core.orders import Concede
from tests.server.helpers import wait_until


def rows(client, gid):
    lobby = client.lobby()
    return [e for section in (lobby.open, lobby.mine, lobby.live, lobby.finished) for e in section if e.id == gid]


def test_every_viewer_lists_begun_games_by_the_names_they_began_with_after_a_rename_and_a_restart(server):
    ann, bob = server.client("Ann"), server.client("Bob")
    over, _ = ann.create("spheres_of_war", None, ("me", "open"))
    seats = [ann.resume(over), bob.join(over)]
    seats[1].submit(Concede(1), wait=5)
    assert wait_until(lambda: seats[0].outcome() is not None)
    going, _ = bob.create("waylights", None, ("me", "open"))
    seats += [bob.resume(going), ann.join(going)]
    for seat in seats:
        seat.stop()
    assert bob.set_name("Robert").name == "Robert"
    server.stop()
    server.start()  # the finished game is no longer held: its row comes from the store
    ann, robert, cat = server.client("Ann"), server.client("Bob"), server.client("Cat")
    for viewer in (ann, robert, cat):
        (finished,) = rows(viewer, over)
        assert finished.players == ("Ann", "Bob"), (viewer.me.name, finished)
        assert finished.result == "Ann won: Bob conceded"
        (playing,) = rows(viewer, going)
        assert playing.players == ("Bob", "Ann"), (viewer.me.name, playing)
    assert robert.me.name == "Robert"
    waiting, _ = robert.create("waylights", None, ("me", "open"))
    (fresh,) = rows(cat, waiting)  # not begun: listed by the name its maker has now
    assert fresh.players == ("Robert", "open")
