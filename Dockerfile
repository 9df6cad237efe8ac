# syntax=docker/dockerfile:1
# The payment collection service as Next's standalone output (the build with only the traced
# dependencies, `npm run build:standalone`), run by `npm start`'s launcher (scripts/start-server.cjs:
# one worker per core, WEB_CONCURRENCY to choose, each our server, server/app-server.cjs, with
# Next's request handler behind its front door) as a non-root user.
#   docker build -t payment-collection-service .
#   docker build --target migrate -t payment-collection-service:migrate .   # migrations + gateway catalog
# compose.yaml wires both with PostgreSQL, Redis and Inngest. The runtime stage is exactly
# .next/standalone after `npm run build:standalone`: run that folder to try the image without Docker.
#
# The address is given with --hostname (as below), not HOSTNAME, which Docker sets to the
# container's name. (Bound to 127.0.0.1, the server tells Next "localhost": vercel/next.js#94745,
# server/app-server.cjs.)
#
# Node 26, the current LTS line: Node 20 reached its end of life on 2026-04-30 (no more security
# fixes), and on 26 the same build answers about half as many requests again per core (README,
# Production). CI runs every test on Node 22.12, the lowest version package.json supports, and the
# unit and integration tests on 26 as well.

# ---- build: exactly the lock file, then the production build --------------------------------
FROM node:26-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
COPY prisma ./prisma
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build:standalone

# ---- migrate: a one-shot job before the app starts (prisma migrate deploy + gateway seed) ---
# It keeps the whole toolchain (tsx, the prisma CLI); the app image does not need it.
FROM build AS migrate
USER node
CMD ["npx", "tsx", "scripts/prepare-db.ts"]

# ---- runtime --------------------------------------------------------------------------------
FROM node:26-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000
COPY --from=build --chown=node:node /app/.next/standalone ./
USER node
EXPOSE 3000
# A heap of 256 MiB per worker: Node 26 otherwise lets it grow to ~270 MiB between major
# collections of a ~100 MiB live set, and a worker's RSS passed 512 MiB in `npm run soak`
# (docs/operations.md, Production).
ENV NODE_OPTIONS="--max-old-space-size=256"
# The launcher stops its workers gracefully on SIGTERM (docker stop), within SHUTDOWN_TIMEOUT_MS.
STOPSIGNAL SIGTERM
CMD ["node", "scripts/start-server.cjs", "--hostname", "0.0.0.0"]
