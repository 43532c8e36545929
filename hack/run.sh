#!/usr/bin/env bash
# `make run`: install dependencies if missing, build, and start Vigil with the embedded PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
bash hack/ensure-deps.sh

bash hack/build-changed.sh
exec node operator/dist/main.js serve "$@"
