"""``skirmish join`` refused by the host says its reason in one sentence
(it said "The other seat is already taken.. To watch instead: …")."""

from __future__ import annotations

from net.client import JoinError
from tui.command_word import command_word
from tui.remote.joining import Joining
from tui.remote.play import JoinDone


class App:
    screen = None

    def __init__(self) -> None:
        self.exited: tuple = ()
        self.told: list[str] = []

    def exit(self, return_code: int = 0, message=None) -> None:
        self.exited = (return_code, str(message))

    def notify(self, text: str, **_kwargs) -> None:
        self.told.append(text)


class Seat:
    code = "abcde-fghij-klmno-pqrst"
    role = "player"

    def stop(self) -> None:
        pass


async def test_a_refused_join_says_its_reason_with_one_full_stop():
    app = App()
    joining = Joining(app, code=Seat.code)
    seat = joining._joining = Seat()
    await joining.done(JoinDone(seat, JoinError("The other seat is already taken.")))
    # the command as it runs here (tui/command_word.py: a path where sshd's PATH would not find it)
    assert app.exited == (1, "skirmish: cannot join: The other seat is already taken. To watch instead: "
                             f"{command_word()} join --watch {Seat.code}")
    joining.joined_once = True  # once in a game: said on the screen, and tried again
    seat = joining._joining = Seat()
    await joining.done(JoinDone(seat, JoinError("The other seat is already taken.")))
    assert app.told == ["Refused: The other seat is already taken. To watch instead: "
                        f"{command_word()} join --watch {Seat.code}"]
    seat = joining._joining = Seat()
    await joining.done(JoinDone(seat, OSError("no game is being hosted with that code")))
    assert app.told[-1] == "Cannot join: no game is being hosted with that code."
