"""``skirmish`` and ``python -m tui``: start the app, or one of the
commands that work without it (``rules``, ``replay``)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import core

if TYPE_CHECKING:  # argparse itself is imported only when a command is given
    import argparse

DESCRIPTION = ("Play tabletop miniature-combat rulesets in a terminal: at one keyboard, "
               "in two terminals, or against the computer.")
EPILOG = "With no command, the game starts at its main menu."


def _file_name(text: str) -> Path:
    """A file named on the command line (an empty name is no file, not ".")."""
    import argparse

    if not text.strip():
        raise argparse.ArgumentTypeError("a file name is needed (this one is empty)")
    return Path(text)


def _minutes(text: str) -> float:
    """A time in minutes, more than none (a claim at once would let a
    player take every game whose opponent blinks)."""
    import argparse
    import math

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of minutes") from None
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"{text!r}: give more than 0 minutes")
    return value


FILE_COMMANDS = ("replay", "load", "watch", "host")
FILE_HELP = ("a save file (.json), or a save's name as Load lists it (with or without .json: looked for "
             "in the saves folder when it is no file here)")


def _parser_class() -> type[argparse.ArgumentParser]:
    import argparse
    import re

    class Parser(argparse.ArgumentParser):
        """argparse's parser, except that a command taking a FILE says so
        when a name starting with "-" was read as an option it has not
        (argparse said only that FILE is missing, or that the name is an
        unrecognized argument)."""

        def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
            action = super().add_argument(*args, **kwargs)
            self.__dict__.setdefault("option_names", set()).update(action.option_strings)
            return action

        def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
            self.given = list(sys.argv[1:] if args is None else args)
            namespace, extras = super().parse_known_args(args, namespace)
            stray = self._stray(extras)
            if stray is not None:
                self.error(self._hint(stray))
            return namespace, extras

        def error(self, message: str) -> NoReturn:
            stray = self._stray(getattr(self, "given", []))
            if stray is not None and message.startswith("the following arguments are required"):
                message = self._hint(stray)
            super().error(message)

        def _stray(self, tokens: list[str]) -> str | None:
            """The first of ``tokens`` read as an option this command has
            not (nor the start of one), if it takes a FILE."""
            if self.prog.rsplit(" ", 1)[-1] not in FILE_COMMANDS:
                return None
            known: set[str] = self.__dict__.get("option_names", set())
            for token in tokens:
                if token == "--":
                    return None
                if not token.startswith("-") or token == "-" or re.fullmatch(r"-\d+|-\d*\.\d+", token):
                    continue
                name = token.split("=", 1)[0]
                if not any(option == name or (name.startswith("--") and option.startswith(name))
                           for option in known):
                    return token
            return None

        def _hint(self, token: str) -> str:
            from tui.cli import printable

            shown = printable(token)
            command = self.prog.rsplit(" ", 1)[-1]
            return (f"{shown} is no option of {command}; if it is a file, write ./{shown} or -- {shown} "
                    f"(a name starting with - is read as an option)")

    return Parser


def _parser() -> argparse.ArgumentParser:
    parser_class = _parser_class()
    parser = parser_class(prog="skirmish", description=DESCRIPTION, epilog=EPILOG)
    parser.add_argument("--version", action="version", version=f"skirmish {core.__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=parser_class)
    commands.add_parser("rules", help="list the rulesets, one line each")
    replay = commands.add_parser("replay", help="check a saved game, play it back and print where it stands")
    replay.add_argument("file", type=_file_name, metavar="FILE", help=FILE_HELP)
    replay.add_argument("--json", action="store_true", help="print the result as JSON")
    replay.add_argument("--side", type=int, choices=(0, 1), default=None,
                        help="as this side sees it; refused while a game with secrets (Platemail, Optio) is "
                             "not over: it is shown only as both sides may see it, as watch does; a finished "
                             "game is shown in full")
    replay.add_argument("--log", action="store_true",
                        help="also print the log that view may read (all of it once the game is over)")
    commands.add_parser("continue", help="start the game on the most recent unfinished save")
    load = commands.add_parser("load", help="start the game on a save file")
    load.add_argument("file", type=_file_name, metavar="FILE", help=FILE_HELP)
    watch = commands.add_parser("watch", help="watch a saved game again from its start (never changes the save)")
    watch.add_argument("file", type=_file_name, metavar="FILE", help=FILE_HELP)
    host = commands.add_parser("host", help="host a game another terminal joins (a new game, or resume FILE)")
    host.add_argument("file", type=_file_name, metavar="FILE", nargs="?", help=FILE_HELP + "; the game to resume")
    host.add_argument("--computer", choices=("easy", "normal", "hard"), default=None, metavar="LEVEL",
                      help="the computer plays the host's side at LEVEL (easy, normal, hard); "
                           "this terminal looks on")
    join = commands.add_parser("join", help="join a game hosted in another terminal on this machine")
    join.add_argument("code", metavar="CODE", help="the join code the host shows")
    join.add_argument("--watch", action="store_true", help="watch as a neutral onlooker instead of playing")
    join.add_argument("--name", default=None, metavar="NAME",
                      help="your name, in place of the host's default name for your side (\"Player 2\")")
    lobby = commands.add_parser("lobby", help="the lobby of the Skirmish server on this machine (skirmish serve)")
    lobby.add_argument("--socket", type=Path, default=None, metavar="PATH",
                       help="the server's socket (default: $SKIRMISH_SERVER, else /tmp/skirmish-server/socket)")
    lobby.add_argument("--guest", action="store_true",
                       help="as the browser guest `skirmish web` names (what it runs for each tab)")
    door = commands.add_parser("door", help="the shared SSH account's ForceCommand: the lobby, as the key "
                                            "the player logged in with (needs sshd's ExposeAuthInfo yes)")
    door.add_argument("--socket", type=Path, default=None, metavar="PATH", help="the server's socket")
    web = commands.add_parser("web", help="serve the lobby to web browsers (each tab a guest of the Skirmish server)")
    web.add_argument("--host", default="127.0.0.1", metavar="ADDRESS",
                     help="the address to listen on (default 127.0.0.1: this machine only)")
    web.add_argument("--port", type=int, default=8000, metavar="N", help="the port to listen on (default 8000)")
    web.add_argument("--public-url", default=None, metavar="URL",
                     help="the address browsers use, when a reverse proxy is in front (e.g. https://example.org)")
    web.add_argument("--max-sessions", type=int, default=20, metavar="N",
                     help="browser tabs open at once (each runs its own app process; default 20)")
    web.add_argument("--socket", type=Path, default=None, metavar="PATH",
                     help="the Skirmish server's socket (default $SKIRMISH_SERVER, else the standard place)")
    serve = commands.add_parser("serve", help="run a Skirmish server: the neutral referee of every game on "
                                              "this machine, with a lobby (run it under an account of its own)")
    serve.add_argument("--socket", default=None, metavar="PATH",
                       help="the socket clients connect to (default: $SKIRMISH_SERVER or "
                            "/tmp/skirmish-server/socket)")
    serve.add_argument("--data", default=None, metavar="DIR",
                       help="where the games are stored (default: this account's data folder)")
    serve.add_argument("--door-account", action="append", default=[], metavar="NAME",
                       help="an account that carries other players (the shared SSH account, the web door) "
                            "and so may say whom it carries; may be given more than once")
    serve.add_argument("--claim-after", type=_minutes, default=5.0, metavar="MINUTES",
                       help="how long a player must have been away from a game that waits for them before "
                            "the opponent may claim it (default 5)")
    serve.add_argument("--idle-after", type=_minutes, default=30.0, metavar="MINUTES",
                       help="how long a game must have waited for a connected player who does nothing (no "
                            "order, drafts or chat) before the opponent may claim it (default 30)")
    return parser


def _door_login_words() -> str:
    """What a player who reached ``skirmish door`` without a terminal can
    do about it: only log in again with ``ssh -t`` (the door runs nothing
    else, so no other command may be offered), to this account, named as
    install.sh names it for the door's players."""
    import os
    import pwd

    try:
        account = pwd.getpwuid(os.getuid()).pw_name
    except KeyError:  # an account with no name (a container's): the advice stands without the example
        return "log in again with ssh -t"
    return f"log in again with ssh -t, as in: {ssh_login_words(account, os.environ.get('SSH_CONNECTION', ''))}"


def ssh_login_words(account: str, connection: str) -> str:
    """``ssh -t`` to ``account`` at the address and port this login came
    in on (sshd's SSH_CONNECTION: "client port server port"), the port
    named when it is not 22 (a tester's door on port 2262 was told
    "ssh -t t62door@vm"); without it, this machine's name."""
    import os

    parts = connection.split()
    host, port = (parts[2], parts[3]) if len(parts) == 4 else (os.uname().nodename, "22")
    if not port.isdigit() or not host.isprintable() or not host or " " in host:
        host, port = os.uname().nodename, "22"
    return f"ssh -t {'' if port == '22' else f'-p {port} '}{account}@{host}"


def _run_app(door_login: bool = False, **kwargs) -> int:
    """Start the app with ``kwargs``; without a terminal, say so instead
    (``door_login``: to a player who logged in through the SSH door)."""
    import os

    # A full-screen app needs a terminal (textual-serve's tabs run it with a driver of their own).
    if not (sys.stdin.isatty() and sys.stdout.isatty()) and "TEXTUAL_DRIVER" not in os.environ:
        # A save that cannot be loaded is said first: a terminal would not help it (with
        # one, the app says what is wrong with it).
        for key, command in (("load_path", "load"), ("watch_path", "watch"), ("host_path", "host")):
            problem = _unreadable(kwargs[key]) if kwargs.get(key) is not None else None
            if problem:
                return _refused(command, kwargs[key], problem + (_backup_words(kwargs[key]) if command == "load" else ""))
        if door_login:
            print(f"skirmish: the game needs a terminal, and this SSH login has none: {_door_login_words()}",
                  file=sys.stderr)
            return 2
        print("skirmish: the game needs a terminal, and its input or output is not one "
              "(over SSH: ssh -t; to check a save without one: skirmish replay FILE)", file=sys.stderr)
        return 2
    from core.collector import freeze_imports
    from tui.app import run_app  # imports Textual: only when the app starts

    freeze_imports()  # what the imports made lasts: full collections skip it
    return run_app(**kwargs) or 0


def _look(path: Path) -> tuple[str, str | None]:
    """What is at ``path``, checked without reading it: ("file", None) for
    what may be a save; else the kind of trouble and why it is no save:
    "missing" (nothing there), "other" (something there that is no save: a
    folder, a device, a broken link) or "unreachable" (the name cannot be
    looked up: too long, or a folder on the way that may not be searched)."""
    import errno
    import os
    import stat

    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        if exc.errno in (errno.ENOENT, errno.ENOTDIR):
            if os.path.islink(path):
                return "other", "it is a link to a file that is not there"
            return "missing", "there is no such file"
        if exc.errno == errno.ELOOP:
            return "other", "it, or a folder on the way to it, is a link that never ends (a loop of links)"
        if exc.errno == errno.ENAMETOOLONG:
            return "unreachable", "the name is too long (this system allows 255 bytes between two /, 4096 in all)"
        if exc.errno in (errno.EACCES, errno.EPERM):
            return "unreachable", "permission denied: this account may not look in a folder on the way to it"
        return "unreachable", f"it cannot be looked at ({exc.strerror or exc})"
    if stat.S_ISDIR(mode):
        return "other", "it is a folder, not a save file"
    if stat.S_ISREG(mode):
        return "file", None
    return "other", "it is not a regular file (a device, pipe or socket), so it is not a save"


def _folder_words(folder: Path | str) -> str:
    """A folder as a refusal names it, in brackets (the current one may
    have been deleted)."""
    import os

    from tui.cli import shown_folder

    if str(folder) == ".":
        try:
            os.getcwd()
        except OSError:
            return "(it has been deleted)"
    return f"({shown_folder(folder)})"


def _save_file(given: Path) -> tuple[Path, str | None]:
    """The save a command's FILE names, and why it cannot be one (None: it
    can).  A bare name (no folder in it, as the leave question shows a
    save's name) that is no file here is looked for in the saves folder
    too, with ``.json`` added when it has none (the Load list shows names
    without it); a name found in neither place says both places."""
    kind, problem = _look(given)
    if kind == "file" or len(given.parts) != 1 or given.name in ("", ".", ".."):
        return given, problem
    try:
        from saves.store import saves_dir

        folder = saves_dir()
    except Exception:  # noqa: BLE001 - no saves folder to look in: this folder only
        return given, problem
    there = folder / given
    kind_there, problem_there = _look(there)
    if kind_there == "file":
        return there, None
    if kind_there == "missing" and given.suffix != ".json":  # a save's name as the Load list shows it
        named = folder / (given.name + ".json")
        kind_named, problem_named = _look(named)
        if kind_named == "file":
            return named, None
        if kind_named == "other" and kind == "missing":  # a folder or a pipe of that name: say what it is
            return named, problem_named
    if kind != "missing":  # something of that name here, or a name that cannot be
        return given, problem
    if kind_there == "other":  # something of that name in the saves folder, but no save file
        return there, problem_there
    here = f"there is no such file in the current folder {_folder_words('.')}"
    if kind_there == "missing":
        return given, f"{here} nor in the saves folder {_folder_words(folder)}"
    return given, f"{here}, and the saves folder {_folder_words(folder)} cannot be looked in: {problem_there}"


def _not_hostable(path: Path) -> str | None:
    """Why ``skirmish host`` refuses this save: its game is over and was
    never hosted (there is nothing left to play, and hosting would rewrite
    the file: a new date and join code), or the computer plays the side a
    joiner would take (``hosting.computer_seat_problem``).  A finished
    hosted game is hosted again, with its code, for the host to offer the
    rematch (README, *After the end*).  A save that cannot be read is the app's to explain."""
    try:
        from saves.store import load_for_play
        from tui.opening import was_hosted

        game, pending, seats = load_for_play(path)
    except Exception:  # noqa: BLE001 - said when the app opens it
        return None
    if game.outcome is None or was_hosted(pending):
        from tui.remote.hosting import computer_seat_problem

        return computer_seat_problem(game, pending, seats)
    return ("its game is finished, so there is nothing left to host (skirmish load FILE shows its result, "
            "skirmish watch FILE plays it again); the file is left as it was")


def _unreadable(path: Path) -> str | None:
    """Why the save at ``path`` cannot be loaded (the loader's words), or None."""
    from saves.store import SaveError, load_for_play

    try:
        load_for_play(path)
    except SaveError as exc:
        return exc.problem
    except Exception:  # noqa: BLE001 - anything else is the app's to say when it opens the file
        return None
    return None


def _backup_words(path: Path) -> str:
    """What a broken save's backup (``<save>.bak``) offers, when it opens:
    said after why the save does not."""
    backup = Path(path).with_name(Path(path).name + ".bak")
    if not backup.is_file() or _unreadable(backup) is not None:
        return ""
    return (f"; its backup {backup.name} opens: in a terminal, skirmish load FILE offers to play on from it "
            "or to watch it")


NAME_SHOWN = 200  # characters of a refused file's name (one can be 4096 long)


def _refused(command: str, given: Path, problem: str) -> int:
    import os

    from tui.cli import printable, shown_folder

    # A path found for the name given (the saves folder's) is shown as paths are: ~ for the home folder.
    name = printable(shown_folder(given) if os.path.isabs(given) else str(given))
    if len(name) > NAME_SHOWN:
        name = name[:NAME_SHOWN - 1] + "…"
    print(f"skirmish: cannot {command} {name}: {printable(problem)}", file=sys.stderr)
    return 1


def main(argv: list[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:
        # The reader went away (``skirmish replay x --json | head``): stop quietly.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _main(argv: list[str] | None) -> int:
    if not (sys.argv[1:] if argv is None else argv):
        return _run_app()  # the main menu: no command to parse (argparse costs startup time)
    args = _parser().parse_args(argv)
    if args.command == "rules":
        from tui.cli import rules_lines

        print("\n".join(rules_lines()))
        return 0
    if args.command == "replay":
        from tui.cli import replay_command

        path, problem = _save_file(args.file)
        if problem:  # no file, a folder, a device: said as load, watch and host say it
            return _refused("replay", args.file, problem)
        # What is wrong with a file that is there is the save loader's to say.
        return replay_command(path, args.json, sys.stdout, sys.stderr, args.side, args.log)
    if args.command == "serve":
        from net.server import serve

        return serve(args.socket, args.data, args.door_account, claim_after=args.claim_after * 60,
                     idle_after=args.idle_after * 60)
    if args.command == "continue":
        return _run_app(continue_latest=True)
    if args.command == "host" and args.file is None:
        return _run_app(host_new=True, **({"host_computer": args.computer} if args.computer else {}))
    if args.command in ("load", "watch", "host"):
        path, problem = _save_file(args.file)
        if problem:
            return _refused(args.command, args.file, problem)
        from saves.session import backup_problem

        problem = backup_problem(path) if args.command in ("load", "host") else None
        if problem:
            return _refused(args.command, args.file, problem)
        if args.command == "load":
            return _run_app(load_path=path)
        if args.command == "watch":
            return _run_app(watch_path=path)
        problem = _not_hostable(path)
        if problem:
            return _refused("host", args.file, problem)
        return _run_app(host_path=path, **({"host_computer": args.computer} if args.computer else {}))
    if args.command == "lobby" and args.guest:
        from tui.web import guest_identity

        identity, problem = guest_identity()
        if problem:
            print(f"skirmish lobby --guest: {problem}", file=sys.stderr)
            return 1
        return _run_app(lobby=(args.socket, identity, True))
    if args.command == "lobby":
        return _run_app(lobby=(args.socket, None, False))
    if args.command == "door":
        from tui.cli import door_identity

        identity, problem = door_identity()
        if problem:
            print(f"skirmish door: {problem}", file=sys.stderr)
            return 1
        return _run_app(door_login=True, lobby=(args.socket, identity, True))
    if args.command == "join":
        from net.rendezvous import normal_code

        code = normal_code(args.code)
        if code is None:
            print("skirmish: that is not a join code (four groups of five letters and digits)", file=sys.stderr)
            return 1
        if args.name is not None:
            from net.names import joiner_name_refusal

            refused = joiner_name_refusal(args.name)
            if refused:  # said, never cleaned or cut on the way (the join screen says the same)
                print(f"skirmish: cannot join with that name: {refused}", file=sys.stderr)
                return 1
        named = {"join_name": args.name} if args.name is not None else {}
        return _run_app(join_code=code, join_watch=args.watch, **named)
    if args.command == "web":
        from tui.web import web_command

        return web_command(args.host, args.port, args.public_url, args.max_sessions, args.socket)
    return _run_app()


if __name__ == "__main__":
    sys.exit(main())
