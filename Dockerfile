# ReCell's API and web app in one image. Build: docker build -t recell .
# Runs `node dist/server.js` (Node 24 LTS) on compiled output; `node dist/migrate.js` and
# `node dist/admin-create.js` run from the same image. compose.yaml shows the whole topology.

# ---- build: every workspace's dependencies, then the web app and the compiled API ----
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm_config_update_notifier=false
# Manifests first, so source changes reuse the installed dependencies.
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
COPY scale-out/package.json scale-out/
RUN npm ci --no-audit --no-fund
COPY . .
# The share of visits that report their Core Web Vitals is built into the web app (decision 0081):
# docker build --build-arg WEB_VITALS_SAMPLE_RATE=0.25 … (unset: 0.1).
ARG WEB_VITALS_SAMPLE_RATE
RUN npm run build

# ---- deps: the API's production dependencies only (the contract is bundled into dist) ----
FROM node:24-bookworm-slim AS deps
WORKDIR /app
ENV npm_config_update_notifier=false
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
COPY scale-out/package.json scale-out/
# (apps/api/node_modules holds the versions that differ from the hoisted ones; it may be empty.)
RUN npm ci --omit=dev --workspace=@recell/api --include-workspace-root=false --no-audit --no-fund \
  && mkdir -p apps/api/node_modules \
  && npm cache clean --force

# ---- runtime ----
FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
WORKDIR /app
# The repo's layout is kept: the API finds the repo root (and apps/web/dist) three folders above
# its bundle, and its migrations in dist/migrations.
COPY --from=deps --chown=root:root /app/node_modules ./node_modules
COPY --from=deps --chown=root:root /app/apps/api/node_modules ./apps/api/node_modules
COPY --from=build --chown=root:root /app/package.json ./
COPY --from=build --chown=root:root /app/apps/api/package.json ./apps/api/
COPY --from=build --chown=root:root /app/apps/api/dist ./apps/api/dist
COPY --from=build --chown=root:root /app/apps/web/dist ./apps/web/dist
# The code is read-only to the process; only DATA_DIR (PGlite and disk uploads, for a single-box
# demo with ALLOW_DEMO_SERVICES=true) is writable. Mount a volume there to keep it.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
WORKDIR /app/apps/api
EXPOSE 3000
# node is PID 1 with no init: the server installs its own SIGTERM/SIGINT handlers (PID 1 gets no
# default ones) and drains before exiting, and it starts no child processes to reap.
STOPSIGNAL SIGTERM
# Readiness, not liveness: 503 while draining or when the database is unreachable. No curl in slim.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--enable-source-maps", "dist/server.js"]
