# syntax=docker/dockerfile:1
# The payment collection service: Next's standalone output, run by `npm start`'s launcher
# (scripts/start-server.cjs: one worker per core, WEB_CONCURRENCY to choose) as a non-root user.
#   docker build -t payment-collection-service .
#   docker build --target migrate -t payment-collection-service:migrate .   # migrations + gateway catalog
# compose.yaml wires both with PostgreSQL, Redis and Inngest.

# ---- dependencies: exactly the lock file ------------------------------------------------
FROM node:20-bookworm-slim AS deps
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
COPY prisma ./prisma
RUN npm ci --no-audit --no-fund

# ---- build: the standalone server --------------------------------------------------------
FROM deps AS build
COPY . .
RUN BUILD_STANDALONE=1 npx next build

# ---- migrate: a one-shot job before the app starts (prisma migrate deploy + gateway seed) ---
# It has the whole toolchain (tsx, the prisma CLI); the app image does not need it.
FROM build AS migrate
USER node
CMD ["npx", "tsx", "scripts/prepare-db.ts"]

# ---- runtime --------------------------------------------------------------------------------
FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0
# server.js and the node_modules it needs (traced by Next), the static assets beside it, and the
# launcher and preload script (the client's address and oversized headers: see the script).
COPY --from=build --chown=node:node /app/.next/standalone ./
COPY --from=build --chown=node:node /app/.next/static ./.next/static
COPY --from=build --chown=node:node /app/scripts/start-server.cjs /app/scripts/server-preload.cjs ./scripts/
USER node
EXPOSE 3000
ENV NODE_OPTIONS="--require /app/scripts/server-preload.cjs"
# The launcher runs server.js in each worker and stops them gracefully on SIGTERM (docker stop).
STOPSIGNAL SIGTERM
CMD ["node", "scripts/start-server.cjs"]
