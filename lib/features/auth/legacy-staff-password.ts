import { scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

// Support staff's passwords from before better-auth: `scrypt$N$r$p$salt$hash` (base64), written by
// the hand-written code this project used to have. Migrated accounts keep these hashes until their
// owner next signs in (lib/features/staff/sign-in.ts rewrites them in better-auth's format), so they must
// still verify. Nothing writes this format any more.
const KEY_LENGTH = 64;
const PREFIX = "scrypt$";

export const isLegacyStaffHash = (stored: string) => stored.startsWith(PREFIX);

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function verifyLegacyStaffPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await derive(password, Buffer.from(salt, "base64"), { N: Number(N), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
