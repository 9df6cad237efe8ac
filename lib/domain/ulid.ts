import { randomFillSync } from "node:crypto";
import { ulid as ulidWith } from "ulid";

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

/** A ULID: 48-bit millisecond time, then 80 random bits (sortable by creation time). */
export function ulid(): string {
  return ulidWith(undefined, pooledRandom);
}
