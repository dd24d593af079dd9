#!/bin/sh
# Installs the Debian packages the product uses beside Node (chromium, prusa-slicer) when their binary is
# missing. Usage: sh ops/system-packages.sh chromium prusa-slicer
# Never fails: without root or apt-get it warns and exits 0 (without the slicer, offers stay estimates).
set -u

# The binary each package provides, so an installed package is not fetched again.
present() {
  case "$1" in
    chromium) [ -x /usr/bin/chromium ] ;;
    *) command -v "$1" >/dev/null 2>&1 ;;
  esac
}

missing=''
for package in "$@"; do
  present "$package" || missing="$missing $package"
done
[ -z "$missing" ] && exit 0

reason=''
command -v apt-get >/dev/null 2>&1 || reason='no apt-get on this machine'
[ "$(id -u)" = 0 ] || reason='not running as root'
if [ -n "$reason" ]; then
  echo "⚠ Cannot install$missing ($reason); continuing without them" >&2
  exit 0
fi

echo "› Installing system packages:$missing (apt-get)…"
export DEBIAN_FRONTEND=noninteractive
# shellcheck disable=SC2086 # $missing is a space-separated list of package names
if ! apt-get update -qq || ! apt-get install -y -qq --no-install-recommends $missing >/dev/null; then
  echo "⚠ Could not install:$missing (apt-get failed; continuing without)" >&2
fi
exit 0
