import { z } from "zod";
import { createDocument } from "zod-openapi";
import { depositGatewaySchema, withdrawalGatewaySchema } from "@/lib/schemas/gateway";
import { createPaymentLinkSchema, paymentLinkCreatedSchema, paymentLinkSchema } from "@/lib/schemas/payment-link";
import { commonErrors, idempotencyErrors, notFoundError, validationErrors } from "./responses";

const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });

const idempotencyHeader = z.string().min(1).max(255).optional().meta({
  description:
    "Client-chosen key (1-255 characters) kept 24 h per merchant, environment and operation. Same key and body: the " +
    "first response is replayed with `Idempotent-Replayed: true`.",
});

/** The OpenAPI 3.1 document, generated from the same zod schemas that validate requests. */
export function buildOpenApiDocument(serverUrl: string) {
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Payment Collection Service",
      version: "2.0.0",
      description:
        "Collect mobile-money payments in West and Central Africa. The sandbox is the same API under /test: " +
        "every sandbox transaction is simulated and its references carry TEST_.",
    },
    servers: [
      { url: serverUrl, description: "Production" },
      { url: `${serverUrl}/test`, description: "Sandbox" },
    ],
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "sk_test_... or sk_live_..." } } },
    security: [{ bearer: [] }],
    paths: {
      "/api/v4/payments/link": {
        post: {
          operationId: "createPaymentLink",
          summary: "Create a reusable payment link",
          requestParams: { header: z.object({ "Idempotency-Key": idempotencyHeader }) },
          requestBody: json(createPaymentLinkSchema("live")),
          responses: {
            "200": { description: "The link was created", ...json(paymentLinkCreatedSchema) },
            "400": validationErrors,
            ...idempotencyErrors,
            ...commonErrors,
          },
        },
      },
      "/api/v4/payments/link/{reference}": {
        get: {
          operationId: "getPaymentLink",
          summary: "Read a link (verify its status server-side)",
          requestParams: { path: z.object({ reference: z.string() }) },
          responses: { "200": { description: "The link", ...json(paymentLinkSchema) }, "404": notFoundError, ...commonErrors },
        },
      },
      "/public/gateways/deposit/list": {
        get: {
          operationId: "listDepositGateways",
          summary: "Deposit gateways (the merchant's with a key, the platform's without)",
          security: [{}, { bearer: [] }],
          responses: { "200": { description: "A bare JSON array", ...json(z.array(depositGatewaySchema)) } },
        },
      },
      "/public/gateways/withdraw/list": {
        get: {
          operationId: "listWithdrawalGateways",
          summary: "Withdrawal gateways (no provider field)",
          security: [{}, { bearer: [] }],
          responses: { "200": { description: "A bare JSON array", ...json(z.array(withdrawalGatewaySchema)) } },
        },
      },
    },
  });
}
