import { z } from "zod";
import type { Environment } from "@/lib/core/domain/environment";
import { LINK_CURRENCIES } from "@/lib/core/domain/money";
import {
  callbackUrlField,
  emailField,
  metadataField,
  nameField,
  phoneField,
  refineAmountDecimals,
  requestObjectOptions,
  returnUrlField,
  timestampField,
} from "./common";

export const LINK_AMOUNT = { min: 100, max: 10_000_000 } as const;
export const LINK_DESCRIPTION_MAX = 500;
export const LINK_DEFAULT_LIFETIME_SECONDS = 24 * 60 * 60;
/** expiresIn bounds; the sandbox allows 5 s so integrators can watch a link expire. */
export const LINK_EXPIRES_IN = { sandboxMin: 5, liveMin: 300, max: 30 * 24 * 60 * 60 } as const;

export const linkStatusSchema = z.enum(["pending", "completed", "expired", "failed"]);

export function createPaymentLinkSchema(environment: Environment) {
  const minExpiresIn = environment === "sandbox" ? LINK_EXPIRES_IN.sandboxMin : LINK_EXPIRES_IN.liveMin;
  return z
    .strictObject(
      {
        amount: z
          .number({ error: "must be a number" })
          .min(LINK_AMOUNT.min, { error: `must be at least ${LINK_AMOUNT.min}` })
          .max(LINK_AMOUNT.max, { error: `must be at most ${LINK_AMOUNT.max}` })
          .meta({ description: "Amount in the currency's major unit.", example: 5000 }),
        currency: z.enum(LINK_CURRENCIES, { error: `must be one of ${LINK_CURRENCIES.join(", ")}` }),
        description: z
          .string({ error: "must be a string" })
          .trim()
          .min(1, { error: "must not be empty" })
          .max(LINK_DESCRIPTION_MAX, { error: `must be at most ${LINK_DESCRIPTION_MAX} characters` })
          .meta({ example: "Order #1234" }),
        customerName: nameField.optional(),
        customerEmail: emailField.optional(),
        customerPhone: phoneField.optional(),
        callbackUrl: callbackUrlField.optional(),
        returnUrl: returnUrlField.optional(),
        metadata: metadataField.optional(),
        expiresIn: z
          .number({ error: "must be a number of seconds" })
          // The range before the whole-number rule, so 1e21 is reported as too long, not as a fraction.
          .min(minExpiresIn, { error: `must be at least ${minExpiresIn} seconds` })
          .max(LINK_EXPIRES_IN.max, { error: `must be at most ${LINK_EXPIRES_IN.max} seconds (30 days)` })
          .int({ error: "must be a whole number of seconds" })
          .optional()
          .meta({ description: `Lifetime in seconds; default ${LINK_DEFAULT_LIFETIME_SECONDS} (24 h).` }),
      },
      requestObjectOptions,
    )
    .superRefine(refineAmountDecimals)
    .meta({ id: "CreatePaymentLinkRequest" });
}

export type CreatePaymentLinkInput = z.infer<ReturnType<typeof createPaymentLinkSchema>>;

export const paymentLinkCreatedSchema = z
  .object({
    reference: z.string().meta({ example: "LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K" }),
    paymentUrl: z.url(),
    status: linkStatusSchema,
    createdAt: timestampField,
    expiresAt: timestampField,
    message: z.string(),
  })
  .meta({ id: "PaymentLinkCreated" });

export const linkAttemptSchema = z
  .object({
    reference: z.string().meta({ description: "The attempt's deposit reference (an OTP attempt's validated reference once confirmed)." }),
    status: z.enum(["pending", "completed", "failed", "expired"]),
    gatewayName: z.string(),
    paymentType: z.string(),
    fees: z.number(),
    failureReason: z.string().nullable(),
    // A deposit's times: with fractional seconds.
    createdAt: timestampField,
    completedAt: timestampField.nullable(),
    failedAt: timestampField.nullable(),
    expiredAt: timestampField.nullable(),
  })
  .meta({ id: "PaymentLinkAttempt" });

export const paymentLinkSchema = z
  .object({
    reference: z.string(),
    paymentUrl: z.url().meta({
      description:
        "The hosted checkout. Once the link is paid, paymentUrl + \"/receipt\" (/pay/{reference}/receipt) is the customer's receipt page: " +
        "amount and fees, date, references; with receipts on in the dashboard settings, its address is sent to the customer (see GET .../sends).",
    }),
    status: linkStatusSchema,
    amount: z.number(),
    currency: z.string(),
    description: z.string(),
    fees: z.number().nullable().meta({ description: "Known once a payment attempt chose a gateway." }),
    gatewayName: z.string().nullable(),
    customerName: z.string().nullable(),
    customerEmail: z.string().nullable(),
    customerPhone: z.string().nullable(),
    callbackUrl: z.string().nullable(),
    returnUrl: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    createdAt: timestampField,
    expiresAt: timestampField,
    completedAt: timestampField.nullable(),
    paidAfterExpiry: z.boolean().meta({
      description: "true when the customer's payment was approved after expiresAt: status stays expired, completedAt is the approval's time, and the amount is credited to your balance.",
    }),
    failureReason: z.string().nullable().meta({
      description: "While status is failed: why the last attempt failed. A failed link stays payable until expiresAt; it ends completed or expired.",
    }),
    attempts: z.array(linkAttemptSchema).meta({
      description: "The customer's payment attempts from the hosted checkout, oldest first; each is its own deposit. At most one completes the link.",
    }),
    paymentPage: z.string().nullable().meta({
      description: "The reference of the payment page (PAGE_...) this link was made from for one customer; null for a link you created.",
    }),
  })
  .meta({ id: "PaymentLink" });
