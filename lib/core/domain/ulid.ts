import { randomFillSync } from "node:crypto";
import { monotonicFactory, ulid as ulidWith } from "ulid";

// The ulid package draws one byte from crypto.getRandomValues per character, 16 calls per id,
// after detecting the PRNG again on every call: a few percent of an API request's CPU, since a
// request makes up to three ids. The same CSPRNG bytes, filled 4 KiB at a time, cost a fraction.
const pool = Buffer.alloc(4096);
let next = pool.length;

function pooledRandom(): number {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  return pool[next++] / 256;
}

const monotonic = monotonicFactory(pooledRandom);

/**
 * A row id's ULID: 48-bit millisecond time, then 80 bits that are random for the first id of a
 * millisecond and count up from it for the next ones, so id order is creation order within a
 * process even for rows made in the same millisecond (the support tables page by id).
 */
export function ulid(): string {
  return monotonic();
}

/**
 * A ULID random in full, for references that customers see in URLs: a monotonic one would let
 * anyone holding one reference guess the next link's.
 */
export function randomUlid(): string {
  return ulidWith(undefined, pooledRandom);
}
