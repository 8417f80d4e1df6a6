#!/bin/sh
# Install Skirmish the way command-line apps are installed: into a virtual
# environment of its own, with the `skirmish` command linked into
# ~/.local/bin.  It never pip-installs into the system Python, so it works
# on Debian/Ubuntu's own Python (PEP 668, "externally managed") as on any
# other Python 3.11+.  Run it again to upgrade; `--uninstall` removes it.
# It ends by printing the `ssh -t` command that starts Skirmish from elsewhere
# (for the server's nologin account: that nobody plays from it; for a door
# account: the `ssh -t account@host` its players type).
#
#   sh install.sh               install or upgrade from this checkout
#   sh install.sh --uninstall   remove the environment and the command
#
# SKIRMISH_VENV (default ~/.local/share/skirmish/venv) and SKIRMISH_BIN
# (default ~/.local/bin) change where they go.  Saved games are never touched.
set -eu
cd "$(dirname "$0")"

venv="${SKIRMISH_VENV:-${XDG_DATA_HOME:-$HOME/.local/share}/skirmish/venv}"
bindir="${SKIRMISH_BIN:-$HOME/.local/bin}"

if [ "${1:-}" = "--uninstall" ]; then
  if [ -L "$bindir/skirmish" ]; then rm -f "$bindir/skirmish"; fi
  rm -rf "$venv"
  echo "Skirmish removed ($venv, $bindir/skirmish). Saved games stay in ~/.local/share/skirmish/saves."
  exit 0
fi

# The first Python 3.11 or newer on the PATH.
python=""
for candidate in python3 python3.13 python3.12 python3.11 python; do
  if command -v "$candidate" >/dev/null 2>&1 &&
     "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    python="$candidate"
    break
  fi
done
if [ -z "$python" ]; then
  echo "Skirmish needs Python 3.11 or newer (python3 --version shows yours)." >&2
  exit 1
fi

# Debian and Ubuntu ship venv (with ensurepip) as a separate package.
if ! "$python" -c 'import venv, ensurepip' >/dev/null 2>&1; then
  pkg="python3-venv"
  if command -v apt-get >/dev/null 2>&1; then
    ver=$("$python" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')
    apt-cache show "python$ver-venv" >/dev/null 2>&1 && pkg="python$ver-venv"
    echo "installing $pkg (Python's venv module) with apt-get"
    if [ "$(id -u)" = 0 ]; then
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$pkg"
    elif command -v sudo >/dev/null 2>&1; then
      sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$pkg"
    fi
  fi
  if ! "$python" -c 'import venv, ensurepip' >/dev/null 2>&1; then
    echo "Python's venv module is missing: install $pkg (or your system's equivalent) and run this again." >&2
    exit 1
  fi
fi

if [ ! -x "$venv/bin/python" ]; then
  echo "creating $venv"
  "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install -q --disable-pip-version-check --upgrade pip

# pip builds in the folder it is given: setuptools writes skirmish.egg-info
# and build/ there, which fails ("could not create", "Cannot update time
# stamp") in a checkout this account may not write: another account's, or
# one where an earlier `sudo pip install .` left those folders root's.  So it
# builds from a private copy of the checkout's files (not .git, .venv or what
# earlier builds left), removed when this script ends, however it ends.
work=$(mktemp -d "${TMPDIR:-/tmp}/skirmish-install.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 1' HUP INT TERM
mkdir "$work/src"
if ! { find . \( -path ./.git -o -path ./.venv -o -path ./build -o -path ./dist -o -name '*.egg-info' \
              -o -name __pycache__ -o -name '.*_cache' \) -prune -o ! -type d -print >"$work/files" &&
       tar -cf "$work/src.tar" -T "$work/files" && tar -xf "$work/src.tar" -C "$work/src"; }; then
  echo "Skirmish cannot be installed: this checkout ($PWD) could not be copied to $work to build it" \
       "(the messages above say which file could not be read)." >&2
  exit 1
fi
if ! "$venv/bin/python" -m pip install -q --disable-pip-version-check --upgrade "$work/src"; then
  echo "Skirmish could not be built and installed into $venv: pip's messages above say why." >&2
  exit 1
fi

mkdir -p "$bindir"
ln -sf "$venv/bin/skirmish" "$bindir/skirmish"
echo "installed: $bindir/skirmish ($("$venv/bin/skirmish" --version))"
case ":$PATH:" in
  *":$bindir:"*) ;;
  *) echo "note: $bindir is not on your PATH; add it (export PATH=\"$bindir:\$PATH\" in ~/.profile) or run $bindir/skirmish" ;;
esac

# A command given to ssh runs with sshd's own PATH (on Debian
# /usr/local/bin:/usr/bin:/bin:/usr/games), not the one ~/.profile makes for
# a login, so ~/.local/bin is not searched there: say the command that works.
# It runs in the home folder, hence a path relative to it.
case "$bindir" in
  /usr/local/bin | /usr/bin | /bin) remote="skirmish" ;;
  "$HOME"/*) remote="${bindir#"$HOME"/}/skirmish" ;;
  *) remote="$bindir/skirmish" ;;
esac
# The last words depend on the account: the server's service account cannot
# log in at all, and a door account (sshd runs `skirmish door` for it, its
# ForceCommand: README "Setting one up") ignores any command a player gives.
account=$(id -un)
shell=$(getent passwd "$account" 2>/dev/null | cut -d: -f7)
case "$shell" in
  */nologin | */false)
    echo "this account ($account) has no login shell: nobody plays from it; it runs Skirmish for others"
    echo "(the server's service: see the README's \"Setting one up\")."
    exit 0 ;;
esac
door_block() {  # a ForceCommand in an sshd_config Match block naming this account
  cat /etc/ssh/sshd_config /etc/ssh/sshd_config.d/*.conf 2>/dev/null | awk -v me="$account" '
    tolower($1) == "match" { mine = 0
      for (i = 2; i < NF; i++) if (tolower($i) == "user" && index("," $(i + 1) ",", "," me ",")) mine = 1
      next }
    mine && tolower($1) == "forcecommand" { found = 1 }
    END { exit !found }'
}
if door_block; then
  echo "this is a door account (sshd_config gives it a ForceCommand): players log in with"
  echo "  ssh -t $account@$(uname -n)"
  echo "(sshd runs its ForceCommand whatever command a player adds; see the README's \"Setting one up\")."
  exit 0
fi
echo "to play from another machine:"
echo "  ssh -t $(uname -n) $remote"
