import "server-only";
import type { getTranslations } from "next-intl/server";
import type { Db } from "@/lib/core/db/client";
import { formatMinor } from "@/lib/core/domain/money";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { DomainError, isOutcome, type LineRefusal } from "@/lib/core/errors/domain-error";
import { fieldError, validationError } from "@/lib/core/errors/validation-errors";
import { transferBatchEnvelopeSchema, type TransferBatchEnvelope } from "@/lib/core/schemas/transfer-batch";
import { parseBatchCsv, type BatchCsvProblem } from "@/lib/features/transfers/batches/batch-csv";
import { checkTransferBatch } from "@/lib/features/transfers/batches/check-batch";
import { apiErrorOf } from "@/lib/surfaces/http/api-error-of";
import type { ActionState } from "./dashboard-action";
import { formErrorOf } from "./form-errors";

// The bulk payout upload form (issue 49): the CSV from its file or its text area, read
// (lib/features/transfers/batches/batch-csv.ts), checked whole by the batch core, and shown line
// by line with each refused line's error in the member's words, from its field and rule as the
// core decided them (never from the English of its message).

type Translator = Awaited<ReturnType<typeof getTranslations>>;

/** More than a 500-line batch needs, far less than a server action takes. */
export const BATCH_CSV_MAX_BYTES = 256 * 1024;

/** One line as the checked view shows it. */
export type CheckedLineView = { line: number; reference: string; beneficiary: string; gatewayName: string; amount: string; fees: string | null; error: string | null };

export type BatchCheckView = {
  lines: CheckedLineView[];
  refused: number;
  totals: { amount: string; fees: string; total: string; available: string } | null;
};

/** The form's answer: an ActionState with the checked lines, and what was typed (the CSV text, the title) for the page drawn again. */
export type BatchFormState = (NonNullable<ActionState> & { check?: BatchCheckView }) | null;

/** The CSV text a form sent: its chosen file (UTF-8, or the Windows encoding a French spreadsheet saves in), else its text area. */
export async function batchCsvText(form: FormData): Promise<string> {
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return String(form.get("csv") ?? "");
  if (file.size > BATCH_CSV_MAX_BYTES) throw new DomainError("invalid", { field: "file", rule: "too_large", details: `file must be at most ${BATCH_CSV_MAX_BYTES / 1024} KB` });
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** A CSV problem in the member's words. */
export function csvProblemWords(problem: BatchCsvProblem, tb: Translator): string {
  switch (problem.problem) {
    case "unknown_column":
      return tb("csvProblem.unknown_column", { column: problem.column });
    case "missing_column":
    case "duplicate_column":
      return tb(`csvProblem.${problem.problem}`, { column: tb(`column.${problem.column}`) });
    case "too_many_lines":
      return tb("csvProblem.too_many_lines", { lines: problem.lines, max: problem.max });
    default:
      return tb(`csvProblem.${problem.problem}`);
  }
}

/** A refused line's words: the rule's, else its field's code's (as a form says a refusal: form-errors.ts). */
export function lineRefusalWords(refusal: LineRefusal, tApi: Translator): string {
  const asError = fieldError([refusal.field], "", { rule: refusal.rule });
  const apiError = apiErrorOf(asError)!;
  return tApi(formErrorOf(apiError, []).messageKey);
}

type Read = { ok: true; input: TransferBatchEnvelope } | { ok: false; error: string };

/** The batch the form describes, or the CSV's problem in words; a title of the wrong form is the title field's error. */
export function batchFromCsv(csv: string, title: string, tb: Translator): Read {
  const parsed = parseBatchCsv(csv);
  if (!parsed.ok) return { ok: false, error: csvProblemWords(parsed, tb) };
  const envelope = { ...(title.trim() ? { title } : {}), items: parsed.items };
  const checked = transferBatchEnvelopeSchema.safeParse(envelope);
  if (!checked.success) throw validationError(checked.error, envelope);
  return { ok: true, input: checked.data };
}

const text = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : "");

/**
 * Checks the batch as the core will when it is submitted, nothing written: every line with its
 * fees and the totals, or every line with the refused ones' errors. A balance too short is thrown
 * (the form's error, in the rule's words).
 */
export async function checkBatchForm(db: Db, scope: MerchantScope, input: TransferBatchEnvelope, words: { tApi: Translator; locale: string }): Promise<BatchCheckView> {
  const items = input.items as Record<string, unknown>[];
  const base = (item: Record<string, unknown>, index: number): CheckedLineView => ({
    line: index + 1,
    reference: text(item.reference),
    beneficiary: [text(item.beneficiaryPhone), text(item.beneficiaryName)].filter(Boolean).join(" · "),
    gatewayName: text(item.gatewayName),
    amount: [text(item.amount), text(item.currency)].filter(Boolean).join(" "),
    fees: null,
    error: null,
  });
  try {
    const checked = await checkTransferBatch(db, { merchantId: scope.merchantId, environment: scope.environment, items });
    const money = (minor: bigint) => formatMinor(minor, checked.currency, words.locale);
    return {
      lines: checked.lines.map((line) => ({ ...base(items[line.lineNumber - 1]!, line.lineNumber - 1), amount: money(line.amountMinor), fees: money(line.feesMinor) })),
      refused: 0,
      totals: { amount: money(checked.amountMinor), fees: money(checked.feesMinor), total: money(checked.amountMinor + checked.feesMinor), available: money(checked.availableMinor) },
    };
  } catch (error) {
    if (!isOutcome(error, "invalid") || !error.lines) throw error;
    const refusals = new Map(error.lines.map((refusal) => [refusal.line, refusal]));
    return {
      lines: items.map((item, index) => {
        const refusal = refusals.get(index + 1);
        return { ...base(item, index), error: refusal ? lineRefusalWords(refusal, words.tApi) : null };
      }),
      refused: refusals.size,
      totals: null,
    };
  }
}
