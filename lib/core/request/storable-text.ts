// PostgreSQL text and jsonb cannot hold U+0000, and an unpaired surrogate (valid in a JSON
// escape, "\ud800") has no UTF-8 encoding: either one makes the query fail wherever the string
// reaches the database, as a lookup key or as stored data. Found by fuzzing: every such request
// was a 500. They are refused at the edge instead, where the field can still be named.

import { fieldError } from "@/lib/core/errors/validation-errors";

const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && !UNPAIRED_SURROGATE.test(value);
}

export const UNSTORABLE_TEXT_RULE = "must not contain U+0000 or unpaired surrogates";

type Pending = { value: unknown; key: string | number | null; parent: Pending | null };

const pathOf = (entry: Pending) => {
  const path: (string | number)[] = [];
  for (let at: Pending | null = entry; at && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
};

/**
 * The path of a key or string in a parsed JSON value that the database cannot store, or
 * null. Iterative, with parent links rather than a path per value: a 64 KiB body can nest 30,000
 * levels deep, more than the call stack allows and too deep to copy paths.
 */
export function findUnstorableText(value: unknown): (string | number)[] | null {
  const pending: Pending[] = [{ value, key: null, parent: null }];
  while (pending.length > 0) {
    const entry = pending.pop()!;
    const current = entry.value;
    if (typeof current === "string") {
      if (!isStorableText(current)) return pathOf(entry);
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push({ value: item, key: index, parent: entry }));
    } else if (current !== null && typeof current === "object") {
      for (const [key, item] of Object.entries(current)) {
        const child = { value: item, key, parent: entry };
        if (!isStorableText(key)) return pathOf(child);
        pending.push(child);
      }
    }
  }
  return null;
}

/** Refuses a form body or query string holding such text: the field's 400, not a failed query. */
export function checkFieldsText(fields: URLSearchParams): void {
  for (const [name, value] of fields) {
    if (!isStorableText(name)) throw fieldError([], UNSTORABLE_TEXT_RULE, { rule: "unstorable" });
    if (!isStorableText(value)) throw fieldError([name], UNSTORABLE_TEXT_RULE, { rule: "unstorable" });
  }
}
