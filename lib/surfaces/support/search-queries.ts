import "server-only";
import { db } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { findExactReference } from "@/lib/features/payments/find-exact-reference";

/** The support page a search names exactly by reference, or null (lib/features/payments/find-exact-reference.ts: an environment filter must agree). */
export function findSearchTarget(query: string, environment?: Environment): Promise<string | null> {
  return findExactReference(db(), query, environment);
}
