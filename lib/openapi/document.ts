import { z } from "zod";
import { createDocument, type ZodOpenApiResponseObject } from "zod-openapi";
import {
  confirmDepositSchema,
  depositConfirmationSchema,
  depositDetailSchema,
  depositInvoiceSchema,
  depositRequestSchema,
  depositSchema,
} from "@/lib/schemas/deposit";
import { analyticsByCurrencySchema, analyticsQuerySchema, analyticsSchema } from "@/lib/schemas/analytics";
import { balanceSchema } from "@/lib/schemas/balance";
import { depositGatewaySchema, withdrawalGatewaySchema } from "@/lib/schemas/gateway";
import { createPaymentLinkSchema, paymentLinkCreatedSchema, paymentLinkSchema } from "@/lib/schemas/payment-link";
import { linkSendListSchema, linkSendSchema, sendLinkRequestSchema } from "@/lib/schemas/link-send";
import { refundRequestSchema, refundSchema, refundWebhookSchema } from "@/lib/schemas/refund";
import { transferRequestSchema, transferSchema, transferWebhookSchema } from "@/lib/schemas/transfer";
import { depositWebhookSchema, paymentLinkWebhookSchema } from "@/lib/schemas/webhook";
import { EVENT_RETENTION_DAYS, eventListSchema, eventSchema, listEventsQuerySchema } from "@/lib/schemas/event";
import {
  commonErrors,
  creationErrors,
  errorResponse,
  gatewayError,
  idempotencyErrors,
  jsonContent,
  jsonResponse,
  notFoundError,
  operatorUnavailable,
  otpErrors,
} from "./responses";
import * as examples from "./examples";

/** GET of one resource by its reference: 404 also for another merchant's or the other environment's. */
const readByReference = (operationId: string, summary: string, found: ZodOpenApiResponseObject) => ({
  get: {
    operationId,
    summary,
    requestParams: { path: z.object({ reference: z.string() }) },
    responses: { "200": found, "404": notFoundError, ...commonErrors },
  },
});

const idempotencyHeader = z.string().min(1).max(255).optional().meta({
  description:
    "Client-chosen key (1-255 characters) kept 24 h per merchant, environment and operation. Same key and body: the " +
    "first response is replayed with `Idempotent-Replayed: true`.",
});

const idempotencyParams = { header: z.object({ "Idempotency-Key": idempotencyHeader }) };

const initiateDeposit = {
  operationId: "initiateDeposit",
  summary: "Single-step deposit on a DIRECT (push prompt) or REDIRECT (url) gateway",
  description:
    "Sandbox: the simulated phone answers a DIRECT prompt after about 2 s by its last digits (111 declines, " +
    "222 never answers, 333 has insufficient funds, anything else approves); REDIRECT url opens a simulated " +
    "operator page with Approve and Decline. Deposits expire after 15 minutes.",
  requestParams: idempotencyParams,
  requestBody: jsonContent(depositRequestSchema, examples.directDeposit),
  responses: { "200": jsonResponse("The deposit was started", depositSchema), ...creationErrors, "502": gatewayError, "503": operatorUnavailable },
};

const generateInvoice = {
  operationId: "generateDepositInvoice",
  summary: "OTP deposit, step 1: create an invoice; the customer receives a code",
  description: "Sandbox: the code is 123456. Invoices expire after 10 minutes; a code allows 5 wrong tries.",
  requestParams: idempotencyParams,
  requestBody: jsonContent(depositRequestSchema, examples.otpDeposit),
  responses: { "200": jsonResponse("The invoice", depositInvoiceSchema), ...creationErrors, "502": gatewayError },
};

const webhookHeaders = z.object({
  "webhook-id": z.string().meta({ description: "The event id, the same on every retry: deduplicate on it." }),
  "webhook-timestamp": z.string().meta({ description: "Unix seconds of this attempt." }),
  "webhook-signature": z.string().meta({ description: "Standard Webhooks v1 signatures, space-separated (two during a secret rotation)." }),
});
const webhookDescription =
  "Signed per Standard Webhooks with the merchant's webhook secret. Answer 2xx within 10 s; anything else is retried " +
  "after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then dead-lettered. Confirm the status with a GET before trusting it.";
const webhook = (operationId: string, summary: string, schema: z.ZodType, example: unknown) => ({
  post: {
    operationId,
    summary,
    description: webhookDescription,
    requestParams: { header: webhookHeaders },
    requestBody: jsonContent(schema, example),
    responses: { "2XX": { description: "Received" } },
  },
});

/** One event, as both operations show it. */
const eventExample = {
  id: "msg_01KAQ7Z8M6X5V4T3R2Q1P0N9M8",
  type: "payment_link.completed",
  reference: "LINK_TEST_01KAQ7Y2B3C4D5E6F7G8H9J0K1",
  createdAt: "2026-11-22T10:15:00.123",
  payload: {
    event: "payment_link.completed",
    reference: "LINK_TEST_01KAQ7Y2B3C4D5E6F7G8H9J0K1",
    status: "completed",
    amount: 5000,
    currency: "XOF",
    fees: 75,
    gatewayName: "MTN_MOMO_CI",
    customerEmail: "awa@example.com",
    completedAt: "2026-11-22T10:15:00",
    metadata: { orderId: "1234" },
  },
  delivery: { status: "delivered", attempts: 1, deliveredAt: "2026-11-22T10:15:00.412", nextAttemptAt: null },
};

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
    webhooks: {
      paymentLinkEvent: webhook(
        "paymentLinkWebhook",
        "payment_link.completed | failed | expired, to the link's callbackUrl",
        paymentLinkWebhookSchema,
        examples.paymentLinkWebhook,
      ),
      depositEvent: webhook("depositWebhook", "deposit.completed | failed | expired, to the deposit's callbackUrl", depositWebhookSchema, examples.depositWebhook),
      transferEvent: webhook("transferWebhook", "transfer.completed | failed, to the transfer's callbackUrl", transferWebhookSchema, examples.transferWebhook),
      refundEvent: webhook(
        "refundWebhook",
        "refund.completed | failed, to the refund's callbackUrl (by default the payment's)",
        refundWebhookSchema,
        examples.refundWebhook,
      ),
    },
    paths: {
      "/api/v4/payments/link": {
        post: {
          operationId: "createPaymentLink",
          summary: "Create a reusable payment link",
          requestParams: idempotencyParams,
          requestBody: jsonContent(createPaymentLinkSchema("live"), examples.createPaymentLink),
          responses: { "200": jsonResponse("The link was created", paymentLinkCreatedSchema), ...creationErrors },
        },
      },
      "/api/v4/payments/link/{reference}": readByReference(
        "getPaymentLink",
        "Read a link (verify its status server-side)",
        jsonResponse("The link", paymentLinkSchema),
      ),
      "/api/v4/payments/link/{reference}/send": {
        post: {
          operationId: "sendPaymentLink",
          summary: "Send a link to a customer by SMS or e-mail (an extension of the contract)",
          description:
            "Sends the link's paymentUrl with its amount and description, by SMS through the service's SMS provider or by " +
            "e-mail. Only a link that can still be paid: pending, or failed before it expires. `to` is an e-mail address, or " +
            "a phone number in international form or local to your account's country (stored in international form). The " +
            "answer is the send: `sent` once the provider or the mail server took it, `failed` with `failureReason` when it " +
            "refused (invalid_number, provider_balance, ...); an SMS then becomes `delivered` or `failed` when the " +
            "provider's delivery report comes (read it with GET .../sends). At most 3 sends of a link to one recipient per " +
            "hour and 200 per account per day (settings LINK_SENDS_PER_HOUR_PER_RECIPIENT, LINK_SENDS_PER_DAY_PER_MERCHANT). " +
            "No Idempotency-Key: a repeat is a new message, held by those limits. Sandbox: the message is really sent, " +
            "marked as a test. Needs the `links:write` scope.",
          requestParams: { path: z.object({ reference: z.string() }) },
          requestBody: jsonContent(sendLinkRequestSchema, examples.sendLink),
          responses: {
            "200": jsonResponse("The send, sent or failed", linkSendSchema),
            "400": errorResponse(
              "40014 `to` is not a phone number; 40020 the link can no longer be paid (completed or expired); 40016 body not JSON; " +
                "40017 method; 40023 any other rule (channel, e-mail address)",
              [40014, "to must be a phone number: + then 8 to 15 digits, or a local number of CI"],
              [40020, "LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K can no longer be paid (completed): only a pending link, or a failed one before it expires, can be sent"],
              [40023, "to must be a valid e-mail address"],
            ),
            "404": notFoundError,
            ...commonErrors,
            "429": errorResponse("42900 a sending limit or the request rate limit; see Retry-After", [42900, "At most 3 sends of this link to this recipient per hour; retry in 3480 s"]),
            "503": errorResponse("50300 SMS sending is not configured on this service (e-mail still works)", [50300, "SMS sending is not configured on this service (SMS_PROVIDER is none)"]),
          },
        },
      },
      "/api/v4/payments/link/{reference}/sends": readByReference(
        "listPaymentLinkSends",
        "The times a link was sent, newest first, with their delivery state (an extension; `links:read` scope)",
        jsonResponse("The link's sends", linkSendListSchema),
      ),
      "/api/v4/classic/deposit/initiate": { post: initiateDeposit },
      "/api/v4/deposit/initiate": { post: { ...initiateDeposit, operationId: "initiateDepositAlias", summary: "Alias of /api/v4/classic/deposit/initiate" } },
      "/api/v4/validation/deposit/generate-invoice": { post: generateInvoice },
      "/api/v4/validation/deposit": {
        post: { ...generateInvoice, operationId: "generateDepositInvoiceAlias", summary: "Alias of /api/v4/validation/deposit/generate-invoice" },
      },
      "/api/v4/validation/deposit/confirm": {
        post: {
          operationId: "confirmDeposit",
          summary: "OTP deposit, step 2: confirm the invoice with the customer's code",
          description: "A repeated confirmation answers 40020 with the validated reference in details.",
          requestBody: jsonContent(confirmDepositSchema, examples.confirmDeposit),
          responses: {
            "200": jsonResponse("The validated deposit, under a new reference (live: or failed / pending as the operator answered)", depositConfirmationSchema),
            ...otpErrors,
            ...commonErrors,
            "502": gatewayError,
            "503": operatorUnavailable,
          },
        },
      },
      "/api/v4/deposits/{reference}": readByReference(
        "getDeposit",
        "Read a deposit by its reference, invoice reference or validated reference",
        jsonResponse("The deposit", depositDetailSchema),
      ),
      "/api/v4/merchant/balance": {
        get: {
          operationId: "getBalance",
          summary: "Available and pending balance per currency, from the ledger",
          description:
            "Completed deposits and payment links credit `available` with their amount (the customer paid the fees). An " +
            "accepted transfer moves amount + fees from `available` to `pending`; completed, it leaves; failed, it returns.",
          responses: { "200": jsonResponse("One entry per currency the merchant has used", balanceSchema), ...commonErrors },
        },
      },
      "/api/v4/transfers/instant": {
        post: {
          operationId: "createInstantTransfer",
          summary: "Pay out from the available balance to a mobile-money beneficiary",
          description:
            "gatewayName comes from GET /public/gateways/withdraw/list; its type decides what happens: DIRECT is sent to the " +
            "operator at once (sandbox: the beneficiary phone's last digits decide, as for deposits: 111 declines, 222 never " +
            "answers, 333 refused, anything else paid, after about 2 s); MANUAL waits for the platform's review; SCHEDULED " +
            "leaves with the next hourly batch. amount + fees are taken from the available balance when accepted and given " +
            "back if the transfer fails. Live DIRECT payouts go through the operator (MTN MoMo Disbursement or Wave when configured; " +
            "pending until it answers); other live DIRECT and all live SCHEDULED payouts answer 502 (nothing written).",
          requestParams: idempotencyParams,
          requestBody: jsonContent(transferRequestSchema, examples.transfer),
          responses: {
            "200": jsonResponse("The transfer was accepted", transferSchema),
            ...creationErrors,
            // Replaces the generic 422: here it has a second cause.
            "422": errorResponse(
              "40013 the available balance does not cover amount + fees (nothing was written); 40020 this Idempotency-Key was used with a different body",
              [40013, "Available 500 XOF; this transfer needs 1010 XOF (amount + fees)"],
              [40020, "This Idempotency-Key was used with a different body"],
            ),
            "502": gatewayError,
          },
        },
      },
      "/api/v4/transfers/{reference}": readByReference("getTransfer", "Read a transfer", jsonResponse("The transfer", transferSchema)),
      "/api/v4/refunds": {
        post: {
          operationId: "createRefund",
          summary: "Give a customer's payment back, in full or in part",
          description:
            "Refunds a paid payment link or a completed deposit through the operator the customer paid with, to the number " +
            "that paid. At most the payment's amount (what you were credited) less earlier refunds still standing; without " +
            "`amount`, all of it. The fees the customer paid on top are not returned. The refund comes out of your available " +
            "balance (held as pending until the operator pays it back, given back if it fails). Pending first, then refund.completed " +
            "or refund.failed. Sandbox: completed after about 2 s, or failed when the customer's number ends in 333. Live: " +
            "MTN MoMo and Wave refund through their APIs; an operator with none (Orange Money) is refunded by the platform " +
            "by hand and stays pending until then. Needs the `refunds:write` scope.",
          requestParams: idempotencyParams,
          requestBody: jsonContent(refundRequestSchema, examples.refund),
          responses: {
            "200": jsonResponse("The refund was accepted", refundSchema),
            "400": errorResponse(
              "40010 amount more than can still be refunded, or finer than the currency allows; 40020 the payment took no money, " +
                "or is a checkout attempt (refund its link), or is already refunded in full; 40016 body not JSON; 40017 method; " +
                "40021 callbackUrl not HTTPS; 40023 any other rule",
              [40010, "amount 6000 XOF is more than can still be refunded for LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K: 5000 XOF"],
              [40020, "LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K is expired and holds no payment: only a paid link can be refunded"],
              [40016, "The body must be JSON (Content-Type: application/json)"],
              [40017, "GET is not supported here; Allow: POST"],
              [40021, "callbackUrl must be a valid HTTPS URL"],
              [40023, "paymentReference is required"],
            ),
            "404": notFoundError,
            ...idempotencyErrors,
            "422": errorResponse(
              "40013 the available balance does not cover the refund (nothing was written); 40020 this Idempotency-Key was used with a different body",
              [40013, "available 1000 XOF; this refund needs 5000 XOF"],
              [40020, "This Idempotency-Key was used with a different body"],
            ),
            ...commonErrors,
          },
        },
      },
      "/api/v4/refunds/{reference}": readByReference(
        "getRefund",
        "Read a refund (needs the `refunds:read` scope)",
        jsonResponse("The refund", refundSchema),
      ),
      "/api/v4/merchant/analytics": {
        get: {
          operationId: "getAnalytics",
          summary: "Counts, volumes, fees and conversion of links and deposits over a date range",
          description:
            "For the environment of the path. Counts and volumes by status, by gateway and by UTC day; fees collected on " +
            "completed payments; conversion = completed / created. A checkout attempt counts as its link. The range is at " +
            "most 366 days (400/40023 otherwise); by default the last 30 days. With `currency`: that currency's figures " +
            "(`Analytics`). Without it: `{ from, to, currencies }`, one `Analytics` block per currency the merchant created " +
            "a link or a deposit in during the range, alphabetical (amounts in different currencies are never added up).",
          requestParams: { query: analyticsQuerySchema },
          responses: {
            "200": jsonResponse(
              "One currency's figures when `currency` is given; otherwise one block per currency",
              z.union([analyticsSchema, analyticsByCurrencySchema]),
            ),
            "400": errorResponse(
              "40015 currency unknown; 40023 from/to not ISO dates, from not before to, range over 366 days",
              [40015, "currency must be one of XOF, XAF, GNF, EUR, USD"],
              [40023, "The range is at most 366 days"],
            ),
            ...commonErrors,
          },
        },
      },
      "/api/v4/events": {
        get: {
          operationId: "listEvents",
          summary: "The webhook events your links, deposits, transfers and refunds produced, newest first",
          description:
            `Every event of the path's environment from the last ${EVENT_RETENTION_DAYS} days, recorded with or without a ` +
            "callbackUrl, with the payload exactly as it was signed. Pages by cursor: pass the last `id` as `startingAfter` " +
            "for older events (events recorded meanwhile only appear before the first page, so a walk never skips nor " +
            "repeats one), or the first `id` as `endingBefore` for newer ones. Needs the `events:read` scope.",
          requestParams: { query: listEventsQuerySchema },
          responses: {
            "200": { description: "One page of events", content: { "application/json": { schema: eventListSchema, example: { data: [eventExample], hasMore: false } } } },
            "400": errorResponse(
              "40023 a query rule: limit not 1..100, an unknown type, a malformed cursor or date, startingAfter with endingBefore, an unknown parameter",
              [40023, "limit must be a whole number from 1 to 100"],
              [40023, "type must be one or more of payment_link.completed, payment_link.failed, ..."],
              [40023, "give startingAfter or endingBefore, not both"],
            ),
            ...commonErrors,
          },
        },
      },
      "/api/v4/events/{id}": {
        get: {
          operationId: "getEvent",
          summary: "One event, with the payload exactly as it was signed",
          requestParams: { path: z.object({ id: z.string().meta({ example: "msg_01KAQ7Z8M6X5V4T3R2Q1P0N9M8" }) }) },
          responses: {
            "200": { description: "The event", content: { "application/json": { schema: eventSchema, example: eventExample } } },
            "404": notFoundError,
            ...commonErrors,
          },
        },
      },
      "/public/gateways/deposit/list": {
        get: {
          operationId: "listDepositGateways",
          summary: "Deposit gateways (the merchant's with a key, the platform's without)",
          security: [{}, { bearer: [] }],
          responses: { "200": jsonResponse("A bare JSON array", z.array(depositGatewaySchema)) },
        },
      },
      "/public/gateways/withdraw/list": {
        get: {
          operationId: "listWithdrawalGateways",
          summary: "Withdrawal gateways (no provider field)",
          security: [{}, { bearer: [] }],
          responses: { "200": jsonResponse("A bare JSON array", z.array(withdrawalGatewaySchema)) },
        },
      },
    },
  });
}
