import type { Prisma } from "@prisma/client";
import { ulid } from "@/lib/core/domain/ulid";
import type { DbClient } from "@/lib/core/db/client";

/** Writes who did what to what (staffId null: the service itself); call it in the transaction of the action itself. */
export async function recordAudit(
  client: DbClient,
  entry: { staffId: string | null; action: string; targetType: string; targetId: string; details?: Prisma.InputJsonValue },
) {
  await client.auditEntry.create({ data: { id: `aud_${ulid()}`, ...entry } });
}
