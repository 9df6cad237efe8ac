"use server";

import { getLocale, getTranslations } from "next-intl/server";
import { gatewayLabel } from "@/lib/core/i18n/code-labels";
import { formatMinor } from "@/lib/core/domain/money";
import { formatPhone } from "@/lib/core/domain/phone-display";
import { isOutcome } from "@/lib/core/errors/domain-error";
import { FORM_TOKEN_FIELD } from "@/lib/core/domain/form-token";
import { reviewTransferFromForm, transferLimitFromForm, TRANSFER_FORM_FIELDS } from "@/lib/features/transfers/balance-and-transfers";
import { runDashboardAction, type ActionState } from "@/lib/surfaces/dashboard/dashboard-action";
import { requestTransferOnce } from "@/lib/surfaces/dashboard/money-out-forms";

/**
 * The withdrawal form, in two steps (money leaves only once asked): without `step=confirm` the
 * form is checked and answered with the question (amount, fees, what leaves the balance) and
 * nothing is written; with it, the withdrawal is made. Asking more than the balance can pay with
 * its fees says the most that can be withdrawn. Works as a plain form without JavaScript: the
 * answer carries what was typed, for the re-rendered page. The confirmation is made once per form
 * token: posted again, it answers the same withdrawal (lib/surfaces/dashboard/money-out-forms.ts).
 */
export async function requestTransferAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const [t, tApi, labels, locale] = await Promise.all([getTranslations("dashboard"), getTranslations("apiErrors"), getTranslations("labels"), getLocale()]);
  const fields = Object.fromEntries(TRANSFER_FORM_FIELDS.map((f) => [f, String(form.get(f) ?? "")]));
  // "Change" without JavaScript: back to the fields, as they were typed.
  if (form.get("step") === "edit") return { fields };
  const confirmed = form.get("step") === "confirm";
  const state = await runDashboardAction(
    "transfers:request",
    async ({ db, member, scope }) => {
      try {
        if (confirmed) {
          // Not reviewed again first: a post of a form already done answers what it did, whatever the balance is now.
          const transfer = await requestTransferOnce({ member, scope }, form.get(FORM_TOKEN_FIELD), fields);
          return { message: t("balance.requested", { reference: transfer.reference }) };
        }
        const review = await reviewTransferFromForm(db, scope, fields);
        const money = (minor: bigint) => formatMinor(minor, review.input.currency, locale);
        const gateway = gatewayLabel(labels, review.gateway);
        const question = t("balance.question", { amount: money(review.amountMinor), gateway, total: money(review.totalMinor) });
        // Who receives the money and through which operator, named before "Yes": a wrong number is
        // the one mistake a withdrawal cannot undo.
        const fact = (key: string, value: string) => ({ label: t(`balance.reviewFacts.${key}`), value });
        const facts = [
          ...(review.input.beneficiaryName ? [fact("beneficiary", review.input.beneficiaryName)] : []),
          fact("phone", formatPhone(review.input.beneficiaryPhone)),
          fact("gateway", gateway),
          fact("amount", money(review.amountMinor)),
          fact("fee", money(review.feesMinor)),
          fact("total", money(review.totalMinor)),
        ];
        return { confirm: { question, facts }, fields };
      } catch (error) {
        if (!isOutcome(error, "insufficient_balance") || !error.field) throw error;
        // Not enough for the amount and its fees: say the most that can go, by the same rule, beside the refused field.
        const limit = await transferLimitFromForm(db, scope, fields);
        const overMax = t("balance.overMax", { max: formatMinor(limit.maxMinor, limit.currency, locale) });
        return { error: tApi("summary"), fieldErrors: { [error.field]: overMax }, code: 40013, refusal: { field: error.field, rule: error.rule } };
      }
    },
    { fields: TRANSFER_FORM_FIELDS, refresh: confirmed },
  );
  return state?.fieldErrors || state?.confirm ? { ...state, fields } : state;
}
