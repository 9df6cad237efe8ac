import { deliverWebhookJob } from "./functions/deliver-webhook-job";
import { expireDepositJob } from "./functions/expire-deposit-job";
import { expirePaymentLinkJob } from "./functions/expire-payment-link-job";
import { reconcileOperatorOutcomesJob } from "./functions/reconcile-operator-outcomes-job";
import { sendReceiptJob } from "./functions/send-receipt-job";
import { sendScheduledTransfersJob } from "./functions/send-scheduled-transfers-job";
import { sweepDueWorkJob } from "./functions/sweep-due-work-job";

/** Every function served at /api/inngest. */
export const jobFunctions = [expirePaymentLinkJob, expireDepositJob, deliverWebhookJob, sweepDueWorkJob, sendScheduledTransfersJob, reconcileOperatorOutcomesJob, sendReceiptJob];
