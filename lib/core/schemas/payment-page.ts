import { z } from "zod";
import type { Environment } from "@/lib/core/domain/environment";
import { LINK_CURRENCIES, toMinor } from "@/lib/core/domain/money";
import { PAGE_STATUSES } from "@/lib/core/domain/page-status";
import { checkPageSlug, PAGE_SLUG } from "@/lib/core/domain/page-slug";
import { callbackUrlField, metadataField, requestObjectOptions, returnUrlField, timestampField } from "./common";
import { LINK_AMOUNT, LINK_DESCRIPTION_MAX, LINK_EXPIRES_IN, paymentLinkSchema } from "./payment-link";

// Payment pages (issue 36, an extension): one reusable URL or shop QR code that many customers
// pay. Each payment is an ordinary payment link made from the page, so every amount a page takes
// stays within the link's limits (LINK_AMOUNT).

/** A page's expiresIn: from the link's minimum up to 366 days; without it the page never expires. */
export const PAGE_EXPIRES_IN = { sandboxMin: LINK_EXPIRES_IN.sandboxMin, liveMin: LINK_EXPIRES_IN.liveMin, max: 366 * 24 * 60 * 60 } as const;
export const PAGE_MAX_PAYMENTS = 1_000_000;

const linkAmount = (what: string) =>
  z
    .number({ error: "must be a number" })
    .min(LINK_AMOUNT.min, { error: `must be at least ${LINK_AMOUNT.min}` })
    .max(LINK_AMOUNT.max, { error: `must be at most ${LINK_AMOUNT.max}` })
    .meta({ description: what });

type AmountRule = { amount?: number; minAmount?: number; maxAmount?: number; currency: string };

/** The amount rule's cross-field checks: decimals per currency, a set price or a range, never both, min <= max. */
function refineAmountRule(value: AmountRule, ctx: z.RefinementCtx) {
  for (const field of ["amount", "minAmount", "maxAmount"] as const) {
    const amount = value[field];
    // Out of range or of the wrong type: the field's own issue says so.
    if (typeof amount !== "number" || amount < LINK_AMOUNT.min || amount > LINK_AMOUNT.max) continue;
    if (toMinor(amount, value.currency) === null) {
      ctx.addIssue({ code: "custom", path: [field], message: `has more decimals than ${value.currency} allows`, params: { rule: "decimals" } });
    }
  }
  if (value.amount !== undefined) {
    for (const field of ["minAmount", "maxAmount"] as const) {
      if (value[field] !== undefined) {
        ctx.addIssue({ code: "custom", path: [field], message: "must not be given with amount: a page has a set price (amount) or lets the customer choose between minAmount and maxAmount" });
      }
    }
  }
  if (typeof value.minAmount === "number" && typeof value.maxAmount === "number" && value.minAmount > value.maxAmount) {
    ctx.addIssue({ code: "custom", path: ["minAmount"], message: "must not be greater than maxAmount", params: { rule: "min_above_max" } });
  }
}

/**
 * The page's short address, checked by its rules (lib/core/domain/page-slug.ts) and stored trimmed
 * and in small letters. Whether another page holds it is the database's to say (409/40020).
 */
export const pageSlugField = z
  .string({ error: "must be a string" })
  .superRefine((value, ctx) => {
    const check = checkPageSlug(value);
    if (!check.ok) ctx.addIssue({ code: "custom", message: check.message, params: { rule: check.rule } });
  })
  .trim()
  .toLowerCase()
  .meta({
    description:
      `The page's short address, typed off a poster: \`{base}/p/{slug}\` (\`{base}/test/p/{slug}\` in the sandbox). ` +
      `${PAGE_SLUG.min} to ${PAGE_SLUG.max} lowercase letters a-z, digits and single hyphens (capitals are made small); ` +
      "unique across all merchants and both environments (taken: 409/40020), and not one of our own words (admin, api, pay...). " +
      "The reference address keeps working beside it.",
    example: "boutique-awa",
  });

export function createPaymentPageSchema(environment: Environment) {
  const minExpiresIn = environment === "sandbox" ? PAGE_EXPIRES_IN.sandboxMin : PAGE_EXPIRES_IN.liveMin;
  return z
    .strictObject(
      {
        description: z
          .string({ error: "must be a string" })
          .trim()
          .min(1, { error: "must not be empty" })
          .max(LINK_DESCRIPTION_MAX, { error: `must be at most ${LINK_DESCRIPTION_MAX} characters` })
          .meta({ description: "What the customer pays for, shown on the page.", example: "Boutique Awa - Marché de Cocody" }),
        slug: pageSlugField.optional(),
        currency: z.enum(LINK_CURRENCIES, { error: `must be one of ${LINK_CURRENCIES.join(", ")}` }),
        amount: linkAmount(
          `A set price in the currency's major unit (${LINK_AMOUNT.min} to ${LINK_AMOUNT.max}). Without it the customer types the amount.`,
        ).optional(),
        minAmount: linkAmount(`Without amount: the least a customer may type; default ${LINK_AMOUNT.min}.`).optional(),
        maxAmount: linkAmount(`Without amount: the most a customer may type; default ${LINK_AMOUNT.max}.`).optional(),
        maxPayments: z
          .number({ error: "must be a number" })
          .min(1, { error: "must be at least 1" })
          .max(PAGE_MAX_PAYMENTS, { error: `must be at most ${PAGE_MAX_PAYMENTS}` })
          .int({ error: "must be a whole number" })
          .optional()
          .meta({ description: "The page closes (status exhausted) after this many completed payments. Default: no limit." }),
        expiresIn: z
          .number({ error: "must be a number of seconds" })
          .min(minExpiresIn, { error: `must be at least ${minExpiresIn} seconds` })
          .max(PAGE_EXPIRES_IN.max, { error: `must be at most ${PAGE_EXPIRES_IN.max} seconds (366 days)` })
          .int({ error: "must be a whole number of seconds" })
          .optional()
          .meta({ description: "Lifetime in seconds. Default: the page never expires." }),
        callbackUrl: callbackUrlField.optional().meta({ description: "Receives the payment_link.* webhooks of every payment made from the page." }),
        returnUrl: returnUrlField.optional(),
        metadata: metadataField.optional(),
      },
      requestObjectOptions,
    )
    .superRefine(refineAmountRule)
    .meta({ id: "CreatePaymentPageRequest" });
}

export type CreatePaymentPageInput = z.infer<ReturnType<typeof createPaymentPageSchema>>;

export const pageStatusSchema = z.enum(PAGE_STATUSES).meta({
  description:
    "active: takes payments. inactive: turned off by the merchant (POST .../activate turns it on). exhausted: maxPayments " +
    "completed payments reached. expired: past expiresAt. Only an active page makes payment links.",
});

export const paymentPageSchema = z
  .object({
    reference: z.string().meta({ example: "PAGE_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K" }),
    url: z.url().meta({ description: "The public page customers open: `{base}/p/{reference}` (`{base}/test/p/...` in the sandbox)." }),
    slug: z.string().nullable().meta({ description: "The short address the merchant chose; null when none.", example: "boutique-awa" }),
    shortUrl: z.url().nullable().meta({ description: "The same page at its short address, `{base}/p/{slug}` (`{base}/test/p/{slug}` in the sandbox); null without a slug." }),
    qrCodeUrl: z.url().meta({ description: "The page's URL as a QR code, PNG (1024 px, for print): `{url}/qr.png`. Public, no key needed." }),
    qrCodeSvgUrl: z.url().meta({ description: "The same QR code as SVG: `{url}/qr.svg`." }),
    status: pageStatusSchema,
    description: z.string(),
    currency: z.string(),
    amountType: z.enum(["fixed", "customer_chooses"]).meta({ description: "fixed: every customer pays `amount`. customer_chooses: the customer types an amount from minAmount to maxAmount." }),
    amount: z.number().nullable().meta({ description: "The set price; null when the customer chooses." }),
    minAmount: z.number().nullable().meta({ description: "When the customer chooses: the least they may pay; null for a set price." }),
    maxAmount: z.number().nullable().meta({ description: "When the customer chooses: the most they may pay; null for a set price." }),
    maxPayments: z.number().int().nullable(),
    paymentsCount: z.number().int().meta({ description: "Completed payments made through the page (including one approved after its link expired)." }),
    amountCollected: z.number().meta({ description: "The sum of those payments' amounts (fees excluded), in the currency's major unit." }),
    callbackUrl: z.string().nullable(),
    returnUrl: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    createdAt: timestampField,
    expiresAt: timestampField.nullable().meta({ description: "null: the page never expires." }),
  })
  .meta({ id: "PaymentPage" });

export const PAGE_PAYMENTS_PAGE_MAX = 100;
export const PAGE_PAYMENTS_PAGE_DEFAULT = 20;

export const listPagePaymentsQuerySchema = z
  .strictObject({
    limit: z
      .string()
      .regex(/^\d{1,3}$/, { error: `must be a whole number from 1 to ${PAGE_PAYMENTS_PAGE_MAX}` })
      .transform(Number)
      .refine((n) => n >= 1 && n <= PAGE_PAYMENTS_PAGE_MAX, { error: `must be a whole number from 1 to ${PAGE_PAYMENTS_PAGE_MAX}` })
      .optional()
      .meta({
        description: `Links per page, 1 to ${PAGE_PAYMENTS_PAGE_MAX}; default ${PAGE_PAYMENTS_PAGE_DEFAULT}`,
        example: 20,
        override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
          delete jsonSchema.pattern;
          Object.assign(jsonSchema, { type: "integer", minimum: 1, maximum: PAGE_PAYMENTS_PAGE_MAX });
        },
      }),
    startingAfter: z
      .string()
      .regex(/^LINK_(TEST_)?[0-9A-HJKMNP-TV-Z]{26}$/, { error: "must be a payment link reference" })
      .optional()
      .meta({ description: "Cursor: the links older than this one (pass the last `reference` of the page you have)" }),
  })
  .meta({ id: "ListPagePaymentsQuery" });

export type ListPagePaymentsQuery = z.output<typeof listPagePaymentsQuerySchema>;

export const pagePaymentListSchema = z
  .object({
    data: z.array(paymentLinkSchema).meta({ description: "The page's payment links, newest first: one per customer who pressed Pay, whatever became of it." }),
    hasMore: z.boolean(),
  })
  .meta({ id: "PagePaymentList" });
