#!/usr/bin/env bash
# Builds each workspace (crds, console, operator, in that order) only when something it is built
# from changed since its last build: a stamp in its dist/ records the newest input it was built
# from. `make run` uses it so a second start takes seconds, not a minute. `npm run build` (CI,
# the image) always builds everything.
set -euo pipefail
cd "$(dirname "$0")/.."

# What a workspace was built from: how many input files and the newest modification time among
# them (a deleted or added file changes the count); crds feed the other two.
newest() {
  find "$@" \( -name node_modules -o -name dist \) -prune -o -type f -printf '%T@\n' 2>/dev/null |
    sort -n | awk '{ n++; last = $1 } END { printf "%d files, newest %s\n", n, last }'
}

build() {
  local ws=$1
  shift
  local stamp="$ws/dist/.built-from"
  local inputs
  inputs=$(newest "$@" package-lock.json)
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$inputs" ]; then
    echo "== $ws: up to date"
    return
  fi
  echo "== building $ws"
  npm run build --silent -w "$ws"
  mkdir -p "$ws/dist"
  echo "$inputs" >"$stamp"
}

build crds crds/src crds/package.json crds/tsconfig.json crds/tsconfig.build.json
build console console crds/src
build operator operator/src operator/package.json operator/tsconfig.json operator/tsconfig.build.json crds/src
