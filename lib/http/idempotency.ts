import { createHash } from "node:crypto";
import { Prisma } from "@prisma/client";
import { ulid } from "@/lib/domain/ulid";
import { db, type DbClient } from "@/lib/db/client";
import type { Environment } from "@/lib/domain/environment";
import { ApiError } from "@/lib/errors/api-error";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
// A claim whose request never finished (the process died mid-request) is taken over after this.
// Safe: the resource and the key's response are committed in one transaction, so an unfinished
// claim means nothing was created.
const ABANDONED_CLAIM_MS = 60_000;

export type StoredResponse = { status: number; body: unknown; replayed?: boolean };

type Scope = { merchantId: string; environment: Environment; route: string };

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export function requestFingerprint(body: unknown): string {
  return createHash("sha256").update(stableStringify(body)).digest("hex");
}

export function parseIdempotencyKey(header: string | null): string | null {
  if (header === null) return null;
  if (header.length < 1 || header.length > 255 || !/^[\x21-\x7e]+$/.test(header)) {
    throw new ApiError(40023, {
      details: "Idempotency-Key must be 1 to 255 visible ASCII characters",
    });
  }
  return header;
}

/**
 * Runs a creating operation at most once per Idempotency-Key. The claim is a row under a unique
 * constraint, so of concurrent duplicates exactly one runs; the others get 409 while it runs and
 * the stored response afterwards. The operation and the stored response commit together.
 */
export async function runIdempotent(
  scope: Scope,
  key: string | null,
  body: unknown,
  operation: (tx: DbClient) => Promise<StoredResponse>,
): Promise<StoredResponse> {
  if (key === null) return db().$transaction((tx) => operation(tx));

  const fingerprint = requestFingerprint(body);
  const claimId = await claim(scope, key, fingerprint);
  if (typeof claimId !== "string") return claimId;

  try {
    return await db().$transaction(async (tx) => {
      const result = await operation(tx);
      await tx.idempotencyKey.update({
        where: { id: claimId },
        data: { responseStatus: result.status, responseBody: result.body as Prisma.InputJsonValue },
      });
      return result;
    });
  } catch (error) {
    // Nothing was created: free the key so a corrected retry can use it.
    await db().idempotencyKey.delete({ where: { id: claimId } }).catch(() => {});
    throw error;
  }
}

async function claim(scope: Scope, key: string, fingerprint: string): Promise<string | StoredResponse> {
  const where = { merchantId_environment_route_key: { ...scope, key } };
  for (let attempt = 0; attempt < 3; attempt++) {
    const id = ulid();
    const now = Date.now();
    const { count } = await db().idempotencyKey.createMany({
      data: [{ id, ...scope, key, requestHash: fingerprint, expiresAt: new Date(now + IDEMPOTENCY_TTL_MS) }],
      skipDuplicates: true,
    });
    if (count === 1) return id;

    const existing = await db().idempotencyKey.findUnique({ where });
    if (!existing) continue; // expired and removed between the two statements
    if (existing.expiresAt.getTime() <= now) {
      await db().idempotencyKey.deleteMany({ where: { id: existing.id, expiresAt: { lte: new Date(now) } } });
      continue;
    }
    if (existing.requestHash !== fingerprint) {
      throw new ApiError(40020, {
        status: 422,
        details: "This Idempotency-Key was already used with a different request body",
      });
    }
    if (existing.responseStatus !== null) {
      return { status: existing.responseStatus, body: existing.responseBody, replayed: true };
    }
    if (now - existing.createdAt.getTime() > ABANDONED_CLAIM_MS) {
      const taken = await db().idempotencyKey.updateMany({
        where: { id: existing.id, responseStatus: null, createdAt: existing.createdAt },
        data: { createdAt: new Date(now) },
      });
      if (taken.count === 1) return existing.id;
    }
    throw new ApiError(40020, {
      status: 409,
      details: "A request with this Idempotency-Key is still being processed; retry shortly",
    });
  }
  throw new ApiError(40020, { status: 409, details: "Idempotency-Key contention; retry shortly" });
}
