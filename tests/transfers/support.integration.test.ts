import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createStaff } from "@/lib/features/staff/create-staff";
import { db } from "@/lib/core/db/client";
import { newReference } from "@/lib/core/domain/references";
import { ulid } from "@/lib/core/domain/ulid";
import { ACCOUNTS } from "@/lib/features/ledger/accounts";
import { postEntries } from "@/lib/features/ledger/post-entries";
import { call } from "../helpers/api-client";
import { newMerchant } from "../helpers/fixtures";
import { fundMerchant } from "../helpers/fund-merchant";
import { expectLedgerBalanced } from "../helpers/ledger-invariant";
import { newFormToken } from "@/lib/core/domain/form-token";

// Transfers in the support view: the table, search by reference or beneficiary phone, the detail
// page's data (money, timestamps, ledger, webhooks) and the overview's counts.

type Merchant = Awaited<ReturnType<typeof newMerchant>>;
type Who = { email: string; cookie: string; csrf: string };

// TMONEY_TG is a MANUAL withdrawal gateway: its transfers wait for an admin, so nothing moves
// under the test's feet. 1000 XOF costs 15 XOF of fees.
const manual = { amount: 1000, currency: "XOF", gatewayName: "TMONEY_TG", beneficiaryPhone: "+22890000444", country: "TG" };

let n = 0;
async function staffSession(role: "support" | "admin"): Promise<Who> {
  const email = `adm-trf-${role}-${++n}-${Date.now()}@support.example`;
  const password = "a long enough password";
  await createStaff(db(), { email, role, password });
  const res = await call("POST", "/admin/api/session", { body: { email, password }, headers: { "x-forwarded-for": `172.18.0.${n}` } });
  expect(res.status).toBe(200);
  return { email, cookie: res.headers.get("set-cookie")!.split(";")[0], csrf: res.body.csrfToken as string };
}

const as = (who: Who) => ({ cookie: who.cookie, "x-csrf-token": who.csrf });
const transfer = async (m: Merchant, body: Record<string, unknown> = manual, path = "/test/api/v4/transfers/instant", key = m.sandboxKey) => {
  const res = await call("POST", path, { key, body });
  expect(res.status).toBe(200);
  return res.body.reference as string;
};
/** A decision as the support view sends it: with the one-time token its buttons drew (a new one unless given; null for none). */
const review = (who: Who, reference: string, decision: "approve" | "reject", reason?: string, token: string | null = newFormToken()) =>
  call("POST", `/admin/api/transfers/${reference}/${decision}`, { body: reason ? { reason } : {}, headers: { ...as(who), ...(token === null ? {} : { "idempotency-key": token }) } });
const references = (body: { items?: { reference: string }[]; transfers?: { reference: string }[] }) =>
  (body.items ?? body.transfers ?? []).map((r) => r.reference);

afterEach(expectLedgerBalanced);

let support: Who;
let admin: Who;
let m: Merchant;
let completed: string;
let rejected: string;
beforeAll(async () => {
  support = await staffSession("support");
  admin = await staffSession("admin");
  m = await newMerchant();
  await fundMerchant(m.sandboxKey, [10_000]);
  completed = await transfer(m, { ...manual, callbackUrl: "https://merchant.example/hooks", beneficiaryName: "Kossi", metadata: { payoutId: "42" } });
  rejected = await transfer(m, { ...manual, amount: 2000, beneficiaryPhone: "+22890000555" });
  expect((await review(admin, completed, "approve")).status).toBe(200);
  expect((await review(admin, rejected, "reject", "beneficiary unknown")).status).toBe(200);
});

describe("transfers in the support view: access", () => {
  it("refuses anonymous callers (401/40002) and merchant keys (401/401) on every transfer endpoint", async () => {
    for (const path of ["/admin/api/transfers", `/admin/api/transfers/${completed}`, "/admin/api/transfers/pending"]) {
      const anonymous = await call("GET", path);
      expect([path, anonymous.status, anonymous.body.error.code]).toEqual([path, 401, 40002]);
      const withKey = await call("GET", path, { key: m.sandboxKey });
      expect([path, withKey.status, withKey.body.error.code]).toEqual([path, 401, 401]);
    }
  });

  it("lets both roles read the table and the detail; deciding stays an admin's", async () => {
    for (const who of [support, admin]) {
      expect((await call("GET", "/admin/api/transfers", { headers: { cookie: who.cookie }, query: { merchantId: m.id } })).status).toBe(200);
      expect((await call("GET", `/admin/api/transfers/${completed}`, { headers: { cookie: who.cookie } })).status).toBe(200);
    }
    const pending = await transfer(m);
    const refused = await review(support, pending, "approve");
    expect([refused.status, refused.body.error.code]).toEqual([403, 40001]);
  });

  it("answers an unknown reference as not found, in the envelope", async () => {
    const res = await call("GET", "/admin/api/transfers/TRF_TEST_01KAQ0000000000000000000000", { headers: { cookie: support.cookie } });
    expect([res.status, res.body.error.code]).toEqual([404, 40004]);
  });
});

describe("a decision sent twice with its one token (issue 46)", () => {
  const decisions = (reference: string) => db().auditEntry.findMany({ where: { targetId: reference } });
  const journals = async (reference: string, kind: string) => new Set((await db().ledgerEntry.findMany({ where: { reference, kind } })).map((e) => e.journalId)).size;

  it("approved twice, one after the other: decided once; the second answer is the first's, replayed", async () => {
    const pending = await transfer(m);
    const token = newFormToken();
    const first = await review(admin, pending, "approve", undefined, token);
    expect([first.status, first.body.status]).toEqual([200, "completed"]);
    const second = await review(admin, pending, "approve", undefined, token);
    expect([second.status, second.body, second.headers.get("idempotent-replayed")]).toEqual([200, first.body, "true"]);
    expect((await decisions(pending)).map((a) => a.action)).toEqual(["transfer.approve"]);
    expect(await journals(pending, "transfer_completed")).toBe(1);
  });

  it("rejected three times at once: decided once, and every answer is that decision (the later posts wait for the first)", async () => {
    const pending = await transfer(m);
    const token = newFormToken();
    const answers = await Promise.all([1, 2, 3].map(() => review(admin, pending, "reject", "double tap", token)));
    expect(answers.map((a) => a.status), JSON.stringify(answers.map((a) => a.body))).toEqual([200, 200, 200]);
    for (const a of answers) expect(a.body).toEqual(answers[0].body);
    expect(answers[0].body).toMatchObject({ reference: pending, status: "failed" });
    expect(answers.filter((a) => a.headers.get("idempotent-replayed") === "true")).toHaveLength(2);
    expect((await decisions(pending)).map((a) => a.action)).toEqual(["transfer.reject"]);
    expect(await journals(pending, "transfer_failed")).toBe(1);
  });

  it("the token reused for another transfer or another reason: 422/40020; none, or not one of ours: 400/40023; nothing decided", async () => {
    const [one, other] = [await transfer(m), await transfer(m)];
    const token = newFormToken();
    expect((await review(admin, one, "reject", "closed account", token)).status).toBe(200);
    for (const [reference, reason] of [[other, "closed account"], [one, "another reason"]]) {
      const reused = await review(admin, reference, "reject", reason, token);
      expect([reused.status, reused.body.error.code], JSON.stringify(reused.body)).toEqual([422, 40020]);
    }
    for (const bad of [null, "", "not-a-token", "F".repeat(32)]) {
      const refused = await review(admin, other, "approve", undefined, bad);
      expect([refused.status, refused.body.error.code], JSON.stringify(bad)).toEqual([400, 40023]);
      expect(refused.body.error.details).toMatch(/Idempotency-Key/);
    }
    expect((await db().transfer.findUniqueOrThrow({ where: { reference: other } })).status).toBe("pending");
    expect(await decisions(other)).toEqual([]);
  });
});

describe("the transfers table", () => {
  it("filters by merchant, status, environment and gateway, newest first, paginated by cursor", async () => {
    const solo = await newMerchant();
    await fundMerchant(solo.sandboxKey, [30_000]);
    const refs: string[] = [];
    for (let i = 0; i < 27; i++) refs.push(await transfer(solo));
    await review(admin, refs[0], "approve");
    await review(admin, refs[1], "reject");
    const read = (query: Record<string, string>) => call("GET", "/admin/api/transfers", { headers: { cookie: support.cookie }, query: { merchantId: solo.id, ...query } });

    const first = await read({ environment: "sandbox" });
    expect(first.status).toBe(200);
    expect(references(first.body)).toEqual(refs.slice(2).reverse());
    expect(first.body.items[0]).toMatchObject({
      kind: "transfer",
      merchantId: solo.id,
      merchant: solo.name,
      environment: "sandbox",
      status: "pending",
      gatewayName: "TMONEY_TG",
      gatewayType: "MANUAL",
      currency: "XOF",
      amountMinor: "1000",
      feesMinor: "15",
      beneficiaryPhone: "+22890000444",
    });
    const second = await read({ cursor: first.body.nextCursor });
    expect(references(second.body)).toEqual([refs[1], refs[0]]);
    expect(second.body.nextCursor).toBeNull();

    expect(references((await read({ status: "pending" })).body)).toHaveLength(25);
    expect((await read({ status: "pending" })).body.nextCursor).toBeNull();
    expect(references((await read({ status: "completed" })).body)).toEqual([refs[0]]);
    expect(references((await read({ status: "failed" })).body)).toEqual([refs[1]]);
    expect((await read({ environment: "live" })).body.items).toEqual([]);
    expect((await read({ gatewayName: "MTN_MOMO_CI" })).body.items).toEqual([]);
    expect(references((await read({ gatewayName: "TMONEY_TG", status: "", from: "" })).body)).toHaveLength(25);

    // A transfer is never "expired": that filter is a mistake, said as one.
    const expired = await read({ status: "expired" });
    expect([expired.status, expired.body.error.code]).toEqual([400, 40023]);
  });

  it("keeps sandbox and live apart: a live MANUAL transfer is TRF_ and only under the live filter", async () => {
    const both = await newMerchant();
    // A live balance cannot be funded through the sandbox simulator: post the credit directly.
    await db().$transaction((tx) =>
      postEntries(tx, {
        merchantId: both.id,
        environment: "live",
        currency: "XOF",
        kind: "deposit_completed",
        reference: "DEP_01KAQTESTFUNDING0000000000",
        lines: [
          [ACCOUNTS.world, -5000n],
          [ACCOUNTS.available, 5000n],
        ],
      }),
    );
    const live = await transfer(both, manual, "/api/v4/transfers/instant", both.liveKey);
    expect(live).toMatch(/^TRF_(?!TEST_)/);
    await fundMerchant(both.sandboxKey, [5000]);
    const sandbox = await transfer(both);
    expect(sandbox).toMatch(/^TRF_TEST_/);

    const read = (environment: string) => call("GET", "/admin/api/transfers", { headers: { cookie: support.cookie }, query: { merchantId: both.id, environment } });
    expect(references((await read("live")).body)).toEqual([live]);
    expect(references((await read("sandbox")).body)).toEqual([sandbox]);
    expect(references((await read("")).body)).toEqual([sandbox, live]);
    const found = await call("GET", "/admin/api/search", { headers: { cookie: support.cookie }, query: { q: live } });
    expect(found.body.transfers).toMatchObject([{ reference: live, environment: "live" }]);
  });
});

describe("search", () => {
  it("finds a transfer by its TRF_TEST_ reference, typed in any case, and by the beneficiary's phone", async () => {
    for (const q of [completed, completed.toLowerCase(), ` ${completed} `]) {
      const res = await call("GET", "/admin/api/search", { headers: { cookie: support.cookie }, query: { q } });
      expect(res.status).toBe(200);
      expect(res.body.transfers).toMatchObject([{ kind: "transfer", reference: completed, merchant: m.name, status: "completed", amountMinor: "1000" }]);
      expect(res.body.payments).toEqual([]);
    }
    const byPhone = await call("GET", "/admin/api/search", { headers: { cookie: support.cookie }, query: { q: "+228 90000555" } });
    expect(references(byPhone.body)).toContain(rejected);
    expect(references(byPhone.body)).not.toContain(completed);
  });

  it("is refused to anonymous callers", async () => {
    const res = await call("GET", "/admin/api/search", { query: { q: completed } });
    expect([res.status, res.body.error.code]).toEqual([401, 40002]);
  });
});

describe("the transfer detail", () => {
  it("shows money as exact minor units, status and timestamps, the reviewer, the ledger entries and the webhook", async () => {
    const res = await call("GET", `/admin/api/transfers/${completed}`, { headers: { cookie: support.cookie } });
    expect(res.status).toBe(200);
    const d = res.body;
    expect(d).toMatchObject({ kind: "transfer", environment: "sandbox", merchant: { id: m.id, name: m.name } });
    expect(d.transfer).toMatchObject({
      reference: completed,
      status: "completed",
      gatewayName: "TMONEY_TG",
      gatewayType: "MANUAL",
      currency: "XOF",
      amountMinor: "1000",
      feesMinor: "15",
      totalDebitedMinor: "1015",
      country: "TG",
      beneficiaryPhone: "+22890000444",
      beneficiaryName: "Kossi",
      failureReason: null,
      callbackUrl: "https://merchant.example/hooks",
      metadata: { payoutId: "42" },
      awaitingApproval: false,
      dueAt: null,
      reviewedBy: admin.email,
      failedAt: null,
    });
    expect(d.transfer.completedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/);
    expect(d.transfer.reviewedAt).toBe(d.transfer.completedAt);
    expect(d.timeline.map((e: { event: string }) => e.event)).toEqual(["transfer.created (MANUAL via TMONEY_TG)", "transfer.approve", "transfer.completed"]);

    // Accepted: available -> in flight; completed: in flight -> beneficiary and platform fees.
    expect(d.ledger.map((e: { kind: string; account: string; amountMinor: string }) => [e.kind, e.account, e.amountMinor])).toEqual([
      ["transfer_accepted", ACCOUNTS.available, "-1015"],
      ["transfer_accepted", ACCOUNTS.inFlight, "1015"],
      ["transfer_completed", ACCOUNTS.inFlight, "-1015"],
      ["transfer_completed", ACCOUNTS.platformFees, "15"],
      ["transfer_completed", ACCOUNTS.world, "1000"],
    ]);
    expect(new Set(d.ledger.map((e: { journalId: string }) => e.journalId)).size).toBe(2);

    expect(d.webhooks).toMatchObject([{ eventType: "transfer.completed", reference: completed, url: "https://merchant.example/hooks", status: "pending" }]);
  });

  it("shows a rejection's reason, the money given back, and no webhook without a callbackUrl", async () => {
    const res = await call("GET", `/admin/api/transfers/${rejected}`, { headers: { cookie: support.cookie } });
    expect(res.body.transfer).toMatchObject({ status: "failed", failureReason: "rejected_by_platform: beneficiary unknown", amountMinor: "2000", feesMinor: "30", completedAt: null });
    expect(res.body.timeline.at(-1)).toMatchObject({ event: "transfer.failed", details: "rejected_by_platform: beneficiary unknown" });
    expect(res.body.ledger.filter((e: { kind: string }) => e.kind === "transfer_failed").map((e: { account: string; amountMinor: string }) => [e.account, e.amountMinor])).toEqual([
      [ACCOUNTS.inFlight, "-2030"],
      [ACCOUNTS.available, "2030"],
    ]);
    expect(res.body.webhooks).toEqual([]);
  });

  it("never turns money into a float: an amount beyond 2^53 minor units comes back digit for digit", async () => {
    // No withdrawal gateway carries such sums; a row written directly is enough for the read path.
    const reference = newReference("transfer", "sandbox");
    await db().transfer.create({
      data: {
        id: `trf_${ulid()}`,
        reference,
        merchantId: m.id,
        environment: "sandbox",
        gatewayName: "TMONEY_TG",
        gatewayType: "MANUAL",
        amountMinor: 123456789012345678n,
        feesMinor: 5n,
        currency: "EUR",
        country: "TG",
        beneficiaryPhone: "+22890000444",
        createdAt: new Date(),
      },
    });
    try {
      const res = await call("GET", `/admin/api/transfers/${reference}`, { headers: { cookie: support.cookie } });
      expect(res.body.transfer).toMatchObject({ amountMinor: "123456789012345678", feesMinor: "5", totalDebitedMinor: "123456789012345683", awaitingApproval: true });
    } finally {
      await db().transfer.deleteMany({ where: { reference } });
    }
  });
});

describe("the overview", () => {
  it("counts transfers per status and currency beside links and deposits", async () => {
    const res = await call("GET", "/admin/api/overview", { headers: { cookie: support.cookie } });
    expect(res.status).toBe(200);
    for (const period of ["today", "last7Days"] as const) {
      const figures = res.body[period].transfers as { status: string; currency: string; count: number; amount: number }[];
      const of = (status: string) => figures.find((f) => f.status === status && f.currency === "XOF");
      expect(of("completed")!.count).toBeGreaterThanOrEqual(1);
      expect(of("failed")!.count).toBeGreaterThanOrEqual(1);
      expect(of("pending")!.count).toBeGreaterThanOrEqual(1);
    }
  });
});
