#!/usr/bin/env bash
# End to end in a real cluster: builds the image, creates a kind cluster, loads the image, installs
# the chart in cluster mode, applies config/samples/, and waits for the pod to be Ready, every
# sample to be Ready and a health check to pass.
#
# NEEDS DOCKER (a running engine: `docker info` must work), plus kind, kubectl and helm on PATH
# (or HELM=/path/to/helm; hack/helm-test.sh installs one in ~/.cache/vigil-tools). It does not run
# in CI, which has no Docker engine; CI runs `hack/kind-e2e.sh --render-only` (from
# hack/helm-test.sh): the chart rendered with exactly this script's values, no cluster needed.
#
#   bash hack/kind-e2e.sh               # build, create cluster vigil-e2e, test; keeps the cluster
#   KEEP_CLUSTER=0 bash hack/kind-e2e.sh  # delete the cluster afterwards
#   bash hack/kind-e2e.sh --render-only # print the manifests it would install
set -euo pipefail
cd "$(dirname "$0")/.."

CLUSTER=${CLUSTER:-vigil-e2e}
IMAGE=${IMAGE:-vigil:e2e}
NAMESPACE=vigil
HELM=${HELM:-helm}
ADMIN_PASSWORD=kind-e2e-password
VALUES=(
  --namespace "$NAMESPACE"
  --set "image.repository=${IMAGE%:*}" --set "image.tag=${IMAGE##*:}" --set image.pullPolicy=Never
  --set kubernetes.enabled=true
  --set "adminPassword=$ADMIN_PASSWORD"
  --set persistence.size=1Gi
)

if [ "${1:-}" = "--render-only" ]; then
  "$HELM" template vigil charts/vigil --include-crds "${VALUES[@]}"
  exit 0
fi

need() { command -v "$1" >/dev/null || { echo "kind-e2e: $1 is not on PATH ($2)" >&2; exit 1; }; }
need docker "this test needs Docker"
need kind "https://kind.sigs.k8s.io/docs/user/quick-start/#installation"
need kubectl "apt-get install kubectl, or see kubernetes.io"
need "$HELM" "bash hack/helm-test.sh installs one; HELM=~/.cache/vigil-tools/helm-*/helm"
docker info >/dev/null 2>&1 || {
  echo "kind-e2e: needs a running Docker engine (docker info failed); nothing was done" >&2
  exit 1
}

step() { echo "== $*"; }
dump() {
  echo "kind-e2e: FAILED; state of the release:" >&2
  kubectl -n "$NAMESPACE" get all,pvc >&2 || true
  kubectl -n "$NAMESPACE" describe pods >&2 || true
  kubectl -n "$NAMESPACE" logs deploy/vigil --tail=200 >&2 || true
}
trap dump ERR

step "docker build -t $IMAGE ."
docker build -t "$IMAGE" .

if ! kind get clusters | grep -qx "$CLUSTER"; then
  step "kind create cluster --name $CLUSTER"
  kind create cluster --name "$CLUSTER" --wait 120s
fi
kubectl config use-context "kind-$CLUSTER" >/dev/null
if [ "${KEEP_CLUSTER:-1}" = 0 ]; then
  trap 'kind delete cluster --name "$CLUSTER"' EXIT
fi

step "kind load docker-image $IMAGE"
kind load docker-image "$IMAGE" --name "$CLUSTER"

step "helm upgrade --install vigil charts/vigil (cluster mode)"
"$HELM" upgrade --install vigil charts/vigil --create-namespace --wait --timeout 5m "${VALUES[@]}"
kubectl -n "$NAMESPACE" rollout status deploy/vigil --timeout 180s
kubectl -n "$NAMESPACE" wait --for=condition=Ready pod -l app.kubernetes.io/instance=vigil --timeout 180s

step "kubectl apply -f config/samples/"
kubectl apply -f config/samples/
# A check that passes without the internet: Vigil's own /healthz through its Service.
kubectl apply -f - <<EOF
apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: vigil-self
  namespace: default
spec:
  schedule: '@every 10s'
  http:
    - name: vigil-healthz
      url: http://vigil.$NAMESPACE.svc:8080/healthz
      responseCodes: [200]
EOF

step "every sample Ready"
for f in config/samples/*.yaml; do
  kubectl wait --for=condition=Ready -f "$f" --timeout 120s
done
step "the vigil-self check passes"
for _ in $(seq 60); do
  status=$(kubectl -n default get canary vigil-self -o jsonpath='{.status.status}' 2>/dev/null || true)
  [ "$status" = Passed ] && break
  sleep 2
done
[ "$status" = Passed ] || { echo "kind-e2e: canary vigil-self is '$status', not Passed" >&2; false; }

step "graceful stop: delete the pod, the new one becomes Ready"
kubectl -n "$NAMESPACE" delete pod -l app.kubernetes.io/instance=vigil --wait --timeout 60s
kubectl -n "$NAMESPACE" rollout status deploy/vigil --timeout 180s

trap - ERR
echo "== kind-e2e passed (cluster kind-$CLUSTER; console: kubectl -n $NAMESPACE port-forward svc/vigil 8080)"
