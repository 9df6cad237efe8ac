// CI has Redis on 127.0.0.1:6379 (.ci/run starts it); tests that need it skip, with a reason, without it.
export const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Whether a Redis answers at redisUrl. */
export async function isRedisUp(): Promise<boolean> {
  const { default: Redis } = await import("ioredis");
  const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
