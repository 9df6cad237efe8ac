import { generateKeyPairSync, randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { db } from "@/lib/core/db/client";
import { syncDepositWithGateway } from "@/lib/features/deposits/sync-deposit-with-gateway";
import { noRecordSpacingMs } from "@/lib/features/money-out/money-out-settings";
import { deliver, type FakeServer, type Fault as FakeFault, type Recorded } from "../fakes/fake-http";
import { pawapaySignedHeaders } from "../fakes/pawapay-fake";
import { call, type ApiResponse } from "../helpers/api-client";
import { newKey, newMember, newMerchant } from "../helpers/fixtures";
import { rng } from "./prng";
import { countryOf, PAWAPAY_DEPOSIT, PAWAPAY_PAYOUT, type Fault, type PawapayStory, type PayoutGateway, type PayoutOutcome, type Schedule, type Sending, type Step } from "./schedule";
import { checkSchedule, type Party } from "./check-schedule";
import { drainSchedule, quiesce } from "./drain";
import { runPass } from "./worker";
import type { World } from "./world";

// Plays one schedule (schedule.ts) against the world (world.ts): merchants funded by live
// payments, then every step at its time, all at once, answers recorded; then the drain (drain.ts)
// and the checks (check-schedule.ts); then the kill, if any, on a merchant of its own, checked
// later (its dead worker's claim must lapse first, in real time), while the next schedules run.

export type Totals = Record<
  "schedules" | "storms" | "races" | "batches" | "payouts" | "refunds" | "deposits" | "apiCalls" | "faults" | "passes" | "workerPasses" | "callbacks" | "forgedCallbacks" | "kills" | "killsIdle" | "lateShows" | "pawapaySchedules" | "pawapayEnqueued",
  number
>;

export const newTotals = (): Totals => ({
  schedules: 0, storms: 0, races: 0, batches: 0, payouts: 0, refunds: 0, deposits: 0, apiCalls: 0, faults: 0, passes: 0, workerPasses: 0, callbacks: 0, forgedCallbacks: 0, kills: 0, killsIdle: 0, lateShows: 0, pawapaySchedules: 0, pawapayEnqueued: 0,
});

const PAWAPAY_CALLBACK_PATH = "/api/operators/pawapay/callback";
/** The forger's key: a valid ECDSA P-256 key, not the one pawaPay's fake signs with. */
const forgerKey = generateKeyPairSync("ec", { namedCurve: "prime256v1" }).privateKey;

type Api = (what: string, method: string, path: string, options?: Parameters<typeof call>[2]) => Promise<ApiResponse>;

export type Answer = { what: string; status: number; code?: number; cause?: string };

/** What a schedule's run knows, for the drain and the checks. */
export type Played = {
  merchants: { id: string; liveKey: string }[];
  /** Each MSISDN this schedule used: whose it is. The operators' movements of the schedule are theirs. */
  parties: Map<string, Party>;
  answers: Answer[];
  /** Findings made while playing (two resources for one key, a pass that threw). */
  findings: string[];
  notes: string[];
  /** How many answers our callback route had given, and errors the service had logged, when the schedule began. */
  callbackAnswersBefore: number;
  errorsBefore: number;
  /** Wave payouts left processing: how they end (the fake is made truthful before the drain). */
  processing: Map<string, "succeeded" | "failed">;
  /** MTN customers whose callback comes: how long after their answer. */
  callbackDelays: Map<string, number>;
  /** How far ahead of real time the schedule's passes went: the drain's clock never goes back behind it. */
  aheadMs: number;
};

/** A schedule's result; `later`: the part checked once a killed worker's claim has lapsed. */
export type Outcome = { violations: string[]; notes: string[]; later: Later | null };
export type Later = { played: Played; checkAfter: number };

export const newPlayed = (world: World): Played => ({
  merchants: [],
  parties: new Map(),
  answers: [],
  findings: [],
  notes: [],
  callbackAnswersBefore: world.callbackAnswers.length,
  errorsBefore: world.errors.length,
  processing: new Map(),
  callbackDelays: new Map(),
  aheadMs: 0,
});

/** Calls the API in process, every answer recorded (with what the service logged for a 500). */
export const apiFor =
  (world: World, played: Played, totals: Totals): Api =>
  async (what, method, path, options = {}) => {
    totals.apiCalls++;
    const res = await call(method, path, options);
    const requestId = res.headers.get("x-request-id") ?? "";
    played.answers.push({ what, status: res.status, code: res.body?.error?.code, cause: res.status === 500 ? (world.causes.get(requestId) ?? requestId) : undefined });
    return res;
  };

/** New merchants, each funded by live payments its customers make (what refunds give back). */
export async function fundedMerchants(world: World, played: Played, api: Api, merchants: Schedule["merchants"]) {
  const { mtn, wave } = world;
  const funding: { reference: string; phone: string }[][] = merchants.map(() => []);
  played.merchants = await Promise.all(merchants.map(() => newMerchant().then((m) => ({ id: m.id, liveKey: m.liveKey }))));
  await Promise.all(
    merchants.flatMap((spec, m) =>
      spec.funding.map(async (f) => {
        const country = countryOf(f.gateway);
        const phone = world.nextPhone(country);
        played.parties.set(phone, { merchant: m, role: "customer", amount: f.amount });
        if (f.gateway === "MTN_MOMO_CI") mtn.script(phone, { customer: "approve", callback: "none", refund: f.refunds === "succeed" ? "succeed" : "fail" });
        else if (f.gateway === "WAVE_CI") wave.scriptPayout(`+${phone}`, f.refunds === "succeed" ? "succeeded" : "failed");
        else world.pawapay.script(phone, { customer: "approve", callback: "none" });
        const fund = () =>
          api(`funding m${m}`, "POST", "/api/v4/classic/deposit/initiate", {
            key: played.merchants[m].liveKey,
            body: { amount: f.amount, currency: "XOF", customerPhone: `+${phone}`, country, gatewayName: f.gateway },
          });
        let res = await fund();
        // "No deposit was created" is asked again, as an integrator would: a 502 (a loaded machine
        // missed the short timeout) a moment later, a 503 (the operator's circuit opened on the
        // faults of the schedules before) after its Retry-After.
        for (let i = 0; i < 4 && (res.status === 502 || res.status === 503); i++) {
          res = await sleep(res.status === 503 ? Math.min(31, Number(res.headers.get("retry-after")) || 5) * 1000 : 250).then(fund);
        }
        if (res.status !== 200) throw new Error(`funding deposit answered ${res.status}: ${JSON.stringify(res.body)}`);
        if (f.gateway === "WAVE_CI") await wave.pay(sessionOf(res), { delivery: "none" });
        const row = await db().deposit.findUniqueOrThrow({ where: { reference: res.body.reference } });
        // pawaPay's customer approves at once; its record is COMPLETED a moment after pawaPay answered.
        if (f.gateway === PAWAPAY_DEPOSIT) await pawapayFinal(world, row.operatorRequestId);
        let settled = await syncDepositWithGateway(db(), row, new Date(Date.now() + 6_000));
        // A read that met a loaded machine (no answer within the short timeout) or an open circuit
        // (30 s) is made again, as "ask the operator now" does.
        for (const until = Date.now() + 35_000; settled.status === "pending" && Date.now() < until; ) {
          await sleep(500);
          const now = new Date(Date.now() + 6_000);
          settled = await syncDepositWithGateway(db(), { ...settled, nextCheckAt: now }, now);
        }
        if (settled.status !== "completed") throw new Error(`funding deposit ${settled.reference} is ${settled.status}`);
        return { m, reference: row.reference, phone };
      }),
    ),
  ).then((paid) => paid.forEach(({ m, ...payment }) => funding[m].push(payment)));
  return funding;
}

/** Waits (a second at most) until pawaPay's record of this id is final: COMPLETED or FAILED. */
async function pawapayFinal(world: World, id: string | null) {
  const started = Date.now();
  const final = () => ["COMPLETED", "FAILED"].includes(world.pawapay.records.get(id ?? "")?.status ?? "");
  while (!final() && Date.now() - started < 1_000) await sleep(5);
}

export async function runSchedule(world: World, schedule: Schedule, totals: Totals): Promise<Outcome> {
  const { mtn, wave, pawapay, timeoutMs } = world;
  const r = rng(schedule.seed ^ 0x5eed5eed);
  const played = newPlayed(world);
  const api = apiFor(world, played, totals);
  totals.schedules++;
  if (schedule.storm) totals.storms++;
  if (schedule.merchants.some((m) => m.funding.some((f) => f.gateway === PAWAPAY_DEPOSIT))) totals.pawapaySchedules++;
  const funding = await fundedMerchants(world, played, api, schedule.merchants);

  /** An integrator's create: with an Idempotency-Key it retries what failed (and maybe sent a copy while the first ran). */
  async function create(what: string, path: string, key: string, body: unknown, sending: Sending): Promise<ApiResponse | null> {
    const idempotencyKey = sending.idempotencyKey ? `torture-${schedule.seed}-${randomUUID()}` : null;
    const headers = idempotencyKey ? { "idempotency-key": idempotencyKey } : undefined;
    // As docs/guides/idempotency.md tells integrators, on a 4x shorter clock: a 5xx is retried after
    // 1, 2, 4, 8 s (here 250 ms to 2 s), five attempts in all, Retry-After honoured; a 409 "still
    // being processed" a moment later, for as long as the first request may run.
    const attempt = async (copy: boolean): Promise<ApiResponse | null> => {
      let failures = 0;
      for (let n = 1; n <= 30; n++) {
        const res = await api(`${what}${copy ? " (copy)" : ""} try ${n}`, "POST", path, { key, body, headers });
        if (res.status === 200 || !idempotencyKey) return res;
        if (res.status < 500 && res.status !== 409) return res;
        if (res.status >= 500 && ++failures === 5) return res;
        const retryAfter = Number(res.headers.get("retry-after")) * 1000 || 0;
        await sleep(res.status === 409 ? r.int(100, 300) : Math.min(retryAfter, 2_000) || 250 * 2 ** (failures - 1));
      }
      return null;
    };
    const copy = sending.duplicateAfterMs !== null && idempotencyKey ? sleep(sending.duplicateAfterMs).then(() => attempt(true)) : Promise.resolve(null);
    const [first, second] = await Promise.all([attempt(false), copy]);
    if (first?.status === 200 && second?.status === 200 && first.body.reference !== second.body.reference) {
      played.findings.push(`${what}: one Idempotency-Key answered two resources, ${first.body.reference} and ${second.body.reference}`);
    }
    return first?.status === 200 ? first : second?.status === 200 ? second : first;
  }

  const applyFault = (step: Extract<Step, { kind: "fault" }>) => {
    totals.faults += step.count;
    const fake: FakeServer = world[step.operator];
    const when = step.target ? (request: Recorded) => request.method === "POST" && request.path === `/v2/${step.target}` : undefined;
    const queue = (fault: FakeFault) => fake.failNext({ ...fault, when });
    const faultFor = (fault: Fault) => {
      const under = () => Math.round(timeoutMs * (0.8 + 0.12 * r.next()));
      const over = () => Math.round(timeoutMs * (1.15 + 0.5 * r.next()));
      switch (fault.kind) {
        case "slow_under":
          return queue({ delayMs: under(), process: true });
        case "slow_over":
          if (fault.acts === "first") return queue({ process: true, holdAnswerMs: over() });
          return queue(fault.acts === "late" ? { delayMs: over(), process: true } : { delayMs: over() });
        case "timeout_after_acting":
          return queue({ process: true, holdAnswerMs: 3 * timeoutMs });
        case "error_after_acting":
          return queue({ process: true, status: fault.status });
        case "error_before_acting":
          return queue({ status: fault.status });
        case "mtn_refusal":
          return mtn.serverErrorNext({ status: 500, code: "NOT_ALLOWED", recorded: false });
        case "mtn_409_after_acting":
          return queue({ process: true, status: 409 });
      }
    };
    for (let i = 0; i < step.count; i++) faultFor(step.fault);
  };

  /** A beneficiary's payout scripted at its operator, as the step's outcome says. */
  const scriptPayout = (phone: string, gateway: PayoutGateway, outcome: PayoutOutcome, story?: PawapayStory) => {
    const pays = outcome === "paid" || outcome === "processing_then_paid";
    if (gateway === PAWAPAY_PAYOUT) {
      // Refused: REJECTED at initiation (HTTP 200), nothing made; failed: the provider finds no such wallet.
      const { answerAfterMs = 0, callback = "once", shownAfterMs = 0 } = story ?? {};
      pawapay.script(phone, {
        customer: pays ? "approve" : story?.customer === "decline" ? "decline" : "payer_not_found",
        ...(outcome === "refused" ? { reject: r.pick(["PAWAPAY_WALLET_OUT_OF_FUNDS", "INVALID_PHONE_NUMBER", "AMOUNT_OUT_OF_BOUNDS"]) } : {}),
        answerAfterMs: outcome.startsWith("processing") ? answerAfterMs + r.int(100, 300) : answerAfterMs,
        callback,
        shownAfterMs,
      });
    } else if (gateway === "MTN_MOMO_CI") {
      mtn.script(phone, { customer: pays ? "approve" : "decline", answerAfterMs: outcome.startsWith("processing") ? r.int(100, 300) : 0, callback: "none" });
    } else {
      wave.scriptPayout(`+${phone}`, outcome === "paid" ? "succeeded" : outcome === "failed" ? "failed" : outcome === "refused" ? "refused" : "processing");
      if (outcome.startsWith("processing")) played.processing.set(`+${phone}`, pays ? "succeeded" : "failed");
    }
  };

  /** A batch's maker and each approver: a key of a member of their own (admins: transfers:approve), as the dashboard makes them. */
  const batchKeys = async (merchantId: string, approvers: number) => {
    const memberKey = async () => (await newKey(merchantId, "live", { createdByUserId: await newMember(merchantId, "admin") })).key;
    return { maker: await memberKey(), approvers: await Promise.all(Array.from({ length: approvers }, memberKey)) };
  };

  /** pawaPay's signed callback for a record of ours delivered again, unchanged, once it is final: a late (replayed) callback. */
  const pawapayLate = async (story: PawapayStory, reference: string, table: "deposit" | "transfer") => {
    if (!story.lateCallback || story.callback === "none") return;
    const row = table === "deposit" ? await db().deposit.findUnique({ where: { reference } }) : await db().transfer.findUnique({ where: { reference } });
    const id = row?.operatorRequestId;
    await pawapayFinal(world, id ?? null);
    await sleep(r.int(50, 300));
    const delivery = pawapay.callbacks.findLast((c) => c.id === id);
    if (!delivery) return;
    totals.callbacks++;
    await deliver(delivery.url, "POST", delivery.body, delivery.headers);
  };

  const depositReferences = new Map<number, string>();
  const play = async (step: Step, index: number) => {
    await sleep(step.at);
    const merchant = "merchant" in step ? played.merchants[step.merchant] : null;
    if (step.kind === "payout") {
      totals.payouts++;
      const country = countryOf(step.gateway);
      const phone = world.nextPhone(country);
      played.parties.set(phone, { merchant: step.merchant, role: "beneficiary", amount: step.amount });
      const pays = step.outcome === "paid" || step.outcome === "processing_then_paid";
      scriptPayout(phone, step.gateway, step.outcome, step.pawapay);
      const res = await create(`step ${index} payout`, "/api/v4/transfers/instant", merchant!.liveKey, { amount: step.amount, currency: "XOF", gatewayName: step.gateway, beneficiaryPhone: `+${phone}`, country }, step);
      if (step.pawapay && res?.status === 200) await pawapayLate(step.pawapay, res.body.reference, "transfer");
      if (step.gateway === "WAVE_CI" && step.outcome.startsWith("processing")) {
        // Wave finishes it a moment later.
        await sleep(r.int(50, 250));
        for (const payout of wave.payouts.values()) if (payout.mobile === `+${phone}` && payout.status === "processing") wave.settlePayout(payout.id, pays ? "succeeded" : "failed");
      }
    } else if (step.kind === "batch") {
      totals.batches++;
      const keys = await batchKeys(merchant!.id, step.approvers);
      const items = step.lines.map((line, i) => {
        totals.payouts++;
        const country = countryOf(line.gateway);
        const phone = world.nextPhone(country);
        played.parties.set(phone, { merchant: step.merchant, role: "beneficiary", amount: line.amount });
        scriptPayout(phone, line.gateway, line.outcome);
        return { reference: `s${schedule.seed}-${index}-${i}`, amount: line.amount, currency: "XOF", gatewayName: line.gateway, beneficiaryPhone: `+${phone}`, country };
      });
      const made = await create(`step ${index} batch`, "/api/v4/transfers/batch", keys.maker, { title: `step ${index}`, items }, step);
      if (made?.status !== 200) {
        // The balance may not cover it beside the schedule's other payouts; anything else is a finding.
        if (!(made?.status === 422 && made.body?.error?.code === 40013)) played.findings.push(`step ${index}: the batch answered ${made?.status} ${JSON.stringify(made?.body)}`);
        return;
      }
      const approvals = await Promise.all(keys.approvers.map((key, i) => api(`step ${index} batch approval ${i}`, "POST", `/api/v4/transfers/batch/${made.body.reference}/approve`, { key })));
      const approved = approvals.filter((a) => a.status === 200).length;
      const lost = approvals.filter((a) => a.status !== 200 && !(a.status === 409 || (a.status === 422 && a.body?.error?.code === 40013))).length;
      if (approved > 1 || lost > 0 || (approved === 0 && !approvals.some((a) => a.status === 422))) {
        played.findings.push(`step ${index}: batch approvals answered ${approvals.map((a) => `${a.status} ${a.body?.error?.code ?? ""}`).join(", ")}`);
      }
    } else if (step.kind === "race") {
      totals.payouts++;
      totals.races++;
      const phone = world.nextPhone();
      played.parties.set(phone, { merchant: step.merchant, role: "beneficiary", amount: step.amount });
      const viaMtn = step.gateway === "MTN_MOMO_CI";
      if (viaMtn) mtn.script(phone, { customer: "approve", callback: "none" });
      else wave.scriptPayout(`+${phone}`, "succeeded");
      const firstSend = (request: Recorded) =>
        request.method === "POST" && (viaMtn ? request.path === "/disbursement/v1_0/transfer" && request.body.includes(`"${phone}"`) : request.path === "/v1/payout" && request.body.includes(`"+${phone}"`));
      (viaMtn ? mtn : wave).failNext({ delayMs: Math.round(0.9 * timeoutMs), status: 400, when: firstSend });
      const body = { amount: step.amount, currency: "XOF", gatewayName: step.gateway, beneficiaryPhone: `+${phone}`, country: "CI" };
      const created = create(`step ${index} payout`, "/api/v4/transfers/instant", merchant!.liveKey, body, { idempotencyKey: true, duplicateAfterMs: null });
      // Once its intent is committed (the row exists), the worker whose clock is past the grace.
      const started = Date.now();
      while (Date.now() - started < 2_000 && !(await db().transfer.findFirst({ where: { beneficiaryPhone: `+${phone}` }, select: { id: true } }))) await sleep(5);
      totals.workerPasses++;
      const worker = await world.worker(step.worker);
      await Promise.all([created, worker.pass("transfers", new Date(Date.now() + (viaMtn ? 11 * 60_000 : 65_000))).catch((error: unknown) => played.findings.push(`step ${index}: ${String(error)}`))]);
    } else if (step.kind === "refund") {
      totals.refunds++;
      const payment = funding[step.merchant][step.payment];
      await create(`step ${index} refund`, "/api/v4/refunds", merchant!.liveKey, { paymentReference: payment.reference, amount: step.amount }, step);
    } else if (step.kind === "deposit") {
      totals.deposits++;
      const country = countryOf(step.gateway);
      const phone = world.nextPhone(country);
      played.parties.set(phone, { merchant: step.merchant, role: "customer", amount: step.amount });
      if (step.pawapay) {
        const { customer, answerAfterMs, callback, shownAfterMs } = step.pawapay;
        pawapay.script(phone, { customer, answerAfterMs, callback, shownAfterMs });
        if (callback !== "none") totals.callbacks += callback === "duplicate" ? 2 : 1;
      }
      if (step.mtn) {
        const { customer, answerAfterMs, callback, callbackDelayMs, callbackMethod } = step.mtn;
        mtn.script(phone, { customer, answerAfterMs, callback, callbackDelayMs, callbackMethod });
        if (callback !== "none") {
          played.callbackDelays.set(phone, callbackDelayMs);
          totals.callbacks += callback === "duplicate" ? 2 : 1;
        }
      }
      const res = await create(`step ${index} deposit`, "/api/v4/classic/deposit/initiate", merchant!.liveKey, { amount: step.amount, currency: "XOF", customerPhone: `+${phone}`, country, gatewayName: step.gateway }, step);
      if (res?.status === 200) depositReferences.set(index, res.body.reference);
      if (step.pawapay && res?.status === 200) await pawapayLate(step.pawapay, res.body.reference, "deposit");
      if (step.wave && res?.status === 200) await waveCustomer(sessionOf(res), step.wave);
    } else if (step.kind === "forged_callback") {
      totals.forgedCallbacks++;
      await sleep(50);
      const reference = depositReferences.get(step.deposit);
      if (!reference) return;
      await api(`step ${index} forged callback`, "PUT", "/api/operators/mtn-momo/callback", {
        query: { reference },
        body: { financialTransactionId: "999999999", externalId: reference, amount: "1", currency: "XOF", status: "SUCCESSFUL" },
      });
    } else if (step.kind === "forged_pawapay_callback") {
      totals.forgedCallbacks++;
      await sleep(50);
      const reference = depositReferences.get(step.deposit);
      const row = reference ? await db().deposit.findUnique({ where: { reference } }) : null;
      if (!row?.operatorRequestId) return;
      // What pawaPay would send for it, COMPLETED, signed with a key that is not pawaPay's (or not signed).
      const url = new URL(`${world.relay.url}${PAWAPAY_CALLBACK_PATH}`);
      const body = JSON.stringify({ depositId: row.operatorRequestId, status: "COMPLETED", amount: String(row.amountMinor + row.feesMinor), currency: "XOF", providerTransactionId: "FORGED" });
      const headers = step.unsigned ? { "content-type": "application/json" } : pawapaySignedHeaders(url, body, forgerKey);
      const reads = pawapay.received.length;
      const res = await api(`step ${index} forged pawaPay callback`, "POST", PAWAPAY_CALLBACK_PATH, { rawBody: body, headers });
      if (res.status !== 401) played.findings.push(`step ${index}: a forged pawaPay callback answered ${res.status}, not 401`);
      const read = pawapay.received.slice(reads).find((r) => r.method === "GET" && r.path.endsWith(`/${row.operatorRequestId}`));
      if (read) played.notes.push(`step ${index}: pawaPay read ${row.operatorRequestId} while the forged callback was refused (a pass's read, maybe)`);
    } else if (step.kind === "pawapay_resend") {
      totals.payouts++;
      const phone = world.nextPhone("SN");
      played.parties.set(phone, { merchant: step.merchant, role: "beneficiary", amount: step.amount });
      // Hidden from status reads until the pass has read it; no callback, which would read it first.
      pawapay.script(phone, { customer: "approve", callback: "none", shownAfterMs: Infinity });
      try {
        const body = { amount: step.amount, currency: "XOF", gatewayName: PAWAPAY_PAYOUT, beneficiaryPhone: `+${phone}`, country: "SN" };
        const res = await create(`step ${index} payout`, "/api/v4/transfers/instant", merchant!.liveKey, body, { idempotencyKey: true, duplicateAfterMs: null });
        if (res?.status !== 200) return;
        const now = new Date(Date.now() + 16 * 60_000);
        if (step.where === "test") {
          totals.passes++;
          await runPass("transfers", now).catch((error: unknown) => played.findings.push(`step ${index}: a transfers pass threw: ${String(error)}`));
        } else {
          totals.workerPasses++;
          await (await world.worker(step.where)).pass("transfers", now).catch((error: unknown) => played.findings.push(`step ${index}: ${String(error)}`));
        }
      } finally {
        await sleep(step.shownAfterMs);
        for (const record of pawapay.records.values()) if (record.phoneNumber === phone) pawapay.show(record.id);
        // Shown from now on: a send that only reaches pawaPay later (the first met a fault that
        // kept it out) makes a record read as any other, not one hidden for ever.
        pawapay.script(phone, { customer: "approve", callback: "none" });
      }
    } else if (step.kind === "pawapay_availability") {
      pawapay.setAvailability(step.provider, step.operation, step.status);
      await sleep(step.forMs);
      totals.pawapayEnqueued += [...pawapay.records.values()].filter((record) => record.status === "ENQUEUED").length;
      pawapay.setAvailability(step.provider, step.operation, "OPERATIONAL");
    } else if (step.kind === "fault") {
      applyFault(step);
    } else {
      const now = new Date(Date.now() + step.skewMs);
      if (step.where === "test") {
        totals.passes++;
        await runPass(step.pass, now).catch((error: unknown) => played.findings.push(`step ${index}: a ${step.pass} pass threw: ${String(error)}`));
      } else {
        totals.workerPasses++;
        await (await world.worker(step.where)).pass(step.pass, now).catch((error: unknown) => played.findings.push(`step ${index}: ${String(error)}`));
      }
    }
  };

  /** What the customer does with the Wave page (errors: the session is no longer payable, as for a real customer). */
  async function waveCustomer(sessionId: string, story: NonNullable<Extract<Step, { kind: "deposit" }>["wave"]>) {
    await sleep(story.afterMs);
    const knobs = { delivery: story.delivery, delayMs: story.eventDelayMs };
    try {
      if (story.story === "pays") {
        await wave.pay(sessionId, knobs);
        if (story.lateEvent) await wave.deliverEvent(sessionId, "checkout.session.completed", { delayMs: r.int(50, 300) });
      } else if (story.story === "fails_then_pays") {
        // The failed try's event (a snapshot of the open session) may arrive after the completion's.
        const failed = wave.fail(sessionId, "insufficient-funds", story.lateEvent ? { delayMs: 400 } : knobs);
        if (!story.lateEvent) await failed;
        await sleep(50);
        await wave.pay(sessionId, knobs);
        await failed;
      } else if (story.story === "fails") {
        await wave.fail(sessionId, "payment-failure", knobs);
      } else if (story.story === "expires_at_wave") {
        wave.expire(sessionId);
      }
    } catch (error) {
      played.notes.push(`wave customer of ${sessionId}: ${(error as Error).message}`);
    }
  }

  await Promise.all(schedule.steps.map((step, index) => play(step, index)));
  // The fakes answer truthfully from here on.
  for (const fake of world.fakes) fake.torture.clearFaults();

  await quiesce(world, played);
  const violations = await drainAndCheck(world, played);
  if (schedule.lateShow) {
    const late = await showLateAfterTwoPasses(world, schedule.lateShow, totals);
    violations.push(...late.violations);
    played.notes.push(...late.notes);
  }
  const later = schedule.kill ? await killDuringCall(world, schedule.kill, totals) : null;
  return { violations, notes: played.notes, later };
}

/**
 * Issue 46's schedule, on a merchant of its own once the schedule's rows are final: an MTN payout
 * (and maybe a refund of the merchant's funding payment) MTN records but shows only when told
 * (the fake's recordedAfterMs: Infinity, then show()), read by two passes a moment apart with a
 * clock 73 hours ahead (past the follow window and MTN's grace: each read is a "no record"), the
 * second reading everything, as npm run reconcile or "ask the operators now" does, beside the
 * first; then MTN shows them SUCCESSFUL, and the merchant is drained and checked from a clock past
 * the spacing of "no record" reads. Had the two passes released the funds, the drain would book
 * the payout late (or leave it failed): check 2 reports either.
 */
async function showLateAfterTwoPasses(world: World, lateShow: NonNullable<Schedule["lateShow"]>, totals: Totals): Promise<{ violations: string[]; notes: string[] }> {
  const { mtn } = world;
  totals.lateShows++;
  const played = newPlayed(world);
  const api = apiFor(world, played, totals);
  const [[payment]] = await fundedMerchants(world, played, api, [{ funding: [{ gateway: "MTN_MOMO_CI", amount: 5_000, refunds: "succeed" }] }]);
  const key = played.merchants[0].liveKey;
  const phone = world.nextPhone();
  played.parties.set(phone, { merchant: 0, role: "beneficiary", amount: 1_000 });
  mtn.script(phone, { customer: "approve", callback: "none", recordedAfterMs: Infinity });
  const references: string[] = [];
  const payout = await api("the late payout", "POST", "/api/v4/transfers/instant", { key, body: { amount: 1_000, currency: "XOF", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: `+${phone}`, country: "CI" } });
  if (payout.status === 200) references.push(payout.body.reference);
  if (lateShow.refund) {
    // The funding customer's refunds are recorded late from now on.
    mtn.script(payment.phone, { customer: "approve", callback: "none", refund: "succeed", recordedAfterMs: Infinity });
    const refund = await api("the late refund", "POST", "/api/v4/refunds", { key, body: { paymentReference: payment.reference, amount: 1_000 } });
    if (refund.status === 200) references.push(refund.body.reference);
  }
  if (references.length !== (lateShow.refund ? 2 : 1)) played.findings.push(`late show: a create answered ${payout.status} (${JSON.stringify(payout.body)})`);

  const MINUTE = 60_000;
  const pastWindow = () => new Date(Date.now() + 73 * 60 * MINUTE);
  const pass = async (where: "test" | 0 | 1, kind: "reconcile" | "reconcileAll") => {
    if (where === "test") {
      totals.passes++;
      await runPass(kind, pastWindow()).catch((error: unknown) => played.findings.push(`late show: a ${kind} pass threw: ${String(error)}`));
    } else {
      totals.workerPasses++;
      await (await world.worker(where)).pass(kind, pastWindow()).catch((error: unknown) => played.findings.push(`late show: worker ${where}: ${String(error)}`));
    }
  };
  await pass(lateShow.first.where, lateShow.first.pass);
  await sleep(lateShow.gapMs);
  await pass(lateShow.second, "reconcileAll");

  for (const tx of mtn.transactions.values()) if (references.includes(tx.body.externalId)) mtn.show(tx.referenceId);
  // The drain's clock from past the spacing of the two passes on, as a later pass would read them.
  played.aheadMs = 73 * 60 * MINUTE + noRecordSpacingMs() + MINUTE;
  await quiesce(world, played);
  return { violations: await drainAndCheck(world, played), notes: played.notes };
}

/** The drain and the checks of a schedule (or of a kill's merchant); a failed one's open rows are set aside. */
export async function drainAndCheck(world: World, played: Played): Promise<string[]> {
  await drainSchedule(world, played);
  const violations = [...played.findings, ...(await checkSchedule(world, played))];
  if (violations.length > 0) await quarantine(played);
  return violations;
}

/** The Wave checkout session behind a deposit's answer: the page the customer is sent to (wave_launch_url). */
function sessionOf(res: ApiResponse): string {
  const url = String(res.body.url ?? "");
  const id = url.slice(url.lastIndexOf("/") + 1);
  if (!id.startsWith("cos-")) throw new Error(`no Wave session in ${JSON.stringify(res.body)}`);
  return id;
}

/**
 * A worker is asked for a pass while the operator holds its answer to the worker's first request
 * (having acted on it, or not); once that request is at the operator, the worker is SIGKILLed and
 * another takes its place. The pass works on a merchant of the kill's own, whose payout is the only
 * thing due: during a send, a payout whose first send MTN never received (a 500 before acting),
 * which the worker, some minutes later (past MTN's grace), reads (404) and sends again; during a
 * read, a payout MTN received, whose status the worker reads. That merchant is checked later.
 */
async function killDuringCall(world: World, kill: NonNullable<Schedule["kill"]>, totals: Totals): Promise<Later> {
  const { mtn, wave } = world;
  const played = newPlayed(world);
  const api = apiFor(world, played, totals);
  await fundedMerchants(world, played, api, [{ funding: [{ gateway: "MTN_MOMO_CI", amount: 5_000, refunds: "succeed" }] }]);
  const phone = world.nextPhone();
  played.parties.set(phone, { merchant: 0, role: "beneficiary", amount: 500 });
  mtn.script(phone, { customer: "approve", callback: "none" });
  if (kill.during === "send") mtn.failNext({ status: 500 });
  const body = { amount: 500, currency: "XOF", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: `+${phone}`, country: "CI" };
  await api("the kill's payout", "POST", "/api/v4/transfers/instant", { key: played.merchants[0].liveKey, body });
  mtn.clearFaults();

  const worker = await world.worker(kill.worker);
  const when = kill.during === "send" ? (request: Recorded) => request.method === "POST" : undefined;
  const hold = kill.acts ? { process: true, holdAnswerMs: 10 * world.timeoutMs, when } : { delayMs: 10 * world.timeoutMs, when };
  // MTN's (the kill's payout is MTN's) and Wave's requests are held alike.
  const holding = [mtn, wave];
  for (const fake of holding) fake.failNext(hold);
  const before = holding.map((fake) => fake.received.length);
  const held = () => holding.flatMap((fake, i) => fake.received.slice(before[i])).find((request) => !request.path.endsWith("/token/") && (!when || when(request)));
  const pass = worker.pass("transfers", new Date(Date.now() + (kill.during === "send" ? 11 * 60_000 : 6_000))).then(
    () => "ended",
    () => "killed",
  );
  let request = held();
  while (!request && (await Promise.race([pass, sleep(5).then(() => "running")])) === "running") request = held();
  if (request) {
    await world.kill(kill.worker);
    totals.kills++;
    played.notes.push(`worker ${kill.worker} killed during ${request.method} ${request.path}`);
  } else {
    totals.killsIdle++;
    played.notes.push(`worker ${kill.worker}: nothing to ${kill.during}, not killed`);
  }
  mtn.clearFaults();
  wave.clearFaults();
  // The dead worker's send claim lapses 4 x OPERATOR_TIMEOUT_MS + 5 s after it was taken (docs/decisions.md).
  return { played, checkAfter: Date.now() + 4 * world.timeoutMs + 6_000 };
}

/** After a failed schedule: its open rows are taken off the schedules of the passes to come, so the next schedules are not read with them. */
async function quarantine(played: Played) {
  const merchantId = { in: played.merchants.map((m) => m.id) };
  await db().transfer.updateMany({ where: { merchantId, status: "pending" }, data: { dueAt: null } });
  await db().refund.updateMany({ where: { merchantId, status: "pending" }, data: { dueAt: null } });
  await db().transfer.updateMany({ where: { merchantId, status: "failed" }, data: { dueAt: null, followUntil: null } });
  await db().refund.updateMany({ where: { merchantId, status: "failed" }, data: { dueAt: null, followUntil: null } });
  await db().deposit.updateMany({ where: { merchantId }, data: { followUntil: null, nextCheckAt: null } });
}

