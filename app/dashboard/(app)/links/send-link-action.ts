"use server";

import { getLocale, getTranslations } from "next-intl/server";
import { runDashboardAction } from "@/lib/surfaces/dashboard/dashboard-action";
import type { SendLinkState } from "@/lib/surfaces/dashboard/send-link-state";
import { pageOrigin } from "@/lib/surfaces/http/page-request";
import { SEND_LINK_FORM_FIELDS, sendLinkFromForm } from "@/lib/surfaces/dashboard/send-link-from-form";

// The link page's "Send" form: thin, the rules are sendPaymentLink's (the API's). It answers what
// was typed back with the result, so the form keeps it after an error.
export async function sendLinkAction(_state: SendLinkState, form: FormData): Promise<SendLinkState> {
  const [t, locale, origin] = await Promise.all([getTranslations("linkSending"), getLocale(), pageOrigin()]);
  const fields = Object.fromEntries(SEND_LINK_FORM_FIELDS.map((f) => [f, String(form.get(f) ?? "")]));
  const state = await runDashboardAction(
    "links:create",
    async ({ db, member, scope }) => {
      const send = await sendLinkFromForm(db, scope, { userId: member.userId, origin, locale, form: fields });
      if (send.status === "failed") {
        const reason = send.failureReason && t.has(`failures.${send.failureReason}`) ? t(`failures.${send.failureReason}`) : (send.failureReason ?? "");
        return { error: t("form.failed", { to: send.recipient, reason }) };
      }
      return { message: t("form.sent", { to: send.recipient }) };
    },
    {
      errors: {
        not_allowed: t("errors.forbidden"),
        not_found: t("errors.notFound"),
        "invalid:phone": t("errors.phone"),
        refused: t("errors.notSendable"),
        invalid: fields.channel === "email" ? t("errors.email") : t("errors.phone"),
        limited: t("errors.tooMany"),
        unavailable: t("errors.smsUnavailable"),
      },
    },
  );
  // After a refusal the form shows what was typed again; after a send it is ready for the next one.
  return { ...state, channel: fields.channel, to: state?.error ? fields.to : "" };
}
