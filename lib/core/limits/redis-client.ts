import Redis from "ioredis";

// One connection per process, made on first use, only when REDIS_URL is set. No offline queue:
// a limiter call while Redis is down fails at once and the in-memory insurance limiter answers.
let client: Redis | null | undefined;

export function redisClient(): Redis | null {
  if (client !== undefined) return client;
  const url = process.env.REDIS_URL;
  client = url ? new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false }) : null;
  client?.on("error", () => {}); // reconnects on its own; the insurance limiter covers the gap
  return client;
}
