import { z } from "zod";

export const errorSchema = z
  .object({
    error: z.object({
      code: z.int().meta({ description: "Internal error code (see the spec's Errors section)" }),
      message: z.string(),
      details: z.string().optional(),
    }),
  })
  .meta({ id: "Error" });
