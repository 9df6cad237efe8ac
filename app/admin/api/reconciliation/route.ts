// GET /admin/api/reconciliation - money-safety check: completed payments without ledger entries, links and attempts that disagree, unbalanced journals
import { adminRoute } from "@/lib/admin/admin-route";
import { db } from "@/lib/db/client";
import { reconcile } from "@/lib/ledger/reconcile";
import { routeMethods } from "@/lib/http/api-route";

const get = adminRoute({}, async () => {
  const problems = await reconcile(db());
  // The refunds to make are support's work list too: approved attempts of a link already paid.
  const refundsDue = await db().deposit.findMany({
    where: { refundDueReason: { not: null } },
    orderBy: { completedAt: "desc" },
    take: 100,
    select: { reference: true, refundDueReason: true, amountMinor: true, feesMinor: true, currency: true, customerPhone: true, completedAt: true, paymentLink: { select: { reference: true } } },
  });
  return {
    body: {
      ok: problems.length === 0,
      problems,
      refundsDue: refundsDue.map((d) => ({
        reference: d.reference,
        link: d.paymentLink?.reference ?? null,
        reason: d.refundDueReason,
        // What goes back to the customer: everything they paid, fees included, in minor units as text.
        totalMinor: (d.amountMinor + d.feesMinor).toString(),
        currency: d.currency,
        customerPhone: d.customerPhone,
        completedAt: d.completedAt?.toISOString() ?? null,
      })),
    },
  };
});

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: get });
