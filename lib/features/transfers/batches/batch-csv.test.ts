import { describe, expect, it } from "vitest";
import { BATCH_MAX_LINES } from "@/lib/core/schemas/transfer-batch";
import { batchCsvTemplate, parseBatchCsv } from "./batch-csv";

const items = (text: string) => {
  const parsed = parseBatchCsv(text);
  if (!parsed.ok) throw new Error(`refused: ${parsed.problem}`);
  return parsed.items;
};

describe("a batch CSV as merchants save it", () => {
  it("reads French headers with ';', a BOM, grouped amounts and local numbers of the line's country", () => {
    const text = "\uFEFFréférence;Montant;Devise;Pays;Moyen;Numéro;Nom\r\nsal-1;2 500;XOF;CI;MTN_MOMO_CI;07 00 00 04 44;Awa Koné\r\nsal-2;2\u00a0500;;SN;wave_sn;77 000 04 44;\r\nsal-3;12\u202f000;XOF;CI;MTN_MOMO_CI;+225 0700000445;\r\n";
    expect(items(text)).toEqual([
      { reference: "sal-1", amount: 2500, currency: "XOF", country: "CI", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: "+2250700000444", beneficiaryName: "Awa Koné" },
      { reference: "sal-2", amount: 2500, currency: "XOF", country: "SN", gatewayName: "WAVE_SN", beneficiaryPhone: "+221770000444" },
      { reference: "sal-3", amount: 12000, currency: "XOF", country: "CI", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: "+2250700000445" },
    ]);
    expect(parseBatchCsv(text)).toMatchObject({ separator: ";" });
  });

  it("reads English headers in any order with ',' and quoted fields holding commas, quotes and line breaks", () => {
    const text = 'beneficiaryPhone,amount,reference,gatewayName,country,beneficiaryName\n0700000444,"2,500",r1,MTN_MOMO_CI,ci,"Koné, ""Awa""\nla grande"\n';
    expect(items(text)).toEqual([
      { reference: "r1", amount: 2500, currency: "XOF", country: "CI", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: "+2250700000444", beneficiaryName: 'Koné, "Awa"\nla grande' },
    ]);
  });

  it("takes the currency from the country when the column is absent (XAF in Cameroon, GNF in Guinea)", () => {
    const lines = items("ref;montant;pays;opérateur;téléphone\na;1000;CM;MTN_MOMO_CM;6 70 00 04 44\nb;5000;GN;ORANGE_MONEY_GN;620000444\n");
    expect(lines.map((l) => [l.currency, l.beneficiaryPhone])).toEqual([
      ["XAF", "+237670000444"],
      ["GNF", "+224620000444"],
    ]);
  });

  it("leaves what it cannot read as typed, for the batch check to name its field and rule", () => {
    const [bad, decimals, empty] = items("reference;amount;currency;country;gatewayName;beneficiaryPhone\nx;deux mille;XOF;CI;MTN_MOMO_CI;12\ny;2500,5;XOF;CI;MTN_MOMO_CI;0700000444\n;;XOF;CI;;\n");
    expect(bad).toMatchObject({ amount: "deux mille", beneficiaryPhone: "12" });
    expect(decimals).toMatchObject({ amount: 2500.5 });
    expect(empty).toEqual({ currency: "XOF", country: "CI" });
  });

  it("reads a number behind a spreadsheet's text mark ('+225..., as CSV downloads write it)", () => {
    expect(items("reference;amount;country;gatewayName;beneficiaryPhone\na;100;CI;MTN_MOMO_CI;'+2250700000444\n")[0]).toMatchObject({ beneficiaryPhone: "+2250700000444" });
  });

  it("skips empty rows (a spreadsheet's trailing ';;;;')", () => {
    expect(items("reference;amount;country;gatewayName;beneficiaryPhone\n;;;;\na;100;CI;MTN_MOMO_CI;0700000444\n;;;;\n\n")).toHaveLength(1);
  });
});

describe("what keeps a file from being read", () => {
  const header = "reference;amount;country;gatewayName;beneficiaryPhone";
  it("says which problem, naming the column", () => {
    expect(parseBatchCsv("")).toMatchObject({ ok: false, problem: "empty" });
    expect(parseBatchCsv(`\uFEFF${header}\r\n`)).toMatchObject({ ok: false, problem: "empty" });
    expect(parseBatchCsv("a;100;CI;MTN_MOMO_CI;0700000444\n")).toMatchObject({ ok: false, problem: "no_header" });
    expect(parseBatchCsv(`${header};commentaire\na;1;CI;X;1\n`)).toEqual({ ok: false, problem: "unknown_column", column: "commentaire" });
    expect(parseBatchCsv("reference;amount;country;beneficiaryPhone\na;1;CI;1\n")).toEqual({ ok: false, problem: "missing_column", column: "gatewayName" });
    expect(parseBatchCsv(`${header};téléphone\na;1;CI;X;1;2\n`)).toEqual({ ok: false, problem: "duplicate_column", column: "beneficiaryPhone" });
    expect(parseBatchCsv(`${header}\na;1;CI;"X;1\n`)).toMatchObject({ ok: false, problem: "unclosed_quote" });
  });

  it("refuses more lines than a batch holds", () => {
    const row = "a;1;CI;MTN_MOMO_CI;0700000444\n";
    expect(parseBatchCsv(`${header}\n${row.repeat(BATCH_MAX_LINES)}`).ok).toBe(true);
    expect(parseBatchCsv(`${header}\n${row.repeat(BATCH_MAX_LINES + 1)}`)).toEqual({ ok: false, problem: "too_many_lines", max: BATCH_MAX_LINES, lines: BATCH_MAX_LINES + 1 });
  });
});

describe("the template", () => {
  it("reads back as its own example lines, in both languages", () => {
    for (const locale of ["fr", "en"] as const) {
      const text = batchCsvTemplate(locale, [{ gatewayName: "MTN_MOMO_CI", country: "CI", phone: "07 00 00 04 44" }]);
      expect(text.startsWith("\uFEFF")).toBe(true);
      expect(items(text)).toEqual([
        { reference: `${locale === "fr" ? "salaire" : "salary"}-1`, amount: 2500, currency: "XOF", country: "CI", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: "+2250700000444", beneficiaryName: "Awa Koné" },
      ]);
    }
  });
});
