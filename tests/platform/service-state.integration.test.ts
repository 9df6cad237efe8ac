import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db, sqlOn } from "@/lib/core/db/client";
import { ulid } from "@/lib/core/domain/ulid";
import { readServiceState } from "@/lib/features/monitoring/service-state";
import { call } from "../helpers/api-client";
import { newMerchant, validDeposit, waitForSandboxAnswer } from "../helpers/fixtures";

// The database's state as the metrics show it (issue 48): open operator outcomes and unsettled
// money out by age, the webhook backlog and its lag, how late each kind of due work is. Each file
// has a database of its own (setup-db.ts), so the figures are exactly this file's rows.

// Now, not a fixed date: the scrape below reads the same rows against the real clock.
const NOW = new Date();
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;

let merchantId: string;
beforeAll(async () => {
  merchantId = (await newMerchant()).id;
});
afterEach(() => {
  delete process.env.METRICS_TOKEN;
});

function deposit(fields: { environment?: "live" | "sandbox"; status?: "pending" | "completed" | "failed" | "expired"; createdAt: Date; followUntil?: Date | null; nextCheckAt?: Date | null; expiresAt?: Date; heldReason?: string }) {
  const id = `dep_${ulid()}`;
  return db().deposit.create({
    data: {
      id, reference: `DEP_${ulid()}`, merchantId, environment: fields.environment ?? "live", flow: "classic", paymentType: "DIRECT", gatewayName: "MTN_MOMO_CI",
      status: fields.status ?? "pending", amountMinor: 5000n, feesMinor: 100n, currency: "XOF", country: "CI", customerPhone: "+2250700000444",
      createdAt: fields.createdAt, expiresAt: fields.expiresAt ?? new Date(fields.createdAt.getTime() + 15 * MIN),
      followUntil: fields.followUntil ?? null, nextCheckAt: fields.nextCheckAt ?? null, heldReason: fields.heldReason ?? null,
    },
  });
}

function transfer(fields: { environment?: "live" | "sandbox"; status?: "pending" | "completed"; createdAt: Date; operatorSentAt?: Date | null; dueAt?: Date | null; unresolvedAt?: Date }) {
  return db().transfer.create({
    data: {
      id: `trf_${ulid()}`, reference: `TRF_${ulid()}`, merchantId, environment: fields.environment ?? "live", gatewayName: "MTN_MOMO_CI", gatewayType: "DIRECT",
      status: fields.status ?? "pending", amountMinor: 1000n, feesMinor: 10n, currency: "XOF", country: "CI", beneficiaryPhone: "+2250700000555",
      createdAt: fields.createdAt, operatorSentAt: fields.operatorSentAt ?? null, dueAt: fields.dueAt ?? null, unresolvedAt: fields.unresolvedAt ?? null,
    },
  });
}

describe("the service's state, read from the database", () => {
  it("counts open outcomes and unsettled money out by age, and how late each kind of due work is", async () => {
    const sql = sqlOn(db());
    const empty = await readServiceState(sql, NOW);
    expect(empty.unknownOutcomes.deposit).toEqual({ under_5m: 0, "5m_to_1h": 0, "1h_to_24h": 0, over_24h: 0 });
    expect(empty.webhookBacklog).toBe(0);
    expect(Object.values(empty.dueLagSeconds).every((lag) => lag === 0)).toBe(true);

    // Deposits: followed at the operator (unknown until it answers), whatever our own status says.
    await deposit({ createdAt: ago(2 * MIN), followUntil: ago(-72 * HOUR), nextCheckAt: ago(-1 * MIN) });
    await deposit({ createdAt: ago(3 * HOUR), status: "expired", followUntil: ago(-69 * HOUR), nextCheckAt: ago(30_000) });
    await deposit({ createdAt: ago(30 * HOUR), status: "failed", followUntil: ago(-42 * HOUR), nextCheckAt: ago(-1 * MIN) });
    // Not unknown: completed, no longer followed, sandbox, or held for support.
    await deposit({ createdAt: ago(3 * HOUR), status: "completed", followUntil: ago(-69 * HOUR) });
    await deposit({ createdAt: ago(3 * HOUR), status: "failed", followUntil: null });
    await deposit({ environment: "sandbox", createdAt: ago(20 * MIN), expiresAt: ago(90_000) });
    await deposit({ createdAt: ago(3 * HOUR), followUntil: ago(-69 * HOUR), heldReason: "amount_mismatch" });

    // Transfers: sent with no final answer (unknown, by age since sent); pending but never sent
    // (unresolved only); left to support; completed; sandbox.
    await transfer({ createdAt: ago(2 * HOUR), operatorSentAt: ago(90 * MIN), dueAt: ago(10 * MIN) });
    await transfer({ createdAt: ago(10 * MIN), operatorSentAt: ago(1 * MIN), dueAt: ago(-1 * MIN) });
    await transfer({ createdAt: ago(40 * MIN), dueAt: ago(-20 * MIN) });
    await transfer({ createdAt: ago(50 * HOUR), operatorSentAt: ago(49 * HOUR), dueAt: ago(-1 * HOUR), unresolvedAt: ago(2 * HOUR) });
    await transfer({ createdAt: ago(2 * HOUR), status: "completed", operatorSentAt: ago(2 * HOUR) });
    await transfer({ environment: "sandbox", createdAt: ago(2 * HOUR), dueAt: ago(2 * HOUR) });

    // Webhooks: two pending (the oldest 7 minutes old, one overdue by 3), one delivered.
    const event = await db().webhookEvent.create({ data: { id: `evt_${ulid()}`, merchantId, environment: "live", type: "deposit.completed", reference: "DEP_X", payload: "{}", createdAt: ago(7 * MIN) } });
    const delivery = (createdAt: Date, status: "pending" | "delivered", nextAttemptAt: Date | null) =>
      db().webhookDelivery.create({ data: { id: `whd_${ulid()}`, eventId: event.id, url: "https://merchant.example/hook", status, nextAttemptAt, createdAt } });
    await delivery(ago(7 * MIN), "pending", ago(3 * MIN));
    await delivery(ago(1 * MIN), "pending", ago(-1 * MIN));
    await delivery(ago(20 * MIN), "delivered", null);

    const state = await readServiceState(sql, NOW);
    expect(state.unknownOutcomes).toEqual({
      deposit: { under_5m: 1, "5m_to_1h": 0, "1h_to_24h": 1, over_24h: 1 },
      transfer: { under_5m: 1, "5m_to_1h": 0, "1h_to_24h": 1, over_24h: 1 },
      refund: { under_5m: 0, "5m_to_1h": 0, "1h_to_24h": 0, over_24h: 0 },
    });
    expect(state.unresolvedMoneyOut.transfer).toEqual({ under_5m: 0, "5m_to_1h": 2, "1h_to_24h": 1, over_24h: 1 });
    expect(state.moneyOutUnderReview).toBe(1);
    expect(state.webhookBacklog).toBe(2);
    expect(state.webhookOldestPendingSeconds).toBe(7 * 60);
    expect(state.dueLagSeconds).toEqual({
      // The sandbox deposit, past its expiry by 90 s (the held one is support's, not the sweep's).
      deposit_expiry: 90,
      // The expired live deposit whose next read was due 30 s ago.
      operator_status_read: 30,
      link_expiry: 0,
      // The first transfer, due 10 minutes ago; the sandbox one, due 2 hours ago, is later still.
      transfer: 2 * 3600,
      refund: 0,
      webhook_delivery: 3 * 60,
      receipt: 0,
    });
  });

  it("is in the scrape, with the payments completed and the amount collected by currency", async () => {
    process.env.METRICS_TOKEN = "state-metrics-token";
    const { sandboxKey } = await newMerchant();
    const created = await call("POST", "/test/api/v4/classic/deposit/initiate", { key: sandboxKey, body: { ...validDeposit, amount: 2500 } });
    expect(created.status).toBe(200);
    await waitForSandboxAnswer(created.body.reference);
    const res = await call("GET", "/api/metrics", { headers: { authorization: "Bearer state-metrics-token" } });
    expect(res.status).toBe(200);
    const text = res.body as string;
    expect(text).toContain("pcs_state_up 1");
    expect(text).toMatch(/^pcs_unknown_outcomes\{kind="transfer",age="over_24h"\} 1$/m);
    expect(text).toMatch(/^pcs_money_out_under_review 1$/m);
    expect(text).toMatch(/^pcs_webhook_backlog \d+$/m);
    expect(text).toMatch(/^pcs_due_work_lag_seconds\{job="webhook_delivery"\} [\d.]+$/m);
    expect(text).toMatch(/^pcs_payments_completed_total\{currency="XOF",environment="sandbox"\} [1-9]\d*$/m);
    const collected = Number(/^pcs_payments_collected_minor_total\{currency="XOF",environment="sandbox"\} (\d+)$/m.exec(text)?.[1]);
    expect(collected).toBeGreaterThanOrEqual(2500);
    // Each state gauge once: read by this process, never summed with another's.
    expect(text.match(/^# TYPE pcs_webhook_backlog gauge$/gm)).toHaveLength(1);
  });
});
