"""Nobody can pose as a stopped host (issue 30, point 5).

A second Unix account, made for the test, watches ``/proc/net/unix`` (any
account can) while a real host process serves a joiner.  The host gets
SIGHUP and removes its socket; the other account makes the game's folder
and socket in its place.  The joiner, rejoining by itself, sees that the
socket belongs to another account than the one it first joined and sends
it nothing; a joiner that never joined before gets as far as the hello,
whose challenge the impostor cannot answer without the code, and sends it
nothing more.  The real host, resuming, is told which account holds its
folder and what to do.
"""

from __future__ import annotations

import os
import pwd
import select
import signal
import socket
import subprocess
import time
import uuid

import pytest

from net import proof, wire
from net.client import HostError, RemoteSeat
from net.rendezvous import RendezvousError, meeting_place
from tests.remote.helpers import wait_until
from tests.remote.test_misbehaving_hosts import _host_process

pytestmark = pytest.mark.skipif(os.getuid() != 0, reason="needs root to make a second account")


@pytest.fixture
def other_account(meeting_place):
    name = f"skm{uuid.uuid4().hex[:8]}"
    subprocess.run(["useradd", "--no-create-home", "--shell", "/usr/sbin/nologin", name], check=True)
    os.chmod(meeting_place, 0o711)  # the test's private /tmp folder: others may pass through to the meeting place
    try:
        yield pwd.getpwnam(name)
    finally:
        subprocess.run(["userdel", name], check=False)


class Impostor:
    """A child process of the other account: it is given the game's socket
    as /proc/net/unix lists it, and once told, makes that socket itself and
    keeps every byte it is sent.  It answers a hello with a made-up proof.
    The list is read before the child becomes the other account: some
    kernels let only root read /proc/net/unix, and the test supposes the
    worst case, an account that has learnt the socket's path."""

    def __init__(self, account) -> None:
        self.go_r, self.go_w = os.pipe()
        self.ready_r, self.ready_w = os.pipe()
        self.out_r, self.out_w = os.pipe()
        place = str(meeting_place())
        self.pid = os.fork()
        if self.pid == 0:  # the child: the other account once it has the socket's path
            status = 1
            try:
                paths = self._listed(place)
                os.setgroups([])
                os.setgid(account.pw_gid)
                os.setuid(account.pw_uid)
                self._child(paths)
                status = 0
            finally:
                os._exit(status)
        for fd in (self.go_r, self.ready_w, self.out_w):
            os.close(fd)

    @staticmethod
    def _listed(place: str) -> list[str]:
        """The Unix sockets bound under ``place``, as /proc/net/unix lists them."""
        with open("/proc/net/unix") as table:
            return [line.split()[-1] for line in table.read().splitlines()[1:]
                    if line.split()[-1].startswith(place + "/")]

    def _child(self, paths: list[str]) -> None:
        os.write(self.ready_w, b"watched")
        os.read(self.go_r, 1)  # the host has stopped
        path = paths[0]
        os.mkdir(os.path.dirname(path), 0o711)
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        server.bind(path)
        os.chmod(path, 0o666)
        server.listen(8)
        os.write(self.ready_w, b"posing")
        got = bytearray()
        open_socks: list[socket.socket] = []
        while True:
            readable, _, _ = select.select([server, self.go_r, *open_socks], [], [], 0.2)
            if self.go_r in readable:
                break
            for each in readable:
                if each is server:
                    conn, _ = server.accept()
                    open_socks.append(conn)
                    continue
                data = each.recv(4096)
                if not data:
                    open_socks.remove(each)
                    each.close()
                    continue
                got += data
                if b'"hello"' in data:  # a proof made up: it does not hold the code
                    each.sendall(wire.encode("prove", host_nonce=proof.new_token(), mac=proof.new_token()))
        os.write(self.out_w, bytes(got) or b"-")

    def wait(self, what: bytes) -> None:
        assert os.read(self.ready_r, len(what)) == what

    def go(self) -> None:
        os.write(self.go_w, b"g")

    def finish(self) -> bytes:
        os.write(self.go_w, b"s")
        got = os.read(self.out_r, 1 << 20)
        os.waitpid(self.pid, 0)
        return b"" if got == b"-" else got

    def kill(self) -> None:
        try:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass


def test_after_the_hosts_sighup_another_account_gets_nothing_and_the_host_is_told_who(other_account, tmp_path,
                                                                                       monkeypatch):
    proc, code = _host_process("spheres_of_war", 1)
    seat = RemoteSeat(code)
    impostor = None
    try:
        seat.start()
        assert seat.host_uid == os.getuid()
        impostor = Impostor(other_account)
        impostor.wait(b"watched")
        os.kill(proc.pid, signal.SIGHUP)  # the host saves, says so, removes its socket and ends
        assert proc.wait(10) == 0
        assert wait_until(lambda: seat.status == "host-stopped")
        impostor.go()
        impostor.wait(b"posing")
        # the joiner tries again by itself, and will not talk to another account
        assert wait_until(lambda: seat.status == "distrusted", timeout=10), (seat.status, seat.reason)
        assert other_account.pw_name in seat.reason and "posing" in seat.reason
        assert seat.legal_orders() == []
        # a joiner that never joined this game before has no account to compare:
        # the impostor cannot prove it holds the code, and is sent nothing more
        monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path / "fresh"))
        with pytest.raises(HostError, match="did not prove"):
            RemoteSeat(code, retry=False).start()
        time.sleep(0.3)
        got = impostor.finish()
        impostor = None
        assert code.encode() not in got
        assert got.count(b'"hello"') == 1 and b'"answer"' not in got and b'"nonce"' not in got, got
        # the real host, resuming, is told who holds the game's folder and what to do
        from net.host import Host
        from tui.app import readable

        again = Host(seat.facts, 1, code, {})
        with pytest.raises(RendezvousError) as caught:
            again.open()
        told = readable(caught.value)
        assert other_account.pw_name in told and f"uid {other_account.pw_uid}" in told
        assert "rm -r" in told and "administrator" in told
    finally:
        seat.stop()
        if impostor is not None:
            impostor.kill()
        proc.kill()
        proc.wait()
