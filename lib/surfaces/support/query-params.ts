import type { z } from "zod";
import { validationError } from "@/lib/core/errors/validation-errors";

/** A request's query string through a zod schema, refused with the usual 400 envelope. */
export function parseQuery<T>(url: URL, schema: z.ZodType<T>): T {
  const input = Object.fromEntries(url.searchParams);
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error, input);
  return parsed.data;
}
