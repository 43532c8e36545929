#!/usr/bin/env bash
# `make test`: the whole suite — static checks, unit and integration tests, then the end-to-end
# tests against the built server in a real browser. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
bash hack/ensure-deps.sh
bash hack/ensure-chromium.sh
bash hack/ensure-test-services.sh

echo "== format, lint, types"
npx prettier --check . --log-level warn
npx eslint . --max-warnings 0
npm run typecheck --silent

echo "== build"
npm run build --silent

echo "== Helm chart, kustomize base, Flux examples (real Helm, Kubernetes OpenAPI schemas)"
bash hack/helm-test.sh

echo "== container image: the Dockerfile's steps, started as non-root (no Docker engine needed)"
bash hack/verify-image.sh

results=$(mktemp -d)
echo "== unit and integration tests"
npx vitest run --project crds --project operator --project console \
  --reporter=default --reporter=json --outputFile.json="$results/unit.json"

echo "== end-to-end tests (real server, real browser)"
npx vitest run --project e2e --reporter=default --reporter=json --outputFile.json="$results/e2e.json"

echo "== all tests passed in $(( $(date +%s) - start )) s"
node -e '
  let passed = 0, failed = 0, skipped = 0;
  for (const f of process.argv.slice(1)) {
    const r = require(f);
    passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + r.numTodoTests;
  }
  console.log(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
' "$results/unit.json" "$results/e2e.json"
rm -rf "$results"
