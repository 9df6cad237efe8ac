"use server";

import { redirect } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { memberActor } from "@/lib/features/transfers/batches/batch-actor";
import { createTransferBatch } from "@/lib/features/transfers/batches/create-batch";
import { batchCsvText, batchFromCsv, checkBatchForm, type BatchCheckView, type BatchFormState } from "@/lib/surfaces/dashboard/batch-forms";
import { runDashboardAction } from "@/lib/surfaces/dashboard/dashboard-action";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";

/**
 * The upload form, in two steps as money leaving should be: "check" reads the CSV (the chosen
 * file, else the text area) and checks it whole, nothing written, answering every line with its
 * error or its fees and the totals; "submit" makes the batch from the text area's CSV (checked
 * again by the core), awaiting a second member's approval, and goes to its page. The CSV comes
 * back in the answer, for the text area of a page drawn again without JavaScript.
 */
export async function checkBatchAction(_state: BatchFormState, form: FormData): Promise<BatchFormState> {
  const [tb, tApi, locale] = await Promise.all([getTranslations("batches"), getTranslations("apiErrors"), getLocale()]);
  const submit = form.get("step") === "submit";
  const title = String(form.get("title") ?? "");
  let csv = String(form.get("csv") ?? "");
  let check: BatchCheckView | undefined;
  let target: string | null = null;
  const state = await runDashboardAction(
    "transfers:request",
    async ({ db, member, scope }) => {
      csv = await batchCsvText(form);
      if (!csv.trim()) return { error: tb("csvProblem.noFile") };
      const read = batchFromCsv(csv, title, tb);
      if (!read.ok) return { error: read.error };
      check = await checkBatchForm(db, scope, read.input, { tApi, locale });
      if (check.refused > 0) return { error: tb("refused", { count: check.refused, total: check.lines.length }) };
      if (!submit) return { message: tb("ready", { count: check.lines.length }) };
      const batch = await createTransferBatch(db, { merchantId: scope.merchantId, environment: scope.environment, input: read.input, maker: memberActor(member.userId) });
      target = dashboardPath(scope.environment, `/batches/${batch.reference}`);
      return null;
    },
    { fields: ["title", "file"], refresh: false },
  );
  // Outside the action's try: redirect() works by throwing.
  if (target) redirect(target);
  return { ...state, ...(check ? { check } : {}), fields: { csv, title } };
}
