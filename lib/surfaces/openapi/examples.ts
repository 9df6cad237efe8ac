import type { EventJson } from "@/lib/core/schemas/event";
import type { DepositWebhook, PaymentLinkWebhook } from "@/lib/core/schemas/webhook";
import type { RefundWebhook } from "@/lib/core/schemas/refund";
import type { TransferWebhook } from "@/lib/core/schemas/transfer";
import type { TransferBatchJson } from "@/lib/core/schemas/transfer-batch";

// The examples the reference shows for request bodies and webhook payloads. examples.test.ts
// parses each request example with the schema that validates the real request, so they stay valid.

export const createPaymentLink = {
  amount: 5000,
  currency: "XOF",
  description: "Order #1234",
  customerEmail: "awa@example.com",
  callbackUrl: "https://merchant.example/hooks",
  returnUrl: "https://merchant.example/orders/1234",
  metadata: { orderId: "1234" },
  expiresIn: 3600,
};

export const createPaymentPage = {
  description: "Boutique Awa - Marché de Cocody",
  slug: "boutique-awa",
  currency: "XOF",
  minAmount: 500,
  maxAmount: 200000,
  maxPayments: 100,
  callbackUrl: "https://merchant.example/hooks",
  metadata: { shop: "cocody" },
};

export const paymentPage = {
  reference: "PAGE_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K",
  url: "https://pay.example.com/test/p/PAGE_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K",
  slug: "boutique-awa",
  shortUrl: "https://pay.example.com/test/p/boutique-awa",
  qrCodeUrl: "https://pay.example.com/test/p/PAGE_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K/qr.png",
  qrCodeSvgUrl: "https://pay.example.com/test/p/PAGE_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K/qr.svg",
  status: "active",
  description: "Boutique Awa - Marché de Cocody",
  currency: "XOF",
  amountType: "customer_chooses",
  amount: null,
  minAmount: 500,
  maxAmount: 200000,
  maxPayments: 100,
  paymentsCount: 2,
  amountCollected: 3500,
  callbackUrl: "https://merchant.example/hooks",
  returnUrl: null,
  metadata: { shop: "cocody" },
  createdAt: "2026-11-22T10:15:00",
  expiresAt: null,
};

export const sendLink = { channel: "sms", to: "07 00 00 04 44", language: "fr" };

export const directDeposit = {
  amount: 5000,
  currency: "XOF",
  customerPhone: "+2250700000444",
  country: "CI",
  gatewayName: "MTN_MOMO_CI",
  callbackUrl: "https://merchant.example/hooks",
  metadata: { orderId: "1234" },
};

export const otpDeposit = { amount: 5000, currency: "XOF", customerPhone: "+2250700000444", country: "CI", gatewayName: "ORANGE_MONEY_CI" };

export const confirmDeposit = { trxReference: "DEP_INV_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K", otp: "123456" };

export const transfer = {
  amount: 1000,
  currency: "XOF",
  gatewayName: "MTN_MOMO_CI",
  beneficiaryPhone: "+2250700000444",
  country: "CI",
  callbackUrl: "https://merchant.example/hooks",
  metadata: { payoutId: "42" },
};

export const transferBatch = {
  title: "Salaires novembre",
  callbackUrl: "https://merchant.example/hooks",
  items: [
    { reference: "salaire-2026-11-awa", amount: 150000, currency: "XOF", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: "+2250700000444", beneficiaryName: "Awa Koné", country: "CI" },
    { reference: "salaire-2026-11-moussa", amount: 120000, currency: "XOF", gatewayName: "WAVE_CI", beneficiaryPhone: "+2250500000444", country: "CI", metadata: { employeeId: "E-17" } },
  ],
};

const noLines = { amount: 0, fees: 0 };

/** The batch above, just made: every line awaiting a second member's approval. */
export const transferBatchCreated = {
  reference: "BATCH_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K",
  status: "awaiting_approval",
  title: "Salaires novembre",
  currency: "XOF",
  lineCount: 2,
  amount: 270000,
  fees: 2700,
  totalDebited: 272700,
  counts: { awaiting_approval: 2, pending: 0, completed: 0, failed: 0, cancelled: 0 },
  totals: { awaiting_approval: { amount: 270000, fees: 2700 }, pending: noLines, completed: noLines, failed: noLines, cancelled: noLines },
  callbackUrl: "https://merchant.example/hooks",
  retryOf: null,
  createdAt: "2026-11-22T10:15:00.123456",
  approvedAt: null,
  cancelledAt: null,
  completedAt: null,
} satisfies TransferBatchJson;

export const transferBatchCompletedWebhook = {
  event: "transfer_batch.completed",
  reference: "BATCH_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K",
  status: "completed_with_failures",
  title: "Salaires novembre",
  currency: "XOF",
  lineCount: 2,
  counts: { awaiting_approval: 0, pending: 0, completed: 1, failed: 1, cancelled: 0 },
  totals: { awaiting_approval: noLines, pending: noLines, completed: { amount: 150000, fees: 1500 }, failed: { amount: 120000, fees: 1200 }, cancelled: noLines },
  completedAt: "2026-11-22T10:31:12.402113",
};

export const paymentLinkWebhook = {
  event: "payment_link.completed",
  reference: "LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K",
  status: "completed",
  amount: 5000,
  currency: "XOF",
  fees: 75,
  gatewayName: "MTN_MOMO_CI",
  customerEmail: "awa@example.com",
  completedAt: "2026-11-22T10:15:00",
  metadata: { orderId: "1234" },
} satisfies PaymentLinkWebhook;

/** One event of the events API, as both its operations show it: the link webhook above, delivered. */
export const event = {
  id: "msg_01KAQ7Z8M6X5V4T3R2Q1P0N9M8",
  type: paymentLinkWebhook.event,
  reference: paymentLinkWebhook.reference,
  createdAt: "2026-11-22T10:15:00.123",
  payload: paymentLinkWebhook,
  delivery: { status: "delivered", attempts: 1, deliveredAt: "2026-11-22T10:15:00.412", nextAttemptAt: null },
} satisfies EventJson;

export const depositWebhook = {
  event: "deposit.failed",
  reference: "DEP_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K",
  invoiceReference: null,
  status: "failed",
  amount: 5000,
  currency: "XOF",
  fees: 75,
  gatewayName: "MTN_MOMO_CI",
  paymentType: "DIRECT",
  customerPhone: "+2250700000111",
  customerEmail: null,
  failureReason: "declined_by_customer",
  completedAt: null,
  metadata: { orderId: "1234" },
} satisfies DepositWebhook;

export const transferWebhook = {
  event: "transfer.completed",
  reference: "TRF_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K",
  status: "completed",
  amount: 1000,
  currency: "XOF",
  fees: 10,
  gatewayName: "MTN_MOMO_CI",
  beneficiaryPhone: "+2250700000444",
  failureReason: null,
  completedAt: "2026-11-22T10:15:02.123456",
  metadata: { payoutId: "42" },
} satisfies TransferWebhook;

export const refund = {
  paymentReference: "LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K",
  amount: 2000,
  reason: "Two items out of stock",
  metadata: { orderId: "1234" },
};

export const refundWebhook = {
  event: "refund.completed",
  reference: "RFD_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K",
  paymentReference: "LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K",
  status: "completed",
  source: "merchant",
  amount: 2000,
  currency: "XOF",
  gatewayName: "MTN_MOMO_CI",
  reason: "Two items out of stock",
  failureReason: null,
  completedAt: "2026-11-22T11:02:41.512308",
  metadata: { orderId: "1234" },
} satisfies RefundWebhook;
