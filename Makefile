.PHONY: help run test build chart image kind lint format bench clean

# List the targets with what they do.
help:
	@awk '/^# / { doc = doc (doc ? " " : "") substr($$0, 3); next } \
	  /^[a-z-]+:/ { if (doc) printf "  make %-8s %s\n", substr($$1, 1, length($$1) - 1), doc; doc = ""; next } \
	  { doc = "" }' $(MAKEFILE_LIST)

# Start Vigil: embedded PostgreSQL (data in ./data), console on http://localhost:8080.
run:
	bash hack/run.sh

# The whole test suite: lint, types, unit, integration, end-to-end and browser tests.
test:
	bash hack/test.sh

# Build the CRDs, the operator and the console.
build:
	bash hack/ensure-deps.sh
	npm run build

# Check the Helm chart, config/default and config/flux with a real Helm (part of make test).
chart:
	bash hack/ensure-deps.sh
	bash hack/helm-test.sh

# Run the Dockerfile's steps without Docker and start the result as non-root (part of make test).
image:
	bash hack/ensure-deps.sh
	bash hack/verify-image.sh

# Build the image, install the chart in a kind cluster, apply the samples. Needs Docker and kind.
kind:
	bash hack/kind-e2e.sh

# ESLint and Prettier, as CI runs them.
lint:
	npx eslint .
	npx prettier --check .

# Rewrite every file in Prettier's style.
format:
	npx prettier --write .

# Benchmarks: loopback only, bounded, each prints ratios against a baseline run alongside.
# The catalog graph bench drives the built console in Debian's chromium.
bench:
	bash hack/ensure-deps.sh
	bash hack/ensure-test-services.sh
	bash hack/ensure-chromium.sh
	npm run build
	npm run bench:db
	npm run bench:k8s
	npm run bench:health
	npm run bench:catalog
	npm run bench:topology
	npm run bench:playbooks
	npm run bench:logs
	npm run bench:notifications
	npm run bench:agents

# Remove build output (dist folders).
clean:
	rm -rf crds/dist operator/dist console/dist
