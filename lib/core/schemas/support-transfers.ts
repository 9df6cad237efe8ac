import { z } from "zod";

// An admin's approve / reject of a MANUAL transfer: an optional note kept in the audit log.
export const reviewTransferSchema = z
  .strictObject({ reason: z.string().trim().max(500).optional() })
  .meta({ id: "ReviewTransferRequest" });
