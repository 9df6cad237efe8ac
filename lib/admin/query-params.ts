import type { z } from "zod";
import { validationError } from "@/lib/http/validation-errors";

/** A request's query string through a zod schema, refused with the usual 400 envelope. */
export function parseQuery<T>(url: URL, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}
