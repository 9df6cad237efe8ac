import { db, type DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { findCharges, refreshCharges } from "./find-charges";
import { readLookupForm, type LookupForm, type LookupFormError } from "./lookup-facts";
import { limitLookupByAddress, limitLookupByFacts } from "./lookup-limits";

// The look-up's steps in their order: the address's allowance first (before anything is read, so
// partial and wrong tries cost the same as right ones), then the facts read, then the number's or
// the operator id's allowance, then the payments. A limit reached throws the limiter's 429.

export type LookupAnswer = { error: LookupFormError } | { ids: string[] };

export async function lookUpCharges(options: { environment: Environment; addressKey: string; form: LookupForm; now?: Date }, client: DbClient = db()): Promise<LookupAnswer> {
  await limitLookupByAddress(options.addressKey);
  const read = readLookupForm(options.form, options.now);
  if ("error" in read) return read;
  await limitLookupByFacts(read.facts);
  return { ids: await findCharges(client, { environment: options.environment, facts: read.facts, now: options.now }) };
}

/** "Check again": the payments a look-up found, read at their operators again, on the address's allowance. */
export async function checkChargesAgain(options: { environment: Environment; addressKey: string; ids: string[]; now?: Date }, client: DbClient = db()): Promise<void> {
  await limitLookupByAddress(options.addressKey);
  await refreshCharges(client, options);
}
