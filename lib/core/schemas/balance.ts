import { z } from "zod";

export const balanceSchema = z
  .object({
    balances: z.array(
      z.object({
        currency: z.string().meta({ example: "XOF" }),
        available: z.number().meta({ description: "What transfers may take now" }),
        pending: z.number().meta({ description: "Taken by transfers not yet completed or failed" }),
      }),
    ),
  })
  .meta({ id: "Balance" });
