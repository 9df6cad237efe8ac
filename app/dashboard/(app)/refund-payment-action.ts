"use server";

import { getTranslations } from "next-intl/server";
import { runDashboardAction, type ActionState } from "@/lib/surfaces/dashboard/dashboard-action";
import { REFUND_FORM_FIELDS, refundFromForm } from "@/lib/features/refunds/refund-from-form";

// The refund form of a paid link's and a completed deposit's pages: thin, the rules are createRefund's.
export async function refundPaymentAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const t = await getTranslations("dashboard.refunds");
  return runDashboardAction(
    "refunds:create",
    async ({ db, member, scope }) => {
      const fields = Object.fromEntries(REFUND_FORM_FIELDS.map((f) => [f, String(form.get(f) ?? "")]));
      const refund = await refundFromForm(db, scope, member.userId, fields);
      return { message: t("requested", { reference: refund.reference }) };
    },
    // The refusals a merchant can meet here, in words rather than codes.
    { errors: { not_found: t("errors.notFound"), "invalid:amount": t("errors.amount"), insufficient_balance: t("errors.balance"), refused: t("errors.notRefundable"), conflict: t("errors.notRefundable") } },
  );
}
