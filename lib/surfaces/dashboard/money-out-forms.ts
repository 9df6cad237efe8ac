import { db } from "@/lib/core/db/client";
import { acceptRefund, sendAcceptedRefund } from "@/lib/features/refunds/create-refund";
import { refundInputFromForm, refundRequester } from "@/lib/surfaces/dashboard/refund-from-form";
import { transferInputFromForm } from "@/lib/features/transfers/balance-and-transfers";
import { acceptTransfer, sendAcceptedTransfer } from "@/lib/features/transfers/create-transfer";
import { requireFormToken, runFormOncePhases } from "@/lib/surfaces/http/form-idempotency";
import type { DashboardContext } from "./require-member";

// The dashboard's forms that send money out (a withdrawal, a refund), each done at most once per
// form token, in the API's phases: the same form posted again (a double tap, a resubmit, back then
// submit again without JavaScript) answers the first post's transfer or refund, never makes a
// second one nor pays it twice (lib/surfaces/http/form-idempotency.ts).

/** What a form that sent money out answers, first time or again: the reference of what it made. */
export type SentOut = { reference: string };

/** The withdrawal form's "Yes, withdraw": POST /api/v4/transfers/instant's rules and phases, once per token. */
export async function requestTransferOnce({ member, scope }: DashboardContext, token: unknown, form: Record<string, string>): Promise<SentOut> {
  const key = requireFormToken(token);
  const input = transferInputFromForm(form);
  const answer = await runFormOncePhases({ ...scope, action: "transfers.request", sender: { member: member.userId } }, key, input, {
    intent: (client) => acceptTransfer(client, { merchantId: scope.merchantId, environment: scope.environment, input }),
    complete: async (id, written) => {
      const transfer = written ?? (await db().transfer.findUniqueOrThrow({ where: { id } }));
      const sent = await sendAcceptedTransfer(db(), transfer, { resumed: written === null });
      return { reference: sent.reference } satisfies SentOut;
    },
  });
  return answer.body as SentOut;
}

/** A payment's refund form: POST /api/v4/refunds's rules and phases, once per token, recorded as the member's. */
export async function refundOnce({ member, scope }: DashboardContext, token: unknown, form: Record<string, string>): Promise<SentOut> {
  const key = requireFormToken(token);
  const input = refundInputFromForm(form);
  const answer = await runFormOncePhases({ ...scope, action: "refunds.create", sender: { member: member.userId } }, key, input, {
    intent: (client) => acceptRefund(client, { merchantId: scope.merchantId, environment: scope.environment, input, requestedBy: refundRequester(member.userId) }),
    complete: async (id, written) => {
      const refund = written ?? (await db().refund.findUniqueOrThrow({ where: { id } }));
      const sent = await sendAcceptedRefund(db(), refund, { resumed: written === null });
      return { reference: sent.reference } satisfies SentOut;
    },
  });
  return answer.body as SentOut;
}
