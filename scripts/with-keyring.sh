#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with a throwaway, unlocked gnome-keyring, so
# keychain tests use a real Secret Service without touching the user's own keyring.
set -euo pipefail
if [ -n "${SCOUT_PRIVATE_KEYRING:-}" ]; then exec "$@"; fi
for tool in dbus-run-session gnome-keyring-daemon; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "Scout tests need $tool: run 'npm run bootstrap' (it installs dbus and gnome-keyring)." >&2
    exit 1
  fi
done
keyring_home=$(mktemp -d -t scout-keyring-XXXXXX)
trap 'rm -rf "$keyring_home"' EXIT
export SCOUT_KEYRING_HOME="$keyring_home"
# fd 3 carries the real stderr to the command; the bus daemon's own chatter (service
# activations, fd-limit warnings) goes to a log in the throwaway home instead.
dbus-run-session -- bash -c '
  set -euo pipefail
  # A throwaway HOME: the keyring (and anything else a test writes there) vanishes afterwards.
  export HOME="$SCOUT_KEYRING_HOME" XDG_DATA_HOME="$SCOUT_KEYRING_HOME/.local/share" XDG_RUNTIME_DIR="$SCOUT_KEYRING_HOME/run"
  mkdir -p "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
  # --unlock reads the new keyring'"'"'s password from stdin; it must not be empty.
  eval "$(printf "scout-test-keyring" | gnome-keyring-daemon --unlock --components=secrets 2>&3)"
  export GNOME_KEYRING_CONTROL SCOUT_PRIVATE_KEYRING=1
  exec "$@" 2>&3 3>&-
' scout-keyring "$@" 3>&2 2>"$keyring_home/dbus.log"
