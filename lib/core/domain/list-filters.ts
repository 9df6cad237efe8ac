import { minorUnits } from "@/lib/core/domain/money";

// The filters and cursor pages shared by the dashboard's lists (payment links, deposits), read
// from a page's search params. A value that does not parse is dropped, never an error page: the
// filter form shows what was applied.

export type ListFilters = {
  status?: string;
  /** Inclusive UTC days, YYYY-MM-DD. */
  from?: string;
  to?: string;
  /** Major units as typed ("5000", "12.50"); compared per currency in minor units. */
  minAmount?: string;
  maxAmount?: string;
  q?: string;
  cursor?: string;
};

export const PAGE_SIZE = 25;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const AMOUNT = /^\d{1,12}(\.\d{1,6})?$/;

export function parseListFilters(params: Record<string, string | string[] | undefined>, statuses: readonly string[]): ListFilters {
  const one = (name: string) => {
    const value = params[name];
    const text = (Array.isArray(value) ? value[0] : value)?.trim();
    return text ? text : undefined;
  };
  const status = one("status");
  const day = (name: string) => {
    const value = one(name);
    return value && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : undefined;
  };
  const amount = (name: string) => {
    const value = one(name)?.replace(",", ".");
    return value && AMOUNT.test(value) ? value : undefined;
  };
  const q = one("q");
  return {
    status: status && statuses.includes(status) ? status : undefined,
    from: day("from"),
    to: day("to"),
    minAmount: amount("minAmount"),
    maxAmount: amount("maxAmount"),
    // Text the database could not hold (NUL) searches for nothing rather than failing the query.
    q: q && !q.includes("\u0000") ? q.slice(0, 200) : undefined,
    cursor: one("cursor"),
  };
}

/** createdAt bounds for the inclusive day range. */
export function createdAtRange(filters: ListFilters): { gte?: Date; lt?: Date } | undefined {
  if (!filters.from && !filters.to) return undefined;
  return {
    ...(filters.from ? { gte: new Date(`${filters.from}T00:00:00Z`) } : {}),
    ...(filters.to ? { lt: new Date(Date.parse(`${filters.to}T00:00:00Z`) + 86_400_000) } : {}),
  };
}

/**
 * A typed major amount in a currency's minor units, by decimal text (never a float): rounded up
 * for a lower bound and down for an upper one, so "12.345 EUR" as a minimum means 12.35.
 */
export function majorTextToMinor(text: string, currency: string, round: "up" | "down"): bigint {
  const digits = minorUnits(currency);
  const [whole, fraction = ""] = text.split(".");
  const kept = BigInt(whole + fraction.slice(0, digits).padEnd(digits, "0"));
  const dropped = /[1-9]/.test(fraction.slice(digits));
  return dropped && round === "up" ? kept + 1n : kept;
}

/** The amount bounds per currency: one OR branch per currency the merchant uses. */
export function amountConditions(filters: ListFilters, currencies: readonly string[]) {
  if (!filters.minAmount && !filters.maxAmount) return undefined;
  return currencies.map((currency) => ({
    currency,
    amountMinor: {
      ...(filters.minAmount ? { gte: majorTextToMinor(filters.minAmount, currency, "up") } : {}),
      ...(filters.maxAmount ? { lte: majorTextToMinor(filters.maxAmount, currency, "down") } : {}),
    },
  }));
}

type Cursor = { createdAt: Date; id: string };

export function encodeCursor(row: Cursor): string {
  return Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString("base64url");
}

export function decodeCursor(text: string | undefined): Cursor | null {
  if (!text) return null;
  try {
    const [at, id] = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    const createdAt = new Date(at);
    if (typeof id !== "string" || Number.isNaN(createdAt.getTime())) return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}

/** Rows after the cursor in the lists' order (newest first, id breaking ties). */
export function afterCursor(cursor: Cursor | null) {
  if (!cursor) return undefined;
  return { OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }] };
}

/** One page of rows fetched with take = PAGE_SIZE + 1: the extra row says a next page exists. */
export function toPage<T extends Cursor>(rows: T[], pageSize = PAGE_SIZE) {
  const items = rows.slice(0, pageSize);
  return { items, nextCursor: rows.length > pageSize ? encodeCursor(items[items.length - 1]) : null };
}
