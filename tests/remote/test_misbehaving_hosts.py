"""A host that misbehaves never crashes, hangs or bloats a joiner (issue
30, point 3): a silent host times out, an unreadable or older host is
named in a sentence, a stopped host leaves an order "unanswered" (never
taken as accepted) until the next update settles it, and a flood of valid
updates does not grow the joiner past what one game needs."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from core.game import start
from core.registry import find_ruleset
from core.seats import Facts
from net import client, wire
from net.client import HostError, RemoteSeat
from saves.library import battlefield_named
from tests.remote.fakehost import FakeHost, read_line, silent
from tests.remote.helpers import PLAYERS, wait_until

ROOT = Path(__file__).resolve().parents[2]


def _start_in_thread(seat: RemoteSeat) -> tuple[threading.Thread, list]:
    outcome: list = []

    def run() -> None:
        try:
            seat.start()
            outcome.append(None)
        except BaseException as exc:  # noqa: BLE001 - the test looks at it
            outcome.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, outcome


def test_a_silent_host_times_out_and_never_learns_the_code(monkeypatch):
    monkeypatch.setattr(client, "CONNECT_TIMEOUT", 1.0)
    fake = FakeHost(silent)
    seat = RemoteSeat(fake.code)
    try:
        began = time.monotonic()
        thread, outcome = _start_in_thread(seat)
        thread.join(8)
        assert not thread.is_alive(), "joining a host that never answers must give up"
        assert isinstance(outcome[0], OSError) and "did not answer" in str(outcome[0])
        assert time.monotonic() - began < 4
        assert fake.code.encode() not in bytes(fake.received)
    finally:
        seat.stop()
        fake.close()


def test_joining_can_be_cancelled_while_the_host_is_silent():
    fake = FakeHost(silent)
    seat = RemoteSeat(fake.code)
    try:
        thread, outcome = _start_in_thread(seat)
        assert wait_until(lambda: fake.connections == 1)
        began = time.monotonic()
        seat.stop()  # Esc on the join screen, ctrl+q, a signal
        thread.join(3)
        assert not thread.is_alive() and time.monotonic() - began < 2
        assert isinstance(outcome[0], OSError)
    finally:
        fake.close()


@pytest.mark.parametrize("reply, words", [
    (b"\x00\xffnot a skirmish host at all\n", "cannot read"),
    (b'{"v":2,"type":"refused","code":"bad-message","message":"unexpected key(s) challenge"}\n',
     "another version of Skirmish (it speaks protocol 2"),
    (b'{"v":%d,"type":"welcome","side":1}\n' % wire.VERSION, "cannot read"),  # a welcome before any proof, and short
])
def test_an_unreadable_or_older_host_is_refused_in_a_sentence(reply, words):
    def answer(sock, fake):
        read_line(sock, fake.received)
        sock.sendall(reply)
        fake.listen_forever(sock)

    fake = FakeHost(answer)
    seat = RemoteSeat(fake.code, retry=False)
    try:
        with pytest.raises(HostError) as caught:
            seat.start()
        assert words in str(caught.value), str(caught.value)
        assert "Traceback" not in str(caught.value) and fake.code.encode() not in bytes(fake.received)
    finally:
        seat.stop()
        fake.close()


def _host_process(ruleset: str, remote_side: int) -> tuple[subprocess.Popen, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "tests.remote.host_process", ruleset, str(remote_side)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    return proc, proc.stdout.readline().strip()


def _state(pid: int) -> str:
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]


def test_a_stopped_host_leaves_an_order_unanswered_until_the_next_update_settles_it():
    proc, code = _host_process("spheres_of_war", 0)  # the joiner plays side 0, which acts first
    seat = RemoteSeat(code)
    try:
        seat.start()
        assert seat.may_act()
        before_version, before_events = seat.version, seat.events()
        order = seat.legal_orders()[0]
        os.kill(proc.pid, signal.SIGSTOP)
        assert wait_until(lambda: _state(proc.pid) == "T")
        began = time.monotonic()
        result = seat.submit(order)
        waited = time.monotonic() - began
        assert waited < client.ANSWER_WAIT + 1, f"the joiner waited {waited:.1f} s on a stopped host"
        assert getattr(result, "code", None) == client.UNANSWERED, result
        assert "not answered" in result.message
        # unknown: nothing of the order is shown as if it had been taken
        assert seat.version == before_version and seat.events() == before_events
        os.kill(proc.pid, signal.SIGCONT)
        # the host goes on, takes the order, and the next update says so
        assert wait_until(lambda: seat.version > before_version)
        assert len(seat.events()) > len(before_events) and seat.host_version == 1
        assert seat.notice == ""  # it was taken, not refused
    finally:
        os.kill(proc.pid, signal.SIGCONT)
        seat.stop()
        proc.kill()
        proc.wait()


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


JOINER = """
import sys, time
from net.client import RemoteSeat
seat = RemoteSeat(sys.argv[1], retry=False)
print("ready", flush=True)
sys.stdin.readline()
try:
    seat.start()
except Exception as exc:
    print("refused", exc, flush=True)
while seat.status not in ("broken", "lost") and not seat._stop:
    time.sleep(0.05)
print("done", seat.status, len(seat.events()), flush=True)
sys.stdin.readline()
"""

UPDATES = 40
EVENTS_EACH = 12_000


def test_a_flood_of_valid_updates_does_not_bloat_the_joiner():
    rules = find_ruleset("spheres_of_war")
    game = start(rules, None, battlefield_named(rules.default_battlefield), 5, PLAYERS)
    facts = Facts(game.ruleset_name, game.options, game.battlefield, game.players)
    log = wire.events_out(rules, game.log_for(1))
    assert log
    events = (log * (EVENTS_EACH // len(log) + 1))[:EVENTS_EACH]
    update = wire.encode("update", version=1, view=wire.view_out(rules, game.view(1)), to_act=[0], legal=[],
                         events=events, orders=[], outcome=None, present=True)
    assert len(update) < wire.HOST_MAX
    sent: list[int] = []

    def flood(sock, fake):
        fake.honest_hello(sock)
        sock.sendall(wire.encode("welcome", side=1, commit="", started=True, **wire.facts_out(facts)))
        for number in range(UPDATES):
            sock.sendall(update)
            sent.append(number)

    fake = FakeHost(flood)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-c", JOINER, fake.code], cwd=ROOT, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "ready"
        before = _rss_kib(proc.pid)
        proc.stdin.write("go\n")
        proc.stdin.flush()
        done = proc.stdout.readline().split()
        after = _rss_kib(proc.pid)
        assert done[:2] == ["done", "broken"], done  # it stopped listening to the flood
        assert int(done[2]) <= client.MAX_EVENTS
        grew = (after - before) / 1024
        print(f"joiner RSS {before / 1024:.0f} MB -> {after / 1024:.0f} MB over {len(sent)} updates sent")
        assert grew < 120, f"the joiner grew by {grew:.0f} MB"
    finally:
        proc.kill()
        proc.wait()
        fake.close()


async def test_the_joined_screen_says_an_order_to_a_stopped_host_is_unanswered_and_stays_live(data_dir):
    """The screen over a stopped host: the order is "sent, not answered",
    never "not allowed" and never shown as taken; keys still work; once the
    host goes on, the board shows what it did."""
    from textual.widgets import RichLog

    from tests.remote.helpers import showing, until
    from tui.app import SkirmishApp
    from tui.game_screen import GameScreen

    proc, code = _host_process("spheres_of_war", 0)
    try:
        app = SkirmishApp(join_code=code)
        async with app.run_test(size=(80, 24)) as pilot:
            assert await until(pilot, lambda: showing(app, GameScreen))
            screen, seat = app.screen, app.remote_seat
            assert await until(pilot, lambda: seat.may_act())
            version = seat.version
            os.kill(proc.pid, signal.SIGSTOP)
            assert wait_until(lambda: _state(proc.pid) == "T")
            began = time.monotonic()
            await pilot.press("d")  # deploy: the first order goes to the stopped host
            assert time.monotonic() - began < client.ANSWER_WAIT + 1.5
            pane = "\n".join(str(line.text) for line in screen.query_one("#log", RichLog).lines)
            assert "has not answered yet" in pane and "Not allowed" not in pane, pane
            assert seat.version == version
            await pilot.press("question_mark")  # the app still takes keys
            await pilot.press("escape")
            os.kill(proc.pid, signal.SIGCONT)
            assert await until(pilot, lambda: seat.version > version)
            app.stop_joined()
    finally:
        os.kill(proc.pid, signal.SIGCONT)
        proc.kill()
        proc.wait()
