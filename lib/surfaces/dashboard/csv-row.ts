import { csvField } from "@/lib/features/transfers/balance-and-transfers";

// The dashboard's CSV files are for the member's spreadsheet: in their language, with the
// separator it expects (";" in French, where "," is the decimal comma), a byte-order mark first so
// the accents read as UTF-8. Amounts stay exact decimal text and currencies ISO codes (what a
// spreadsheet or a program reads back), as in the API.

export type CsvLocale = "fr" | "en";

export const csvLocale = (locale: string): CsvLocale => (locale === "en" ? "en" : "fr");

/** The byte-order mark a spreadsheet needs to read a file's accents as UTF-8. */
export const CSV_BOM = "\uFEFF";

/** A CSV row: csvField's quoting and formula guard, and quotes around a field holding ";" too. */
export function csvRow(fields: string[], locale: CsvLocale): string {
  const separator = locale === "fr" ? ";" : ",";
  return `${fields.map((field) => (field.includes(separator) && !field.startsWith('"') ? `"${field.replace(/"/g, '""')}"` : csvField(field))).join(separator)}\r\n`;
}

/** A time for a spreadsheet, in the merchant's zone ("2026-12-03 14:05:09", which spreadsheets read as a date). */
export function csvTime(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("sv-SE", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" }).format(at);
}
