#!/usr/bin/env bash
# Browser tests drive Debian's chromium (no browser downloads work here); install it when missing.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "== installing Debian's chromium for the browser tests"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "chromium is missing and we are not root: install it with 'apt-get install chromium'" >&2; exit 1; }
  sudo="sudo"
fi
fail() {
  echo "could not install chromium through apt ($1). The browser tests need it: install it with 'apt-get install chromium' and run again." >&2
  exit 1
}
$sudo apt-get update -qq || fail "apt-get update failed"
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends chromium >/dev/null ||
  fail "apt-get install failed"

