import { z } from "zod";

// Support's decision on an activation request: a reason, required to refuse (the merchant reads
// it), optional to approve (kept in the audit log only when refusing).
export const reviewActivationSchema = z
  .strictObject({ reason: z.string({ error: "must be a string" }).trim().max(500, { error: "must be at most 500 characters" }).optional() })
  .meta({ id: "ReviewActivationRequest" });

export const activationStatusFilter = z.enum(["in_review", "approved", "refused"]).optional();
