# syntax=docker/dockerfile:1
# One image: the operator, the built console and the docs. Build: docker build -t vigil .

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
RUN npm run build \
 && npm ci --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    VIGIL_DATA_DIR=/data \
    PORT=8080
# PostgreSQL's binaries need the C locale data and tzdata; run as a non-root user so the
# embedded PostgreSQL runs as the same user.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tzdata ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --uid 10001 --user-group --home-dir /app --no-create-home vigil \
 && mkdir -p /data && chown vigil:vigil /data
WORKDIR /app
COPY --from=build --chown=vigil:vigil /src/package.json ./package.json
COPY --from=build --chown=vigil:vigil /src/node_modules ./node_modules
COPY --from=build --chown=vigil:vigil /src/crds/package.json ./crds/package.json
COPY --from=build --chown=vigil:vigil /src/crds/dist ./crds/dist
COPY --from=build --chown=vigil:vigil /src/operator/package.json ./operator/package.json
COPY --from=build --chown=vigil:vigil /src/operator/dist ./operator/dist
COPY --from=build --chown=vigil:vigil /src/operator/migrations ./operator/migrations
COPY --from=build --chown=vigil:vigil /src/console/dist ./console/dist
COPY --chown=vigil:vigil docs ./docs
USER 10001
VOLUME /data
EXPOSE 8080 8443
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["node", "operator/dist/main.js"]
CMD ["serve"]
