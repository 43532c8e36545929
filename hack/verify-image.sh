#!/usr/bin/env bash
# The container image without a Docker engine: runs the Dockerfile's build steps (npm ci, build,
# production-only npm ci) in a scratch directory, lays out /app as the runtime stage does, starts
# it as uid 10001 (setpriv, when run as root), checks /readyz and the HEALTHCHECK, stops it with
# SIGTERM and expects a clean exit. A broken Dockerfile step fails here. See hack/verify-image.ts.
# VERIFY_IMAGE_KEEP=1 keeps the scratch directory for a look.
set -euo pipefail
cd "$(dirname "$0")/.."
exec node_modules/.bin/tsx hack/verify-image.ts "$@"
