"""A new administrator's door (README *Setting one up*, install.sh):

- the README says how the door gets the server's socket and account when
  they are not the default (sshd's ``SetEnv`` in the door's Match block),
  naming the variables the client really reads, in a block sshd accepts;
- it says to make ``~skirmish/.ssh`` and its keys' file, with owner and mode;
- install.sh's last words fit the account: no ssh command for the server's
  nologin account, ``ssh -t account@host`` (no command) for a door account
  whose sshd_config gives it a ForceCommand, the command for any other."""

from __future__ import annotations

import inspect
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from net import serverclient

ROOT = Path(__file__).resolve().parents[2]


def setting_one_up() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("**Setting one up**")
    return text[start:text.index("**What the server protects", start)]


def test_the_readme_gives_the_door_its_environment_with_setenv():
    section = setting_one_up()
    said = re.search(r"`SetEnv (SKIRMISH_\w+)=\S+ (SKIRMISH_\w+)=\S+`", section)
    assert said, section
    read = inspect.getsource(serverclient)
    for name in said.groups():  # the very names the door's client reads
        assert f'os.environ.get("{name}"' in read, name


def test_the_readmes_door_block_with_setenv_is_one_sshd_takes(tmp_path):
    if shutil.which("sshd") is None and not Path("/usr/sbin/sshd").exists():
        pytest.skip("no sshd here")
    section = setting_one_up()
    block = re.search(r"```sshd_config\n(.*?)```", section, re.S).group(1)
    setenv = re.search(r"`(SetEnv [^`]+)`", section).group(1)
    block = block.replace("    ForceCommand", f"    {setenv}\n    ForceCommand")
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(tmp_path / "hk")], check=True)
    config = tmp_path / "sshd_config"
    config.write_text(f"HostKey {tmp_path / 'hk'}\n{block}")
    done = subprocess.run([shutil.which("sshd") or "/usr/sbin/sshd", "-T", "-f", str(config),
                           "-C", "user=skirmish,host=x,addr=127.0.0.1"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "setenv SKIRMISH_SERVER=" in done.stdout and "setenv SKIRMISH_SERVER_ACCOUNT=" in done.stdout


def test_the_readme_says_to_make_the_door_accounts_ssh_folder_and_how():
    section = setting_one_up()
    assert re.search(r"install -d -o \w+ -g \w+ -m 7\d\d ~skirmish/\.ssh", section), section
    assert re.search(r"-m 6\d\d /dev/null ~skirmish/\.ssh/authorized_keys", section), section


def last_words(tmp_path: Path, shell: str, sshd_config: str, account: str = "skirmish") -> str:
    """install.sh's part after the install, as ``account`` whose login
    shell is ``shell``, with ``sshd_config`` as the machine's."""
    script = (ROOT / "install.sh").read_text(encoding="utf-8")
    tail = script[script.index("# A command given to ssh runs"):]
    assert "/etc/ssh/sshd_config /etc/ssh/sshd_config.d/*.conf" in tail
    config = tmp_path / "sshd_config"
    config.write_text(sshd_config)
    tail = tail.replace("/etc/ssh/sshd_config /etc/ssh/sshd_config.d/*.conf", str(config))
    tools = tmp_path / "bin"
    tools.mkdir(exist_ok=True)
    (tools / "id").write_text(f"#!/bin/sh\necho {account}\n")
    (tools / "getent").write_text(f"#!/bin/sh\necho '{account}:x:1:1::/home/{account}:{shell}'\n")
    (tools / "uname").write_text("#!/bin/sh\necho games.example\n")
    for tool in tools.iterdir():
        tool.chmod(0o755)
    home = f"/home/{account}"
    done = subprocess.run(["sh", "-c", f'HOME={home}; bindir={home}/.local/bin\n{tail}'],
                          capture_output=True, text=True, env={"PATH": f"{tools}:/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    return done.stdout


DOOR = """Match User skirmish
    AuthenticationMethods publickey
    ExposeAuthInfo yes
    ForceCommand /home/skirmish/.local/bin/skirmish door
"""


def test_install_sh_ends_with_the_door_players_ssh_line_for_a_door_account(tmp_path):
    said = last_words(tmp_path, "/bin/sh", DOOR)
    assert "ssh -t skirmish@games.example\n" in said
    assert ".local/bin/skirmish" not in said


def test_install_sh_gives_no_ssh_line_for_the_servers_nologin_account(tmp_path):
    said = last_words(tmp_path, "/usr/sbin/nologin", DOOR, account="skirmish-server")
    assert "ssh" not in said and "no login shell" in said


def test_install_sh_gives_the_command_for_any_other_account(tmp_path):
    said = last_words(tmp_path, "/bin/bash", DOOR, account="ann")  # the door's block is not Ann's
    assert said.rstrip().endswith("ssh -t games.example .local/bin/skirmish")
