import { z } from "zod";

const note = z.string().trim().max(500).optional();

// An admin's record of a refund paid back (or not) by hand: the operator's reference of the
// transaction that paid it, and a note, both kept in the audit log.
export const recordRefundSchema = z
  .strictObject({
    outcome: z.enum(["completed", "failed"]),
    operatorReference: z.string().trim().min(1).max(100).optional(),
    note,
  })
  .meta({ id: "RecordRefundRequest" });

// An admin's decision on a deposit held because its operator reported other figures than ours.
export const resolveHoldSchema = z.strictObject({ decision: z.enum(["complete", "fail"]), note }).meta({ id: "ResolveHoldRequest" });
