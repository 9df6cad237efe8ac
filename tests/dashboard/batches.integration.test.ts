import { randomUUID } from "node:crypto";
import { generate } from "otplib";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { checkBatchAction } from "@/app/dashboard/(app)/batches/new/actions";
import { approveBatchAction, cancelBatchAction, retryFailedLinesAction } from "@/app/dashboard/(app)/batches/[reference]/actions";
import { GET as resultCsv } from "@/app/dashboard/(app)/batches/[reference]/result.csv/route";
import { GET as templateCsv } from "@/app/dashboard/(app)/batches/template.csv/route";
import { saveBatchApprovalAction } from "@/app/dashboard/(app)/settings/actions";
import { db } from "@/lib/core/db/client";
import { formatMinor } from "@/lib/core/domain/money";
import type { MemberRole } from "@/lib/features/auth/member-permissions";
import { createTransferBatch } from "@/lib/features/transfers/batches/create-batch";
import { sendDueBatchLines } from "@/lib/features/transfers/batches/send-batch-lines";
import { BATCH_CSV_MAX_BYTES, type BatchFormState } from "@/lib/surfaces/dashboard/batch-forms";
import type { ActionState } from "@/lib/surfaces/dashboard/dashboard-action";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";
import { ORIGIN } from "../helpers/api-client";
import { type AuthBrowser, PASSWORD, signedUpMerchant } from "../helpers/auth-session";
import { newKey, waitUntilSandboxAnswerIsDue } from "../helpers/fixtures";
import { availableBalance, fundMerchant } from "../helpers/fund-merchant";
import { browseWith, nextRequest, redirectOf } from "../helpers/next-request";

// The dashboard's bulk payouts (issue 49), each action run as Next runs it with a member's session
// cookie on the sandbox: the CSV checked line by line in the member's words, fixed and submitted;
// the approval by a second member only (the maker, a viewer, another merchant's member all
// refused, nothing held), with the approver's two-factor code when they turned it on; the lines
// sent; the result CSV; the cancel, the retry, the one-person threshold in the settings.

vi.mock("next/headers", async () => (await import("../helpers/next-request")).nextHeaders);
vi.mock("next/cache", async () => (await import("../helpers/next-request")).nextCache);
vi.mock("next-intl/server", async () => (await import("../helpers/next-request")).nextIntlServer());

type Person = { userId: string; browser: AuthBrowser };
let merchantId: string;
let sandboxKey: string;
let owner: Person;
let admin: Person;
let viewer: Person;
let stranger: Person;

async function memberOf(role: MemberRole): Promise<Person> {
  const { browser, email } = await signedUpMerchant({ businessName: `Own shop of a ${role}` });
  const user = await db().user.findUniqueOrThrow({ where: { email } });
  await db().member.create({ data: { id: randomUUID(), organizationId: merchantId, userId: user.id, role, createdAt: new Date() } });
  await db().session.updateMany({ where: { userId: user.id }, data: { activeOrganizationId: merchantId } });
  return { userId: user.id, browser };
}

/** An admin of the school who turned two-factor on: their app's secret and backup codes. */
async function adminWithTwoFactor(): Promise<{ checker: Person; secret: string; backupCodes: string[] }> {
  const checker = await memberOf("admin");
  const enabled = await checker.browser.post("/two-factor/enable", { password: PASSWORD });
  const secret = new URL(enabled.body.totpURI).searchParams.get("secret")!;
  expect((await checker.browser.post("/two-factor/verify-totp", { code: await generate({ secret }) })).status).toBe(200);
  // Turning it on opened a new session: on the school's dashboard again.
  await db().session.updateMany({ where: { userId: checker.userId }, data: { activeOrganizationId: merchantId } });
  return { checker, secret, backupCodes: enabled.body.backupCodes };
}

beforeAll(async () => {
  const signedUp = await signedUpMerchant({ businessName: "École des Palmiers" });
  const user = await db().user.findUniqueOrThrow({ where: { email: signedUp.email }, include: { members: true } });
  owner = { userId: user.id, browser: signedUp.browser };
  merchantId = user.members[0]!.organizationId;
  await db().merchant.update({ where: { id: merchantId }, data: { country: "CI" } });
  sandboxKey = (await newKey(merchantId, "sandbox")).key;
  await fundMerchant(sandboxKey, [50_000]);
  admin = await memberOf("admin");
  viewer = await memberOf("viewer");
  const other = await signedUpMerchant({ businessName: "Another school" });
  stranger = { userId: (await db().user.findUniqueOrThrow({ where: { email: other.email } })).id, browser: other.browser };
});

type Action<S> = (state: S, form: FormData) => Promise<S>;

/** Posts the form as `who`, in `locale`; the redirect target when the action sent the browser on. */
async function post<S>(who: Person, action: Action<S>, fields: Record<string, string | File>, locale: "en" | "fr" = "fr"): Promise<{ state: S | null; redirect: string | null }> {
  browseWith(who.browser.cookieHeader());
  nextRequest.locale = locale;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  let state: S | null = null;
  const redirect = await redirectOf(async () => {
    state = await action(null as S, form);
  });
  return { state, redirect };
}

let n = 0;
const csvOf = (lines: [amount: string, phone: string][], prefix = `r${++n}-${Date.now().toString(36)}`) =>
  `référence;montant;pays;moyen;numéro;nom\r\n${lines.map(([amount, phone], i) => `${prefix}-${i + 1};${amount};CI;MTN_MOMO_CI;${phone};Enseignant ${i + 1}`).join("\r\n")}\r\n`;

/** A batch made straight by the core, as `maker`. */
const batchBy = async (maker: Person, phones = ["+2250700000444"]) =>
  createTransferBatch(db(), {
    merchantId,
    environment: "sandbox",
    maker: { userId: maker.userId, apiKeyId: null },
    input: { items: phones.map((phone, i) => ({ reference: `made-${randomUUID().slice(0, 8)}-${i}`, amount: 500, currency: "XOF", country: "CI", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: phone })) },
  });

const statusOf = async (reference: string) => (await db().transferBatch.findUniqueOrThrow({ where: { reference } })).status;

describe("the upload: checked line by line, fixed, submitted", () => {
  it("names the bad line in the member's words, keeps the CSV to fix, then makes the batch awaiting approval", async () => {
    const before = await db().transferBatch.count({ where: { merchantId } });
    // Line 2 is a Senegalese number on a line for Côte d'Ivoire.
    const bad = csvOf([["2 500", "07 00 00 04 44"], ["2\u202f500", "+221770000444"], ["1000", "0700000446"]]);
    const file = new File([`\uFEFF${bad}`], "salaires.csv", { type: "text/csv" });
    const checked = await post<BatchFormState>(owner, checkBatchAction, { file, csv: "", title: "Salaires", step: "check" });
    expect(checked.state?.error).toBe(fr.batches.refused.replace(/\{count, plural.*\}\} sur \{total\}/, "1 ligne à corriger sur 3"));
    expect(checked.state?.check?.lines.map((l) => [l.line, l.error])).toEqual([
      [1, null],
      [2, fr.apiErrors.rules.phone_country],
      [3, null],
    ]);
    expect(checked.state?.fields?.csv).toBe(bad);
    expect(await db().transferBatch.count({ where: { merchantId } })).toBe(before);

    const fixed = bad.replace("+221770000444", "07 00 00 04 45");
    const again = await post<BatchFormState>(owner, checkBatchAction, { csv: fixed, title: "Salaires", step: "check" });
    expect(again.state?.error).toBeUndefined();
    expect(again.state?.check?.refused).toBe(0);
    expect(again.state?.check?.totals?.amount).toBe(formatMinor(6000n, "XOF", "fr"));

    const submitted = await post<BatchFormState>(owner, checkBatchAction, { csv: fixed, title: "Salaires", step: "submit" });
    expect(submitted.redirect).toMatch(/^\/test\/dashboard\/batches\/BATCH_TEST_/);
    const batch = await db().transferBatch.findUniqueOrThrow({ where: { reference: submitted.redirect!.split("/").at(-1)! } });
    expect(batch).toMatchObject({ status: "awaiting_approval", title: "Salaires", lineCount: 3, amountMinor: 6000n, createdByUserId: owner.userId });
    // Submitted again (a double tap, back then submit): its references are taken, nothing made twice.
    const twice = await post<BatchFormState>(owner, checkBatchAction, { csv: fixed, title: "Salaires", step: "submit" });
    expect(twice.redirect).toBeNull();
    expect(twice.state?.check?.lines.map((l) => l.error)).toEqual(Array(3).fill(fr.apiErrors.rules.reference_already_used));
    expect(await db().transferBatch.count({ where: { merchantId } })).toBe(before + 1);
  });

  it("says what keeps a file from being read, in both languages", async () => {
    for (const [locale, catalog] of [["fr", fr], ["en", en]] as const) {
      const { state } = await post<BatchFormState>(owner, checkBatchAction, { csv: "référence;montant;pays;moyen;numéro;commentaire\na;1;CI;X;1;z\n", step: "check" }, locale);
      expect(state?.error).toBe(catalog.batches.csvProblem.unknown_column.replace("{column}", "commentaire"));
      const empty = await post<BatchFormState>(owner, checkBatchAction, { csv: "", step: "check" }, locale);
      expect(empty.state?.error).toBe(catalog.batches.csvProblem.noFile);
    }
  });

  it("reads a file a French spreadsheet saved in its Windows encoding, and refuses one too large to be a batch", async () => {
    const csv = csvOf([["1 000", "07 00 00 04 44"]]).replace("Enseignant", "Élève");
    const latin1 = new File([Buffer.from(csv, "latin1")], "paie.csv", { type: "text/csv" });
    const { state } = await post<BatchFormState>(owner, checkBatchAction, { file: latin1, csv: "", step: "check" });
    expect(state?.check?.refused, JSON.stringify(state)).toBe(0);
    expect(state?.fields?.csv).toContain("Élève");
    const huge = new File(["x".repeat(BATCH_CSV_MAX_BYTES + 1)], "huge.csv", { type: "text/csv" });
    expect((await post<BatchFormState>(owner, checkBatchAction, { file: huge, csv: "", step: "check" })).state).toMatchObject({ fieldErrors: { file: fr.apiErrors.rules.too_large } });
  });

  it("is refused to a viewer, who may not request transfers", async () => {
    const { state } = await post<BatchFormState>(viewer, checkBatchAction, { csv: csvOf([["1000", "0700000444"]]), step: "submit" });
    expect(state?.code).toBe(40001);
  });

  it("gives the template in the member's language, which reads back as a batch", async () => {
    for (const locale of ["fr", "en"] as const) {
      browseWith(owner.browser.cookieHeader());
      nextRequest.locale = locale;
      const res = await templateCsv();
      expect(res.status).toBe(200);
      const bytes = new Uint8Array(await res.arrayBuffer());
      // The byte-order mark first, for spreadsheets to read the accents as UTF-8.
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder().decode(bytes);
      expect(text.split("\r\n")[0]).toBe(locale === "fr" ? "référence;montant;devise;pays;moyen;numéro;nom" : "reference,amount,currency,country,gatewayName,beneficiaryPhone,beneficiaryName");
      const { state } = await post<BatchFormState>(owner, checkBatchAction, { csv: text, step: "check" }, locale);
      expect(state?.check?.refused, JSON.stringify(state)).toBe(0);
    }
  });
});

describe("the approval: a second member, never the maker, a viewer or another merchant", () => {
  it("refuses the maker, a viewer and another merchant's member, holding nothing; a second member approves; the lines are paid; the result CSV says so", async () => {
    const batch = await batchBy(owner, ["+2250700000444", "+2250700000333"]);
    const balance = await availableBalance(sandboxKey);

    const byMaker = await post<ActionState>(owner, approveBatchAction, { reference: batch.reference });
    expect(byMaker.state).toMatchObject({ code: 40001, refusal: { rule: "maker_cannot_approve" }, error: fr.apiErrors.hints.batch_second_member });
    const byViewer = await post<ActionState>(viewer, approveBatchAction, { reference: batch.reference });
    expect(byViewer.state?.code).toBe(40001);
    const byStranger = await post<ActionState>(stranger, approveBatchAction, { reference: batch.reference });
    expect(byStranger.state?.code).toBe(40004);
    expect(await statusOf(batch.reference)).toBe("awaiting_approval");
    expect(await availableBalance(sandboxKey)).toBe(balance);

    const approved = await post<ActionState>(admin, approveBatchAction, { reference: batch.reference });
    expect(approved.state).toEqual({ message: fr.batches.approve.done });
    expect(await statusOf(batch.reference)).toBe("processing");
    expect(await availableBalance(sandboxKey)).toBeLessThan(balance - 1000);
    // Approved once: a second approval finds it gone.
    expect((await post<ActionState>(admin, approveBatchAction, { reference: batch.reference })).state?.code).toBe(40020);

    await waitUntilSandboxAnswerIsDue();
    await sendDueBatchLines(db());
    expect(await statusOf(batch.reference)).toBe("completed_with_failures");
    browseWith(viewer.browser.cookieHeader());
    nextRequest.locale = "fr";
    const res = await resultCsv(new Request(`${ORIGIN}/test/dashboard/batches/${batch.reference}/result.csv`), { params: Promise.resolve({ reference: batch.reference }) });
    expect(res.status).toBe(200);
    const rows = (await res.text()).trim().split("\r\n").map((row) => row.split(";"));
    expect(rows[0]!.slice(0, 3)).toEqual(["ligne", "référence", "statut"]);
    // The numbers behind the spreadsheet's text mark (csvField's guard: "+..." is no formula).
    expect(rows.slice(1).map((row) => [row[0], row[2], row[8]])).toEqual([
      ["1", fr.batches.lineStatus.completed, "'+2250700000444"],
      ["2", fr.batches.lineStatus.failed, "'+2250700000333"],
    ]);
    // Another merchant's member: the same 404 as a batch that never was.
    browseWith(stranger.browser.cookieHeader());
    expect((await resultCsv(new Request(`${ORIGIN}/test/dashboard/batches/${batch.reference}/result.csv`), { params: Promise.resolve({ reference: batch.reference }) })).status).toBe(404);

    // The failed line again, in a batch of its own awaiting approval: by who may request transfers only.
    expect((await post<ActionState>(viewer, retryFailedLinesAction, { reference: batch.reference })).state?.code).toBe(40001);
    const retried = await post<ActionState>(owner, retryFailedLinesAction, { reference: batch.reference });
    expect(retried.redirect).toMatch(/^\/test\/dashboard\/batches\/BATCH_TEST_/);
    const retry = await db().transferBatch.findUniqueOrThrow({ where: { reference: retried.redirect!.split("/").at(-1)! }, include: { lines: true } });
    expect([retry.status, retry.lines.map((l) => l.beneficiaryPhone)]).toEqual(["awaiting_approval", ["+2250700000333"]]);
  });

  it("asks an approver with two-factor on for their code, and refuses a wrong one", async () => {
    const { checker, secret } = await adminWithTwoFactor();
    const batch = await batchBy(owner);

    const noCode = await post<ActionState>(checker, approveBatchAction, { reference: batch.reference });
    expect(noCode.state).toMatchObject({ code: 40019, fieldErrors: { code: fr.apiErrors.rules.required } });
    const current = await generate({ secret });
    const wrong = String((Number(current) + 1) % 1_000_000).padStart(6, "0");
    const wrongCode = await post<ActionState>(checker, approveBatchAction, { reference: batch.reference, code: wrong });
    expect(wrongCode.state).toMatchObject({ code: 40019, fieldErrors: { code: fr.apiErrors.codes["40019"] } });
    expect(await statusOf(batch.reference)).toBe("awaiting_approval");

    const right = await post<ActionState>(checker, approveBatchAction, { reference: batch.reference, code: current.replace(/(\d{3})/, "$1 ") });
    expect(right.state).toEqual({ message: fr.batches.approve.done });
    expect(await statusOf(batch.reference)).toBe("processing");
  });

  it("takes one of the approver's backup codes instead (no phone), once", async () => {
    const { checker, backupCodes } = await adminWithTwoFactor();
    const [backupCode] = backupCodes;
    const first = await batchBy(owner);
    expect((await post<ActionState>(checker, approveBatchAction, { reference: first.reference, backupCode: ` ${backupCode} ` })).state).toEqual({ message: fr.batches.approve.done });
    expect(await statusOf(first.reference)).toBe("processing");
    // Spent: it approves nothing more, and the approver's session is still theirs (no new one was opened).
    const second = await batchBy(owner);
    expect((await post<ActionState>(checker, approveBatchAction, { reference: second.reference, backupCode })).state).toMatchObject({ code: 40019, fieldErrors: { code: fr.apiErrors.codes["40019"] } });
    expect(await statusOf(second.reference)).toBe("awaiting_approval");
    expect(await db().session.count({ where: { userId: checker.userId } })).toBe(1);
  });

  it("stops a session walking the codes: after 5 wrong ones, even the right one waits", async () => {
    const { checker, secret } = await adminWithTwoFactor();
    const batch = await batchBy(owner);
    const current = await generate({ secret });
    const wrong = String((Number(current) + 500_000) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 5; i++) expect((await post<ActionState>(checker, approveBatchAction, { reference: batch.reference, code: wrong })).state?.code).toBe(40019);
    expect((await post<ActionState>(checker, approveBatchAction, { reference: batch.reference, code: current })).state?.code).toBe(42900);
    expect(await statusOf(batch.reference)).toBe("awaiting_approval");
  });

  it("cancels a batch awaiting approval for who may request transfers, not a viewer nor another merchant", async () => {
    const batch = await batchBy(admin);
    expect((await post<ActionState>(viewer, cancelBatchAction, { reference: batch.reference })).state?.code).toBe(40001);
    expect((await post<ActionState>(stranger, cancelBatchAction, { reference: batch.reference })).state?.code).toBe(40004);
    expect(await statusOf(batch.reference)).toBe("awaiting_approval");
    expect((await post<ActionState>(owner, cancelBatchAction, { reference: batch.reference })).state).toEqual({ message: fr.batches.cancel.done });
    expect(await statusOf(batch.reference)).toBe("cancelled");
  });
});

describe("one-person batches up to the merchant's threshold (settings)", () => {
  it("is set by who may change the settings; under it the maker approves alone, above it not", async () => {
    expect((await post<ActionState>(viewer, saveBatchApprovalAction, { selfApprovalMax: "2 000", selfApprovalCurrency: "XOF" })).state?.code).toBe(40001);
    expect((await post<ActionState>(admin, saveBatchApprovalAction, { selfApprovalMax: "deux mille", selfApprovalCurrency: "XOF" })).state).toMatchObject({ fieldErrors: { selfApprovalMax: fr.apiErrors.rules.not_a_number } });
    expect((await post<ActionState>(admin, saveBatchApprovalAction, { selfApprovalMax: "2 000", selfApprovalCurrency: "XOF" })).state).toEqual({ message: fr.batches.settings.saved });
    expect(await db().merchant.findUniqueOrThrow({ where: { id: merchantId } })).toMatchObject({ batchSelfApprovalMaxMinor: 2000n, batchSelfApprovalCurrency: "XOF" });

    const small = await batchBy(admin);
    expect((await post<ActionState>(admin, approveBatchAction, { reference: small.reference })).state).toEqual({ message: fr.batches.approve.done });
    const large = await batchBy(admin, ["+2250700000444", "+2250700000445", "+2250700000446", "+2250700000447"]);
    expect((await post<ActionState>(admin, approveBatchAction, { reference: large.reference })).state?.refusal?.rule).toBe("maker_cannot_approve");

    // Off again: an empty amount.
    expect((await post<ActionState>(owner, saveBatchApprovalAction, { selfApprovalMax: "", selfApprovalCurrency: "XOF" })).state).toEqual({ message: fr.batches.settings.saved });
    expect((await db().merchant.findUniqueOrThrow({ where: { id: merchantId } })).batchSelfApprovalMaxMinor).toBeNull();
  });
});
