"""One name, one player (a tester's second guest took "Ann", and the real
Ann's lobby and boards could no longer tell her from him): a name another
player on the server has is refused, whatever its case; a chosen name is
at most NAME_MAX characters, said and refused alike; which games are a
player's is decided by the player's id."""

from __future__ import annotations

import pytest

from net.serverclient import ServerError
from net.serverwire import NAME_MAX


def test_a_name_another_player_has_is_refused_whatever_its_case(server):
    ann, bob = server.client("Ann"), server.client("Bob")
    for taken in ("Ann", "ann", " ANN "):
        with pytest.raises(ServerError) as refused:
            bob.set_name(taken)
        assert refused.value.code == "name-taken"
        assert str(refused.value) == "Another player on this server is called Ann: choose another name."
    assert bob.me.name == "Bob" and server.client("Bob").me.name == "Bob"  # unchanged, in the store too
    assert ann.set_name("ANN").name == "ANN"  # her own name, in another case, is hers to take
    assert bob.set_name("Bobby").name == "Bobby"
    with pytest.raises(ServerError):
        server.client("Cat").set_name("bobby")


def test_a_newcomer_is_not_given_a_name_another_player_has():
    """Through a door, a guest's first name is its own; one that another
    player has already is numbered (the lobby never shows two Anns)."""
    from net.referee import Referee

    class Store:
        def __init__(self) -> None:
            self.rows: dict[str, dict] = {}

        def names(self) -> dict:
            return {}

        def all_fillers(self) -> dict:
            return {}

        def games(self, *_args, **_kwargs) -> list:
            return []

        def player(self, pid, kind, who, name, named):
            return self.rows.setdefault(pid, {"name": name, "named": named})

    referee = Referee(Store(), computers=False)
    assert referee.me("uid:ann", "uid", "ann", "ann", True)["name"] == "ann"
    assert referee.me("guest:Ann", "guest", "guest:Ann", "Ann", True)["name"] == "Ann (2)"
    assert referee.me("uid:ann", "uid", "ann", "ann", True)["name"] == "ann"  # known: as it was


def test_a_name_is_at_most_name_max_characters_and_a_longer_one_is_refused_not_cut(server):
    ann = server.client("Ann")
    with pytest.raises(ServerError) as refused:
        ann.set_name("A" * 60_000)
    assert refused.value.code == "bad-name"
    assert str(refused.value) == f"A name is at most {NAME_MAX} characters (that one has 60000)."
    assert server.client("Ann").me.name == "Ann"
    assert ann.set_name("B" * NAME_MAX).name == "B" * NAME_MAX
    assert NAME_MAX == 24  # what the lobby's question says (tests/tui/test_lobby_news.py)


def test_the_lobby_lists_a_players_games_by_their_id_not_their_name(server):
    """An older store may hold two players of one name: each lobby still
    lists as its own only the games its player sits at."""
    ann, other = server.client("Ann"), server.client("Other")
    server.db.set_name("guest:Other", "Ann")  # as a store from before names were kept apart
    server.referee.names["guest:Other"] = "Ann"
    gid, _ = other.create("spheres_of_war", None, ("me", "easy"))
    theirs = ann.lobby()
    assert theirs.mine == () and gid in {e.id for e in theirs.live}
    assert next(e for e in theirs.live if e.id == gid).you is None
    assert [e.id for e in other.lobby().mine] == [gid]
