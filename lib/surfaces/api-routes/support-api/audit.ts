// GET /admin/api/audit - the latest admin actions, and what the service did on a merchant's change: who (null: the service), what, when
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { db } from "@/lib/core/db/client";
import { routeMethods } from "@/lib/surfaces/http/api-route";

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

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: get });
