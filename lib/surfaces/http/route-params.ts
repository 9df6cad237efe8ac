import { notFound } from "@/lib/core/errors/domain-error";
import { isStorableText } from "@/lib/core/request/storable-text";

export type NextRouteContext = { params: Promise<Record<string, string | string[]>> };

/**
 * A route's path parameters, catch-all segments joined with "/". A value no row can hold ("%00"
 * in the path, lib/core/request/storable-text.ts) is answered as not found, before it can fail a query.
 */
export async function readRouteParams(context?: NextRouteContext): Promise<Record<string, string>> {
  const raw = (await context?.params) ?? {};
  return storableParams(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v])));
}

/** The parameters the route table's router matched, held to the same rule (not found). */
export function storableParams(params: Record<string, string>): Record<string, string> {
  if (!Object.values(params).every(isStorableText)) throw notFound();
  return params;
}

