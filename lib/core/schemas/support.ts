import { z } from "zod";
import { SCOPES } from "@/lib/core/domain/api-keys";

const date = z.iso.date().or(z.iso.datetime()).transform((v) => new Date(v.length === 10 ? `${v}T00:00:00Z` : v));
const blankIsAbsent = (v: unknown) => (v === "" ? undefined : v);

// Query string of the payment tables; unknown or blank filters are ignored.
export const paymentFiltersSchema = z.object({
  environment: z.preprocess(blankIsAbsent, z.enum(["sandbox", "live"]).optional()),
  status: z.preprocess(blankIsAbsent, z.enum(["pending", "completed", "failed", "expired"]).optional()),
  merchantId: z.preprocess(blankIsAbsent, z.string().max(64).optional()),
  gatewayName: z.preprocess(blankIsAbsent, z.string().max(64).optional()),
  from: z.preprocess(blankIsAbsent, date.optional()),
  to: z.preprocess(blankIsAbsent, date.optional()),
  cursor: z.preprocess(blankIsAbsent, z.string().max(64).optional()),
});

// The sign-in form's fields (JSON or urlencoded); extra fields, such as a submit button's, are ignored.
export const signInSchema = z.object({ email: z.string().max(254), password: z.string().max(1024) });

// The second step of a two-factor sign-in: the app's 6 digits or a backup code (JSON or urlencoded).
export const secondFactorSchema = z.object({ code: z.string({ error: "is required" }).min(1, { error: "is required" }).max(64) });

// The password change form (JSON or urlencoded; `csrf` is the form's copy of the session's token).
export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: "is required" }).max(1024),
  newPassword: z.string({ error: "is required" }).max(1024),
  confirmation: z.string({ error: "is required" }).max(1024),
});

export const createKeySchema = z.strictObject({
  environment: z.enum(["sandbox", "live"]),
  scopes: z.array(z.enum(SCOPES)).min(1).optional(),
});

// Query string of the transfers table: the same filters, with a transfer's own statuses.
export const transferFiltersSchema = paymentFiltersSchema.extend({
  status: z.preprocess(blankIsAbsent, z.enum(["pending", "completed", "failed"]).optional()),
});

// Query string of the refunds table: the same filters, a refund's statuses, and who asked for it.
export const refundFiltersSchema = transferFiltersSchema.extend({
  source: z.preprocess(blankIsAbsent, z.enum(["merchant", "refund_due"]).optional()),
});
