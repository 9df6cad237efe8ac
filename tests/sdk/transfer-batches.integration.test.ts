import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { sendDueBatchLines } from "@/lib/features/transfers/batches/send-batch-lines";
import { PcsClient, PcsError, type TransferBatch, type TransferBatchItem, type TransferBatchLine } from "@/sdk/src/index";
import { startAppServer, type RunningServer } from "../helpers/app-server";
import { newKey, newMember, newMerchant, waitUntilSandboxAnswerIsDue } from "../helpers/fixtures";
import { fundMerchant } from "../helpers/fund-merchant";

// The SDK's transferBatches (issue 49) against the real app over HTTP: one member's key makes the
// batch, another member's approves it (maker-checker), as a payroll integration would.

let app: RunningServer;
let maker: PcsClient;
let checker: PcsClient;

const item = (reference: string, phone: string, amount = 1000): TransferBatchItem => ({ reference, amount, currency: "XOF", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: phone, country: "CI" });

beforeAll(async () => {
  app = await startAppServer();
  const merchant = await newMerchant();
  await fundMerchant(merchant.sandboxKey, [20_000]);
  const keyOf = async (role: "admin" | "owner") => (await newKey(merchant.id, "sandbox", { createdByUserId: await newMember(merchant.id, role) })).key;
  maker = new PcsClient({ apiKey: await keyOf("admin"), baseUrl: app.origin });
  checker = new PcsClient({ apiKey: await keyOf("owner"), baseUrl: app.origin });
});
afterAll(() => app.close());

describe("PcsClient.transferBatches", () => {
  it("makes a batch, is refused its own approval, has it approved by another member, follows its lines and retries the failed one", async () => {
    const batch: TransferBatch = await maker.transferBatches.create({ title: "Livreurs", items: [item("d1", "+2250700000444"), item("d2", "+2250700000111", 2000), item("d3", "+2250700000445")] });
    expect(batch).toMatchObject({ status: "awaiting_approval", lineCount: 3, amount: 4000, fees: 40 });
    expect(await maker.transferBatches.approve(batch.reference).catch((e: unknown) => e)).toMatchObject({ status: 403, code: 40001 });

    expect(await checker.transferBatches.approve(batch.reference)).toMatchObject({ status: "processing" });
    await waitUntilSandboxAnswerIsDue();
    await sendDueBatchLines(db());
    expect(await maker.transferBatches.retrieve(batch.reference)).toMatchObject({ status: "completed_with_failures", counts: { completed: 2, failed: 1 } });

    const page = await maker.transferBatches.listLines(batch.reference, { limit: 2 });
    expect(page.data.map((l) => l.line)).toEqual([1, 2]);
    expect(page.hasMore).toBe(true);
    const all: TransferBatchLine[] = [];
    for await (const line of maker.transferBatches.allLines(batch.reference, { limit: 1 })) all.push(line);
    expect(all.map((l) => [l.reference, l.status])).toEqual([["d1", "completed"], ["d2", "failed"], ["d3", "completed"]]);
    const failed = await maker.transferBatches.listLines(batch.reference, { status: "failed" });
    expect(failed.data.map((l) => l.reference)).toEqual(["d2"]);

    const retry = await maker.transferBatches.retryFailed(batch.reference);
    expect(retry).toMatchObject({ status: "awaiting_approval", retryOf: batch.reference, lineCount: 1 });
    expect(await maker.transferBatches.cancel(retry.reference)).toMatchObject({ status: "cancelled" });
  });

  it("throws a PcsError naming each refused line in `lines`", async () => {
    const error = await maker.transferBatches.create({ items: [item("e1", "+2250700000444"), item("e2", "+221770000444"), item("e1", "+2250700000446")] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PcsError);
    expect(error).toMatchObject({ status: 400, code: 40023 });
    expect((error as PcsError).lines?.map((l) => [l.line, l.field, l.rule])).toEqual([
      [2, "beneficiaryPhone", "phone_country"],
      [3, "reference", "duplicate_in_batch"],
    ]);
    const missing = await maker.transferBatches.retrieve("BATCH_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K").catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 404, code: 40004, lines: undefined });
  });
});
