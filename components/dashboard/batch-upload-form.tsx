"use client";

import { useEffect, useId, useRef } from "react";
import type { BatchCheckView, BatchFormState } from "@/lib/surfaces/dashboard/batch-forms";
import { cardColumns } from "@/lib/surfaces/dashboard/card-columns";
import { ActionResult, FieldError, FieldErrorsProvider, useKeptActionState, useMarkFieldsInError } from "./action-form";

type Labels = {
  file: string;
  csv: string;
  title: string;
  check: string;
  checkAgain: string;
  checking: string;
  submit: string;
  submitting: string;
  line: string;
  reference: string;
  beneficiary: string;
  gateway: string;
  amount: string;
  fees: string;
  result: string;
  ok: string;
  totals: { amount: string; fees: string; total: string; available: string };
};

type Props = {
  action: (state: BatchFormState, form: FormData) => Promise<BatchFormState>;
  labels: Labels;
};

/**
 * The bulk payout upload: a CSV file (or its text pasted), checked on the server line by line,
 * nothing written; the answer lists every line with its error or fees, and puts the CSV in the
 * text area, where a bad line is fixed and checked again. Once every line is right, "Submit for
 * approval" makes the batch. Plain form posts: the same without JavaScript (the page is drawn
 * again with the answer). The chosen file is emptied once its text is in the text area, so a
 * second check reads the corrected text, not the file again.
 */
export function BatchUploadForm({ action, labels }: Props) {
  const { state, formAction, pending, form, onSubmit } = useKeptActionState(action);
  const formId = useId().replace(/:/g, "");
  const file = useRef<HTMLInputElement>(null);
  const csvArea = useRef<HTMLTextAreaElement>(null);
  useMarkFieldsInError(form, state, formId);
  useEffect(() => {
    if (!state?.fields) return;
    if (file.current) file.current.value = "";
    if (csvArea.current) csvArea.current.value = state.fields.csv ?? "";
  }, [state]);
  const checked = state?.check;
  const ready = Boolean(checked && checked.refused === 0 && checked.totals && !state?.error);
  return (
    <FieldErrorsProvider formId={formId} errors={state?.fieldErrors ?? {}}>
      <form ref={form} action={formAction} onSubmit={onSubmit} className="dash-form dash-batch-form" data-error-code={state?.code} data-testid="batch-form" encType="multipart/form-data">
        <label>
          {labels.title}
          <input name="title" maxLength={100} autoComplete="off" defaultValue={state?.fields?.title ?? ""} />
        </label>
        <FieldError name="title" />
        <label>
          {labels.file}
          <input ref={file} name="file" type="file" accept=".csv,text/csv,text/plain" />
        </label>
        <FieldError name="file" />
        <label>
          {labels.csv}
          <textarea ref={csvArea} name="csv" rows={8} spellCheck={false} autoComplete="off" defaultValue={state?.fields?.csv ?? ""} />
        </label>
        <button type="submit" name="step" value="check" disabled={pending} className={ready ? "dash-button" : undefined}>
          {pending ? labels.checking : checked ? labels.checkAgain : labels.check}
        </button>
        <ActionResult state={state} />
        {checked ? <CheckedLines checked={checked} labels={labels} /> : null}
        {ready ? (
          <button type="submit" name="step" value="submit" disabled={pending} className="dash-button dash-button-primary" data-testid="batch-submit">
            {pending ? labels.submitting : labels.submit}
          </button>
        ) : null}
      </form>
    </FieldErrorsProvider>
  );
}

function CheckedLines({ checked, labels }: { checked: BatchCheckView; labels: Labels }) {
  const columns = [labels.line, labels.reference, labels.beneficiary, labels.gateway, labels.amount, labels.fees, labels.result];
  return (
    <>
      {checked.totals ? (
        <dl className="dash-fields" data-testid="batch-totals">
          <dt>{labels.totals.amount}</dt>
          <dd>{checked.totals.amount}</dd>
          <dt>{labels.totals.fees}</dt>
          <dd>{checked.totals.fees}</dd>
          <dt>{labels.totals.total}</dt>
          <dd>
            <strong>{checked.totals.total}</strong>
          </dd>
          <dt>{labels.totals.available}</dt>
          <dd>{checked.totals.available}</dd>
        </dl>
      ) : null}
      <div className="dash-table-wrap" tabIndex={0} role="region" aria-label={labels.result}>
        <table className="dash-table dash-cards" style={cardColumns(columns)} data-testid="batch-check">
          <thead>
            <tr>
              {columns.map((column, index) => (
                <th key={column} scope="col" className={index === 4 || index === 5 ? "num" : undefined}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {checked.lines.map((line) => (
              <tr key={line.line} data-line={line.line} data-refused={line.error ? "true" : undefined}>
                <td>{line.line}</td>
                <td>{line.reference}</td>
                <td>{line.beneficiary}</td>
                <td>{line.gatewayName}</td>
                <td className="num">{line.amount}</td>
                <td className="num">{line.fees ?? ""}</td>
                <td>{line.error ? <span className="dash-line-error">{line.error}</span> : labels.ok}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
