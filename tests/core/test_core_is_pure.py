import subprocess
import sys


def test_importing_core_and_every_ruleset_does_not_import_textual_or_io_modules():
    code = (
        "import sys, core.game, core.registry\n"
        "for r in core.registry.rulesets(): r.name\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'platformdirs', 'filelock', 'tui', 'saves')]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
