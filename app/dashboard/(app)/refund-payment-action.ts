"use server";

import { getTranslations } from "next-intl/server";
import { runDashboardAction, type ActionState } from "@/lib/surfaces/dashboard/dashboard-action";
import { REFUND_FORM_FIELDS } from "@/lib/surfaces/dashboard/refund-from-form";
import { FORM_TOKEN_FIELD } from "@/lib/core/domain/form-token";
import { refundOnce } from "@/lib/surfaces/dashboard/money-out-forms";

// The refund form of a paid link's and a completed deposit's pages: thin, the rules are createRefund's,
// done once per form token (posted again, it answers the same refund).
export async function refundPaymentAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const t = await getTranslations("dashboard.refunds");
  return runDashboardAction(
    "refunds:create",
    async ({ member, scope }) => {
      const fields = Object.fromEntries(REFUND_FORM_FIELDS.map((f) => [f, String(form.get(f) ?? "")]));
      const refund = await refundOnce({ member, scope }, form.get(FORM_TOKEN_FIELD), fields);
      return { message: t("requested", { reference: refund.reference }) };
    },
    // The refusals a merchant can meet here, in words rather than codes.
    { errors: { not_found: t("errors.notFound"), "invalid:amount": t("errors.amount"), insufficient_balance: t("errors.balance"), refused: t("errors.notRefundable"), conflict: t("errors.notRefundable") } },
  );
}
