import { failureReasonLabel, gatewayLabel } from "@/lib/core/i18n/code-labels";
import type { TimelineEntry } from "@/lib/features/links/payment-timeline";

// A link's or a payment's timeline step as a sentence a shopkeeper reads, in the page's language
// (messages: dashboard.timelineSteps, one per kind in lib/features/links/payment-timeline.ts),
// instead of the webhook's event names support reads ("deposit.created (DIRECT via MTN_MOMO_CI)").

type Translator = { (key: string, values?: Record<string, string | number>): string; has(key: string): boolean };

export function timelineSentence(steps: Translator, labels: Translator, entry: Pick<TimelineEntry, "kind" | "values">): string {
  const v = entry.values ?? {};
  switch (entry.kind) {
    case "attempt_created":
      return steps(entry.kind, { gateway: gatewayLabel(labels, v.gateway ?? ""), paymentType: v.paymentType ?? "DIRECT" });
    case "otp_wrong_try":
      return steps(entry.kind, { tryNumber: v.tryNumber ?? 1, maxTries: v.maxTries ?? 1 });
    case "otp_wrong_tries":
      return steps(entry.kind, { count: v.count ?? 0 });
    case "link_failed":
    case "attempt_failed":
      // No reason recorded reads as a failure at the operator.
      return steps(entry.kind, { reason: failureReasonLabel(labels, v.reason ?? "failed") });
    default:
      return steps(entry.kind);
  }
}
