import subprocess
import sys


def test_importing_core_and_every_ruleset_does_not_import_textual_or_io_modules():
    code = (
        "import sys, core.game, core.registry\n"
        "for r in core.registry.rulesets(): r.name\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'platformdirs', 'filelock', 'tui', 'saves', 'net', 'match')]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_the_network_package_imports_no_textual_and_no_tui():
    """``net`` (the authority, the transports, the remote seat) lives below
    the screens: importing every module of it brings in neither Textual nor
    anything of ``tui``."""
    code = (
        "import sys, pkgutil, importlib, net\n"
        "for m in pkgutil.iter_modules(net.__path__): importlib.import_module('net.' + m.name)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'tui')]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_the_match_package_imports_no_textual_no_tui_and_no_files():
    """``match`` (a game's life: seats, saving through a saver it is given,
    the computer's seats) lives below the screens: importing every module
    of it brings in neither Textual, nor ``tui``, nor the save files'
    packages."""
    code = (
        "import sys, pkgutil, importlib, match\n"
        "for m in pkgutil.iter_modules(match.__path__): importlib.import_module('match.' + m.name)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'tui', 'saves', 'platformdirs', 'filelock')]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
