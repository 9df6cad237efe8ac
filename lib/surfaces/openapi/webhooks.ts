import { refundWebhookSchema } from "@/lib/core/schemas/refund";
import { transferWebhookSchema } from "@/lib/core/schemas/transfer";
import { transferBatchCompletedWebhookSchema } from "@/lib/core/schemas/transfer-batch";
import { depositWebhookSchema, paymentLinkWebhookSchema } from "@/lib/core/schemas/webhook";
import * as examples from "./examples";
import { webhook } from "./shared";

/** The webhooks the service sends, in the document's order. */
export const webhooks = {
  paymentLinkEvent: webhook(
    "paymentLinkWebhook",
    "payment_link.completed | failed | expired, to the link's callbackUrl",
    paymentLinkWebhookSchema,
    examples.paymentLinkWebhook,
  ),
  depositEvent: webhook("depositWebhook", "deposit.completed | failed | expired, to the deposit's callbackUrl", depositWebhookSchema, examples.depositWebhook),
  transferEvent: webhook("transferWebhook", "transfer.completed | failed, to the transfer's callbackUrl", transferWebhookSchema, examples.transferWebhook),
  transferBatchEvent: webhook(
    "transferBatchWebhook",
    "transfer_batch.completed, to the batch's callbackUrl, once its last line ended (each line also sends its transfer.* webhook)",
    transferBatchCompletedWebhookSchema,
    examples.transferBatchCompletedWebhook,
  ),
  refundEvent: webhook(
    "refundWebhook",
    "refund.completed | failed, to the refund's callbackUrl (by default the payment's)",
    refundWebhookSchema,
    examples.refundWebhook,
  ),
};
