import { describe, expect, it } from "vitest";
import { confirmDepositSchema, depositRequestSchema } from "@/lib/core/schemas/deposit";
import { createPaymentLinkSchema } from "@/lib/core/schemas/payment-link";
import { sendLinkRequestSchema } from "@/lib/core/schemas/link-send";
import { refundRequestSchema, refundWebhookSchema } from "@/lib/core/schemas/refund";
import { transferRequestSchema, transferWebhookSchema } from "@/lib/core/schemas/transfer";
import { depositWebhookSchema, paymentLinkWebhookSchema } from "@/lib/core/schemas/webhook";
import { eventSchema } from "@/lib/core/schemas/event";
import { transferBatchCompletedWebhookSchema, transferBatchRequestSchema, transferBatchSchema } from "@/lib/core/schemas/transfer-batch";
import { openApiDocument } from "@/lib/surfaces/api-routes/route-table";
import * as examples from "./examples";

describe("the reference's examples", () => {
  it("are valid requests and payloads for the schemas they illustrate", () => {
    const pairs = [
      [createPaymentLinkSchema("live"), examples.createPaymentLink],
      [depositRequestSchema, examples.directDeposit],
      [depositRequestSchema, examples.otpDeposit],
      [confirmDepositSchema, examples.confirmDeposit],
      [transferRequestSchema, examples.transfer],
      [paymentLinkWebhookSchema, examples.paymentLinkWebhook],
      [depositWebhookSchema, examples.depositWebhook],
      [transferWebhookSchema, examples.transferWebhook],
      [refundRequestSchema, examples.refund],
      [refundWebhookSchema, examples.refundWebhook],
      [sendLinkRequestSchema, examples.sendLink],
      [eventSchema, examples.event],
      [transferBatchRequestSchema, examples.transferBatch],
      [transferBatchSchema, examples.transferBatchCreated],
      [transferBatchCompletedWebhookSchema, examples.transferBatchCompletedWebhook],
    ] as const;
    for (const [schema, example] of pairs) expect(schema.safeParse(example).error).toBeUndefined();
  });

  it("give every error response of the document an example in the error envelope, with the catalog's message", () => {
    const document = JSON.parse(JSON.stringify(openApiDocument("https://pay.example"))) as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { examples?: Record<string, { value: unknown }> }> }> }>>;
    };
    let checked = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (!/^[45]/.test(status)) continue;
          const shown = Object.values(response.content?.["application/json"]?.examples ?? {});
          expect(shown.length, `${method} ${path} ${status}`).toBeGreaterThan(0);
          for (const { value } of shown) expect(value).toMatchObject({ error: { code: expect.any(Number), message: expect.any(String) } });
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});
