#!/usr/bin/env bash
# The health-check tests probe real services started on loopback: MariaDB, Redis, ping, and the
# benchmark compares against prometheus-blackbox-exporter. All from Debian's packages; install the
# missing ones (never started as system services: the tests start their own on spare ports).
set -euo pipefail
need=()
command -v mariadbd >/dev/null || [ -x /usr/sbin/mariadbd ] || need+=(mariadb-server)
command -v redis-server >/dev/null || need+=(redis-server)
command -v ping >/dev/null || need+=(iputils-ping)
[ -x /usr/bin/prometheus-blackbox-exporter ] || need+=(prometheus-blackbox-exporter)
[ ${#need[@]} -eq 0 ] && exit 0
echo "== installing Debian packages for the health-check tests: ${need[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "missing ${need[*]} and we are not root: install them with 'apt-get install ${need[*]}'" >&2; exit 1; }
  sudo="sudo"
fi
# policy-rc.d 101 keeps the packages from starting system-wide services during the install.
policy=/usr/sbin/policy-rc.d
created_policy=""
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' | $sudo tee "$policy" >/dev/null && $sudo chmod +x "$policy" && created_policy=1
fi
fail() {
  echo "could not install ${need[*]} through apt ($1). The health-check tests need them: install them with 'apt-get install ${need[*]}' and run again." >&2
  [ -n "$created_policy" ] && $sudo rm -f "$policy"
  exit 1
}
$sudo apt-get update -qq || fail "apt-get update failed"
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null ||
  fail "apt-get install failed"

[ -n "$created_policy" ] && $sudo rm -f "$policy"
exit 0
