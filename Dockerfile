# syntax=docker/dockerfile:1
# The payment collection service, run by `npm start`'s launcher (scripts/start-server.cjs: one
# `next start` worker per core, WEB_CONCURRENCY to choose, scripts/server-preload.cjs in each) as
# a non-root user.
#   docker build -t payment-collection-service .
#   docker build --target migrate -t payment-collection-service:migrate .   # migrations + gateway catalog
# compose.yaml wires both with PostgreSQL, Redis and Inngest.
#
# Why not Next's standalone output (server.js): tried on this build, the API, the launcher and
# the preload worked, but every page (checkout, /pay, the locale pages) answered 404 from
# server.js while `next start` on the same build served them. Until that is understood, the
# image runs `next start` over the pruned production dependencies.

# ---- build: exactly the lock file, then the production build --------------------------------
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
COPY prisma ./prisma
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx next build

# ---- migrate: a one-shot job before the app starts (prisma migrate deploy + gateway seed) ---
# It keeps the whole toolchain (tsx, the prisma CLI); the app image does not need it.
FROM build AS migrate
USER node
CMD ["npx", "tsx", "scripts/prepare-db.ts"]

# ---- prune: production dependencies only (the generated Prisma client stays) ----------------
FROM build AS prune
RUN npm prune --omit=dev --no-audit --no-fund && rm -rf .next/cache e2e tests bench

# ---- runtime --------------------------------------------------------------------------------
FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000
COPY --from=prune --chown=node:node /app ./
USER node
EXPOSE 3000
# The client's address and oversized headers (see the script), in every worker.
ENV NODE_OPTIONS="--require /app/scripts/server-preload.cjs"
# The launcher stops its workers gracefully on SIGTERM (docker stop), within SHUTDOWN_TIMEOUT_MS.
STOPSIGNAL SIGTERM
CMD ["node", "scripts/start-server.cjs", "--hostname", "0.0.0.0"]
