"""``python3 -m bench --only server``: simulated clients play random games
against one ``skirmish serve`` (a process of its own) at 10, 50 and 100
games at once.

Each game is two simulated players speaking the protocol
(:mod:`net.serverwire`) from one process of their own, over a selector:
each reads its seat's updates and, whenever its side may act and no order
of its own is unanswered, sends a random order from its ``legal`` list.
When a game ends another begins (the rulesets in turn), so the number of
games at once stays put.  Measured: orders a second (all games), the
order's round trip (sent to ``result``), the server's resident memory
(``VmRSS``) above its idle self, per game, and a connected client
process's own memory (a headless :class:`net.serverseat.ServerSeat`,
the terminal's connection without its screen).
"""

from __future__ import annotations

import json
import os
import pwd
import random
import selectors
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.stats import summary

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ("platemail", "spheres_of_war", "waylights", "optio", "plasto_latros")
LEVELS = (10, 50, 100)
THINKS = (1.0, 0.0)  # a quick player's second a move; then flat out (each order the moment the last is answered)


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far."""
    with open(f"/proc/{pid}/stat", encoding="utf-8") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _encode(kind: str, **fields: Any) -> bytes:
    from net import serverwire

    return serverwire.encode(kind, **fields)


def _ask(sock: socket.socket, reader: Any, kind: str, **fields: Any) -> dict:
    sock.sendall(_encode(kind, **fields))
    return json.loads(reader.readline())


def _hello(path: Path, name: str) -> tuple[socket.socket, Any]:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(30)
    sock.connect(str(path))
    reader = sock.makefile("rb")
    answer = _ask(sock, reader, "hello", identity=f"guest:{name}")
    if answer["type"] != "me":
        raise RuntimeError(f"refused: {answer}")
    return sock, reader


class Player:
    """One simulated player's seat connection."""

    def __init__(self, game: Game, sock: socket.socket, side: int) -> None:
        self.game = game
        self.sock = sock
        self.side = side
        self.inbox = bytearray()
        self.legal: list[str] = []
        self.to_act: list[int] = []
        self.sent_at: float | None = None
        self.ready_at = 0.0  # when its player has thought enough to give the next order
        self.over = False
        self.closed = False


class Game:
    def __init__(self, index: int) -> None:
        self.index = index
        self.players: list[Player] = []


class Bench:
    def __init__(self, path: Path, rng: random.Random, think: float = 0.0) -> None:
        self.path = path
        self.rng = rng
        self.think = think  # seconds a player takes over an order, on average (0: flat out)
        self.waiting: set[Player] = set()
        self.selector = selectors.DefaultSelector()
        self.trips: list[float] = []
        self.orders = 0
        self.games_done = 0
        self.started = 0
        self.refused = 0

    def new_game(self) -> None:
        n = self.started
        self.started += 1
        ruleset = RULESETS[n % len(RULESETS)]
        a_name, b_name = f"a{n}-{self.rng.randrange(10**6)}", f"b{n}-{self.rng.randrange(10**6)}"
        a, a_reader = _hello(self.path, a_name)
        b, b_reader = _hello(self.path, b_name)
        created = _ask(a, a_reader, "create", ruleset=ruleset, options=None, battlefield=None, seats=["me", "open"])
        gid = created["game"]
        joined = _ask(b, b_reader, "join", game=gid)
        assert joined["type"] == "joined", joined
        game = Game(n)
        for sock, side in ((a, 0), (b, 1)):
            sock.sendall(_encode("sit", game=gid, role="player"))
            player = Player(game, sock, side)
            game.players.append(player)
            sock.setblocking(False)
            self.selector.register(sock, selectors.EVENT_READ, player)  # nothing came before ``sit``

    def run(self, games: int, seconds: float) -> dict[str, Any]:
        for _ in range(games):
            self.new_game()
        began = time.perf_counter()
        while time.perf_counter() - began < seconds:
            for key, _ in self.selector.select(0.01 if self.think else 0.5):
                self._readable(key.data)
            now = time.perf_counter()
            for player in [p for p in self.waiting if p.ready_at <= now]:
                self.waiting.discard(player)
                self._maybe_order(player, thought=True)
        elapsed = time.perf_counter() - began
        for key in list(self.selector.get_map().values()):
            self._drop(key.data)
        return {"games": games, "seconds": elapsed, "orders": self.orders, "orders_per_s": self.orders / elapsed,
                "round_trip_ms": summary([t * 1000 for t in self.trips]), "finished": self.games_done,
                "refused": self.refused}

    def _readable(self, player: Player) -> None:
        if player.closed:  # its game ended earlier in this same batch of events
            return
        try:
            chunk = player.sock.recv(1 << 20)
        except BlockingIOError:
            return
        if not chunk:
            self._drop(player)
            return
        player.inbox += chunk
        while True:
            end = player.inbox.find(b"\n")
            if end < 0:
                break
            line = bytes(player.inbox[:end])
            del player.inbox[:end + 1]
            self._message(player, json.loads(line))
        self._maybe_order(player)

    def _drop(self, player: Player) -> None:
        self.waiting.discard(player)
        if player.closed:
            return
        player.closed = True
        try:
            self.selector.unregister(player.sock)
        except (KeyError, ValueError):
            pass
        player.sock.close()

    def _message(self, player: Player, message: dict) -> None:
        kind = message["type"]
        if kind == "update":
            player.legal, player.to_act = message["legal"], message["to_act"]
            if message["outcome"] is not None and not player.over:
                player.over = True
                if all(p.over for p in player.game.players):
                    self.games_done += 1
                    for p in player.game.players:
                        self._drop(p)
                    self.new_game()
        elif kind == "result":
            if player.sent_at is not None:
                self.trips.append(time.perf_counter() - player.sent_at)
                player.sent_at = None
                self.orders += 1
            if not message["ok"]:
                self.refused += 1

    def _maybe_order(self, player: Player, thought: bool = False) -> None:
        if player.over or player.sent_at is not None or player.side not in player.to_act or not player.legal:
            return
        if self.think and not thought:
            if player not in self.waiting:
                player.ready_at = time.perf_counter() + self.rng.expovariate(1 / self.think)
                self.waiting.add(player)
            return
        text = self.rng.choice(player.legal)
        player.sent_at = time.perf_counter()
        try:
            player.sock.sendall(_encode("order", text=text))
        except BlockingIOError:
            player.sent_at = None


def _client_memory(path: Path) -> int:
    """A headless client process with one seat connected: its VmRSS (KiB)."""
    code = (
        "import sys, os\n"
        "from net.serverclient import ServerClient\n"
        "c = ServerClient.connect(sys.argv[1], 'guest:memory-probe')\n"
        "gid, _ = c.create('platemail', None, ('me', 'easy'))\n"
        "seat = c.resume(gid)\n"
        "import time; time.sleep(1.0)\n"
        "print(open(f'/proc/{os.getpid()}/status').read().split('VmRSS:')[1].split()[0])\n"
        "seat.stop()\n")
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=120,
                         env=dict(os.environ, PYTHONPATH=str(ROOT)), cwd=ROOT)
    try:
        return int(out.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return 0


def run(quick: bool = False, log: Any = print, levels: tuple[int, ...] | None = None,
        seconds: float | None = None, thinks: tuple[float, ...] = THINKS) -> dict[str, Any]:
    levels = levels or ((5, 10) if quick else LEVELS)
    seconds = seconds or (3.0 if quick else 15.0)
    folder = Path(tempfile.mkdtemp(prefix="skb", dir="/tmp"))
    os.chmod(folder, 0o755)
    path = folder / "srv" / "socket"
    me = pwd.getpwuid(os.getuid()).pw_name
    server = subprocess.Popen([sys.executable, "-m", "tui", "serve", "--socket", str(path), "--data",
                               str(folder / "data"), "--door-account", me],
                              env=dict(os.environ, PYTHONPATH=str(ROOT)), cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    rows = []
    began = time.time()
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    try:
        end = time.monotonic() + 30
        while not path.exists() and time.monotonic() < end:
            time.sleep(0.05)
        time.sleep(0.3)
        idle = rss_kib(server.pid)
        for think in thinks:
            for games in levels:
                log(f"  server: {games} games at once for {seconds:g} s, {think:g} s a move")
                bench = Bench(path, random.Random(games), think)
                cpu = cpu_seconds(server.pid)
                row = bench.run(games, seconds)
                row["think"] = think
                row["server_cpu_ms_per_order"] = 1000 * (cpu_seconds(server.pid) - cpu) / max(1, row["orders"])
                row["server_rss_mib"] = rss_kib(server.pid) / 1024
                row["per_game_kib"] = (rss_kib(server.pid) - idle) / games
                rows.append(row)
                time.sleep(1.0)  # the games' connections close; the next level starts afresh
        client = _client_memory(path)
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(folder, ignore_errors=True)
    return {"levels": rows, "idle_server_mib": idle / 1024, "client_rss_mib": client / 1024,
            "cpus": os.cpu_count(), "load": load, "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(began))}


START, END = "<!-- server:start -->", "<!-- server:end -->"


def splice(document: str, section: list[str]) -> str:
    """``document`` with its server section replaced (or added before the
    hand-written findings)."""
    from bench.report import splice_section

    return splice_section(document, section, START, END)


def render(result: dict[str, Any]) -> list[str]:
    out = [
        "## The server under load",
        "",
        "`python3 -m bench --only server`: one `skirmish serve` process; simulated players (one process, the "
        "protocol over the Unix socket) play random legal orders in games of every ruleset in turn, a new game "
        "beginning as one ends. Round trip: an order sent until its `result` came back (the update to both "
        f"seats goes out before it). The server idle: {result['idle_server_mib']:.0f} MiB; a connected "
        f"headless client (a seat, no screen): {result['client_rss_mib']:.0f} MiB. Aim: 100 games at once "
        "with the p99 round trip under 100 ms.",
        "",
        "Each player thinks a while before each order (exponentially distributed, the mean in the first "
        "column), or not at all (flat out: the server's capacity). Server CPU: its user and system time "
        "over the orders taken."
        + (f" Measured {result['date']} with a load average of {result['load']} at the start "
           f"({result.get('cpus', '?')} cores)." if result.get("load") else ""),
        "",
        "| thinking | games at once | orders/s | round trip p50 | p99 | server CPU per order | server RSS "
        "| per game | games finished |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for row in result["levels"]:
        trip = row["round_trip_ms"]
        think = f"{row.get('think', 0):g} s" if row.get("think") else "flat out"
        out.append(f"| {think} | {row['games']} | {row['orders_per_s']:.0f} | {trip['median']:.1f} ms "
                   f"| {trip['p99']:.1f} ms | {row.get('server_cpu_ms_per_order', 0):.1f} ms "
                   f"| {row['server_rss_mib']:.0f} MiB | {row['per_game_kib']:.0f} KiB | {row['finished']} |")
    out.append("")
    return out


if __name__ == "__main__":
    print("\n".join(render(run("--quick" in sys.argv))))
