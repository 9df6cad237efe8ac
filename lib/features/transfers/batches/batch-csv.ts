import { parseAmountInput } from "@/lib/core/domain/amount-input";
import { normalizePhone } from "@/lib/core/domain/phone";
import { BATCH_MAX_LINES } from "@/lib/core/schemas/transfer-batch";

// A batch as merchants keep it: a spreadsheet saved as CSV (issue 49, the dashboard). Read as
// people write it: French or English column names in any order, ";" (a French spreadsheet's) or
// ",", quoted fields, a byte-order mark, amounts grouped "2 500" (any space), local phone numbers
// of the line's country, the currency left out where the country has only one. Each row becomes a
// line as the API's JSON would carry it, left for checkTransferBatch to judge: a value that cannot
// be read stays as typed, so the check names its field and rule like any other. Only what makes
// the file itself unreadable is answered here. Pure: no I/O.

export const BATCH_CSV_COLUMNS = ["reference", "amount", "currency", "country", "gatewayName", "beneficiaryPhone", "beneficiaryName"] as const;
export type BatchCsvColumn = (typeof BATCH_CSV_COLUMNS)[number];

/** Columns a file must have (currency follows from the country; the name is optional). */
const REQUIRED_COLUMNS: readonly BatchCsvColumn[] = ["reference", "amount", "country", "gatewayName", "beneficiaryPhone"];

/** Header words, compared without case, accents, spaces or punctuation. */
const HEADER_WORDS: Record<BatchCsvColumn, string[]> = {
  reference: ["reference", "ref"],
  amount: ["amount", "montant"],
  currency: ["currency", "devise", "monnaie"],
  country: ["country", "pays"],
  gatewayName: ["gatewayname", "gateway", "moyen", "moyenderetrait", "moyendepaiement", "operateur", "operator"],
  beneficiaryPhone: ["beneficiaryphone", "phone", "telephone", "tel", "numero", "numerodetelephone", "mobile"],
  beneficiaryName: ["beneficiaryname", "name", "nom", "beneficiaire", "nomdubeneficiaire"],
};

/** The template's column names, by language (also what the result CSV is read back with). */
export const BATCH_CSV_HEADERS: Record<"fr" | "en", Record<BatchCsvColumn, string>> = {
  fr: { reference: "référence", amount: "montant", currency: "devise", country: "pays", gatewayName: "moyen", beneficiaryPhone: "numéro", beneficiaryName: "nom" },
  en: { reference: "reference", amount: "amount", currency: "currency", country: "country", gatewayName: "gatewayName", beneficiaryPhone: "beneficiaryPhone", beneficiaryName: "beneficiaryName" },
};

// The countries our gateways serve, each with one currency: the franc CFA of West Africa (UEMOA),
// of Central Africa (CEMAC), and Guinea's franc.
const COUNTRY_CURRENCY: Record<string, string> = {
  CI: "XOF", SN: "XOF", BJ: "XOF", TG: "XOF", BF: "XOF", ML: "XOF", NE: "XOF", GW: "XOF",
  CM: "XAF", GA: "XAF", CG: "XAF", TD: "XAF", CF: "XAF", GQ: "XAF",
  GN: "GNF",
};

export type BatchCsvProblem =
  | { problem: "empty" }
  | { problem: "no_header" }
  | { problem: "unknown_column"; column: string }
  | { problem: "missing_column"; column: BatchCsvColumn }
  | { problem: "duplicate_column"; column: BatchCsvColumn }
  | { problem: "unclosed_quote" }
  | { problem: "too_many_lines"; max: number; lines: number };

export type BatchCsv = { ok: true; items: Record<string, unknown>[]; separator: ";" | "," } | ({ ok: false } & BatchCsvProblem);

/** The lines of a batch CSV, or what keeps the file from being read. */
export function parseBatchCsv(text: string): BatchCsv {
  const body = text.replace(/^\uFEFF/, "");
  const separator = detectSeparator(body);
  const rows = splitRows(body, separator);
  if (rows === null) return { ok: false, problem: "unclosed_quote" };
  const filled = rows.filter((row) => row.some((field) => field.trim() !== ""));
  if (filled.length === 0) return { ok: false, problem: "empty" };
  const header = readHeader(filled[0]!);
  if (!header.ok) return header;
  const data = filled.slice(1);
  if (data.length === 0) return { ok: false, problem: "empty" };
  if (data.length > BATCH_MAX_LINES) return { ok: false, problem: "too_many_lines", max: BATCH_MAX_LINES, lines: data.length };
  return { ok: true, separator, items: data.map((row) => lineOf(header.columns, row)) };
}

/** ";" when the first line has more of them than "," outside quotes (a French spreadsheet's), else ",". */
function detectSeparator(text: string): ";" | "," {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && char === ";") semicolons++;
    else if (!quoted && char === ",") commas++;
  }
  return semicolons > commas ? ";" : ",";
}

/** RFC 4180 rows: quoted fields may hold the separator, line breaks and doubled quotes; CRLF, LF or CR end a row. Null for a quote never closed. */
function splitRows(text: string, separator: string): string[][] | null {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let wasQuoted = false;
  const endField = () => {
    row.push(wasQuoted ? field : field.trim());
    field = "";
    wasQuoted = false;
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (char === '"' && field.trim() === "") {
      quoted = true;
      wasQuoted = true;
      field = "";
    } else if (char === separator) {
      endField();
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      endField();
      rows.push(row);
      row = [];
    } else {
      field += char;
    }
  }
  if (quoted) return null;
  if (field !== "" || row.length > 0 || wasQuoted) {
    endField();
    rows.push(row);
  }
  return rows;
}

const headerKey = (name: string) =>
  name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

const COLUMN_OF_WORD = new Map(BATCH_CSV_COLUMNS.flatMap((column) => HEADER_WORDS[column].map((word) => [word, column] as const)));

type Header = { ok: true; columns: (BatchCsvColumn | null)[] } | ({ ok: false } & BatchCsvProblem);

function readHeader(row: string[]): Header {
  const columns = row.map((name) => (name.trim() === "" ? null : (COLUMN_OF_WORD.get(headerKey(name)) ?? undefined)));
  // No name we know: the first row is data, the file has no header.
  if (!columns.some((column) => column)) return { ok: false, problem: "no_header" };
  const unknown = columns.findIndex((column) => column === undefined);
  if (unknown >= 0) return { ok: false, problem: "unknown_column", column: row[unknown]!.trim() };
  const known = columns as (BatchCsvColumn | null)[];
  const twice = known.find((column, index) => column && known.indexOf(column) !== index);
  if (twice) return { ok: false, problem: "duplicate_column", column: twice };
  const missing = REQUIRED_COLUMNS.find((column) => !known.includes(column));
  if (missing) return { ok: false, problem: "missing_column", column: missing };
  return { ok: true, columns: known };
}

/** One row as the API's line: values read the local way where they can be, else as typed. */
function lineOf(columns: (BatchCsvColumn | null)[], row: string[]): Record<string, unknown> {
  const cell = (column: BatchCsvColumn) => {
    const index = columns.indexOf(column);
    // A spreadsheet's text mark ("'+225...", as our own CSV downloads write a leading + or -) is not part of the value.
    return index >= 0 ? (row[index] ?? "").trim().replace(/^'(?=[=+\-@])/, "") : "";
  };
  const country = cell("country").toUpperCase();
  const currency = cell("currency").toUpperCase() || COUNTRY_CURRENCY[country] || "";
  const line: Record<string, unknown> = {};
  const put = (name: string, value: unknown) => {
    if (value !== "") line[name] = value;
  };
  put("reference", cell("reference"));
  put("amount", amountOf(cell("amount"), currency));
  put("currency", currency);
  put("country", country);
  put("gatewayName", cell("gatewayName").toUpperCase());
  const phone = cell("beneficiaryPhone");
  put("beneficiaryPhone", phone && (normalizePhone(phone, country) ?? phone));
  put("beneficiaryName", cell("beneficiaryName"));
  return line;
}

/**
 * "2 500", "2 500" (no-break or narrow spaces), "2500", "10,50": the number the API's JSON would
 * carry. Too many decimals for the currency stay a number (the check says "decimals"); anything
 * else unreadable stays text (the check says "must be a number").
 */
function amountOf(text: string, currency: string): number | string {
  if (!text) return "";
  const parsed = parseAmountInput(text, currency || "XOF");
  if (parsed.ok) return Number(parsed.text);
  if (parsed.reason === "too_many_decimals") {
    const plain = text.replace(/[\s\u00a0\u202f]/g, "").replace(",", ".");
    if (/^\d+\.\d+$/.test(plain)) return Number(plain);
  }
  return text;
}

/** The template's text: its header in the member's language (";" in French, as French spreadsheets save) and example lines. */
export function batchCsvTemplate(locale: "fr" | "en", examples: { gatewayName: string; country: string; phone: string }[]): string {
  const separator = locale === "fr" ? ";" : ",";
  const names = BATCH_CSV_HEADERS[locale];
  const header = BATCH_CSV_COLUMNS.map((column) => names[column]).join(separator);
  const lines = examples.map((example, index) =>
    [`${locale === "fr" ? "salaire" : "salary"}-${index + 1}`, index === 0 ? "2500" : "10000", COUNTRY_CURRENCY[example.country] ?? "", example.country, example.gatewayName, example.phone, index === 0 ? "Awa Koné" : "Moussa Diallo"].join(separator),
  );
  // The byte-order mark makes spreadsheet programs read the accents as UTF-8.
  return `\uFEFF${[header, ...lines].join("\r\n")}\r\n`;
}
