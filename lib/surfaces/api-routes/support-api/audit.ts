// The latest admin actions, and what the service did on a merchant's change: who (null: the service), what, when
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { db } from "@/lib/core/db/client";
import { apiOperation } from "../operation";

const get = supportRoute({ action: "view" }, async () => {
  const entries = await db().auditEntry.findMany({ orderBy: { id: "desc" }, take: 100, include: { staff: { select: { email: true } } } });
  return {
    body: {
      items: entries.map((e) => ({
        id: e.id,
        at: e.createdAt.toISOString(),
        staff: e.staff?.email ?? null,
        action: e.action,
        targetType: e.targetType,
        targetId: e.targetId,
        details: e.details,
      })),
    },
  };
});

export const getSupportAudit = apiOperation({
  method: "GET",
  path: "/admin/api/audit",
  handler: get,
});
