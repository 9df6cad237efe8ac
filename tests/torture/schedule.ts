import { FAKE_PROFILES, type TortureOperator } from "../fakes/fake-profiles";
import { rng, type Rng } from "./prng";
import type { PassKind } from "./worker";

// One schedule of the torture suite, as plain data drawn from its seed: the merchants and their
// funding, then the steps that run at once (API calls an integrator makes, customers' answers,
// operator faults, background passes in this process and in the two workers), then a worker
// SIGKILLed during an operator call, maybe. run-schedule.ts plays it; the same seed draws the same
// steps (their interleaving is the machine's: the seed replays the schedule, the timing varies).

/** An operator of the suite, by its fake's profile key (tests/fakes/fake-profiles.ts). */
export type Operator = TortureOperator;
/**
 * pawaPay's gateways here (issue 50, docs/operators-pawapay.md): no direct operator serves Benin or
 * Senegal in the world, so pawaPay serves Moov Money Benin (deposits, and refunds of them) and Free
 * Money Senegal (payouts).
 */
export const PAWAPAY_DEPOSIT = "MOOV_MONEY_BJ";
export const PAWAPAY_PAYOUT = "FREE_MONEY_SN";
export type PayoutGateway = "MTN_MOMO_CI" | "WAVE_CI" | typeof PAWAPAY_PAYOUT;
export type DepositGateway = "MTN_MOMO_CI" | "WAVE_CI" | typeof PAWAPAY_DEPOSIT;
/** The country a gateway's customers and beneficiaries are in (their numbers and the API's `country`). */
export type Country = "CI" | "BJ" | "SN";
export const countryOf = (gateway: string): Country => (gateway === PAWAPAY_DEPOSIT ? "BJ" : gateway === PAWAPAY_PAYOUT ? "SN" : "CI");

/** What an operator's next request meets (tests/fakes/fake-http.ts `failNext`, MTN's `serverErrorNext`). */
export type Fault =
  /** Acts, answers a little before OPERATOR_TIMEOUT_MS. */
  | { kind: "slow_under" }
  /** Answers after the timeout: having acted first (`acts`), or acting only then, or never (a late 500). */
  | { kind: "slow_over"; acts: "first" | "late" | "never" }
  /** Acts at once, holds its answer past the timeout: paid, the caller never hears. */
  | { kind: "timeout_after_acting" }
  /** Acts, then answers a 5xx. */
  | { kind: "error_after_acting"; status: 500 | 502 | 503 }
  /** Answers a 5xx without acting. */
  | { kind: "error_before_acting"; status: 500 | 503 }
  /** MTN: one of its refusal codes before recording (500 NOT_ALLOWED): a refusal, nothing made. */
  | { kind: "mtn_refusal" }
  /** MTN: acts, answers 409 RESOURCE_ALREADY_EXIST (as to a repeated X-Reference-Id). */
  | { kind: "mtn_409_after_acting" };

export type PayoutOutcome = "paid" | "failed" | "refused" | "processing_then_paid" | "processing_then_failed";

/** How an integrator sends one create: with an Idempotency-Key (retried with it), and maybe a second copy while the first runs. */
export type Sending = { idempotencyKey: boolean; duplicateAfterMs: number | null };

export type MtnCustomerStory = {
  customer: "approve" | "decline" | "insufficient_funds";
  answerAfterMs: number;
  callback: "once" | "duplicate" | "none";
  callbackDelayMs: number;
  callbackMethod: "PUT" | "POST";
};

/** A pawaPay customer (deposits) or provider (payouts): the fake's script, and what else reaches us. */
export type PawapayStory = {
  customer: "approve" | "decline" | "insufficient_funds" | "payer_not_found";
  answerAfterMs: number;
  callback: "once" | "duplicate" | "none";
  /** The status read answers NOT_FOUND this long after pawaPay took it (a read that lags). */
  shownAfterMs: number;
  /** Its signed callback delivered again, unchanged, a moment after (a late callback). */
  lateCallback: boolean;
};

export type WaveCustomerStory = {
  story: "pays" | "fails_then_pays" | "fails" | "left_open" | "expires_at_wave";
  afterMs: number;
  delivery: "once" | "duplicate" | "none";
  eventDelayMs: number;
  /** An event arrives late, after the completion's: the failed try's (a snapshot of the open session), else the completion's again. */
  lateEvent: boolean;
};

export type Step =
  | ({ kind: "payout"; at: number; merchant: number; gateway: PayoutGateway; amount: number; outcome: PayoutOutcome; pawapay?: PawapayStory } & Sending)
  | ({ kind: "refund"; at: number; merchant: number; payment: number; amount: number } & Sending)
  | ({ kind: "deposit"; at: number; merchant: number; gateway: DepositGateway; amount: number; mtn?: MtnCustomerStory; wave?: WaveCustomerStory; pawapay?: PawapayStory } & Sending)
  /**
   * A payout whose first send the operator refuses slowly (400, nothing made), while a worker whose
   * clock is past the operator's grace (MTN 10 min, Wave 60 s) works on it: only the send claim
   * keeps that worker from reading "not found" and sending it again, which would pay it.
   */
  | { kind: "race"; at: number; merchant: number; gateway: PayoutGateway; amount: number; worker: 0 | 1 }
  /** Someone (not MTN) posts an MTN-shaped callback saying SUCCESSFUL for a deposit of the schedule. */
  | { kind: "forged_callback"; at: number; deposit: number }
  /**
   * Someone posts a pawaPay callback saying COMPLETED for a pawaPay deposit of the schedule, signed
   * with a key that is not pawaPay's (or not signed): refused (401), and nothing is read.
   */
  | { kind: "forged_pawapay_callback"; at: number; deposit: number; unsigned: boolean }
  /**
   * pawaPay's availability of one provider's operation for a while (toolkit/availability): Free
   * Money's payouts DELAYED (taken ENQUEUED, processed once OPERATIONAL again), Moov Benin's
   * refunds DELAYED, or its deposits CLOSED (REJECTED PROVIDER_TEMPORARILY_UNAVAILABLE).
   */
  /**
   * A Free Money payout pawaPay takes but shows only `shownAfterMs` after a pass whose clock is past
   * the 15-minute NOT_FOUND grace has read it (NOT_FOUND): sent again under its stored id, which pawaPay answers DUPLICATE_IGNORED. A fresh id
   * there would make a second payout.
   */
  | { kind: "pawapay_resend"; at: number; merchant: number; amount: number; shownAfterMs: number; where: "test" | 0 | 1 }
  | { kind: "pawapay_availability"; at: number; provider: "FREE_SEN" | "MOOV_BEN"; operation: "PAYOUT" | "DEPOSIT" | "REFUND"; status: "DELAYED" | "CLOSED"; forMs: number }
  /** `target` (pawaPay's): only its initiations of that kind (POST /v2/payouts...) meet the fault; else any request. */
  | { kind: "fault"; at: number; operator: Operator; fault: Fault; count: number; target?: "deposits" | "payouts" | "refunds" }
  | { kind: "pass"; at: number; where: "test" | 0 | 1; pass: PassKind; skewMs: number }
  /**
   * A batch of payouts (issue 49): made with the merchant's key, approved by one or two other
   * members' keys at once (one approval holds the money), its lines sent by the passes at each
   * operator's pace, each line's story as a payout's.
   */
  | ({ kind: "batch"; at: number; merchant: number; lines: { gateway: PayoutGateway; amount: number; outcome: PayoutOutcome }[]; approvers: 1 | 2 } & Sending);

export type Funding = { gateway: DepositGateway; amount: number; refunds: "succeed" | "fail" };

export type Schedule = {
  seed: number;
  merchants: { funding: Funding[] }[];
  /** Many payouts of one merchant at once, each answered slowly (the issue's scenario). */
  storm: boolean;
  steps: Step[];
  /**
   * After the steps: a worker killed while the operator holds its call (having acted or not),
   * during a send (a payout MTN never received, sent again) or during whatever it reads first.
   */
  kill: { worker: 0 | 1; acts: boolean; during: "send" | "read" } | null;
  /**
   * After the steps (issue 46): an MTN payout (and maybe a refund) MTN takes but shows only later,
   * read past the 72-hour follow window by two passes a moment apart (the second reading
   * everything, as npm run reconcile or "ask the operators now" does), then shown SUCCESSFUL. Only
   * the spacing of "no record" reads keeps those two passes from releasing the funds of a payout
   * MTN paid.
   */
  lateShow: { refund: boolean; first: { where: "test" | 0 | 1; pass: "reconcile" | "reconcileAll" }; second: "test" | 0 | 1; gapMs: number } | null;
};

const FAULTS: Record<string, (r: Rng) => Fault> = {
  slow_under: () => ({ kind: "slow_under" }),
  slow_over: (r) => ({ kind: "slow_over", acts: r.pick(["first", "late", "never"] as const) }),
  timeout_after_acting: () => ({ kind: "timeout_after_acting" }),
  error_after_acting: (r) => ({ kind: "error_after_acting", status: r.pick([500, 502, 503] as const) }),
  error_before_acting: (r) => ({ kind: "error_before_acting", status: r.pick([500, 503] as const) }),
  mtn_refusal: () => ({ kind: "mtn_refusal" }),
  mtn_409_after_acting: () => ({ kind: "mtn_409_after_acting" }),
};

/** The faults an operator's requests may meet: every infrastructure fault, and its own (named `<operator>_...`: MTN's refusals), not another's. */
const faultsOf = (operator: Operator) =>
  Object.keys(FAULTS).filter((kind) => {
    const owner = kind.slice(0, kind.indexOf("_"));
    return owner === operator || !FAKE_PROFILES.some((profile) => profile.key === owner);
  });

function sending(r: Rng): Sending {
  return { idempotencyKey: r.chance(0.85), duplicateAfterMs: r.chance(0.25) ? r.int(0, 300) : null };
}

function fault(r: Rng, at: number): Step {
  const operator = r.pick(["mtn", "wave"] as const);
  const kinds = faultsOf(operator);
  return { kind: "fault", at, operator, fault: FAULTS[r.pick(kinds)](r), count: r.chance(0.2) ? r.int(2, 4) : 1 };
}

function pass(r: Rng, at: number): Step {
  // Mostly now; sometimes a runner whose clock is ahead (past Wave's 60 s or MTN's 10 min grace).
  const skewMs = r.weighted({ now: 7, pastWaveGrace: 2, pastMtnGrace: 1 }) === "now" ? r.int(0, 2_000) : r.chance(0.7) ? 61_000 : 11 * 60_000;
  return { kind: "pass", at, where: r.pick(["test", 0, 1] as const), pass: r.weighted({ reconcile: 4, dueWork: 2, transfers: 2, refunds: 1 }), skewMs };
}

export function generateSchedule(seed: number): Schedule {
  const r = rng(seed);
  const storm = r.chance(0.06);
  const merchantCount = storm ? 1 : r.int(1, 3);
  const merchants = Array.from({ length: merchantCount }, () => ({
    funding: Array.from({ length: storm ? 3 : r.int(1, 3) }, (): Funding => ({
      gateway: r.pick(["MTN_MOMO_CI", "WAVE_CI"] as const),
      amount: r.int(20, 60) * 1000,
      refunds: r.chance(0.8) ? "succeed" : "fail",
    })),
  }));
  const steps: Step[] = [];
  const spread = storm ? 100 : r.int(50, 350);
  const at = () => r.int(0, spread);

  if (storm) {
    const n = r.int(30, 40);
    for (let i = 0; i < n; i++) {
      steps.push({ kind: "payout", at: at(), merchant: 0, gateway: "MTN_MOMO_CI", amount: r.int(1, 4) * 1000, outcome: "paid", ...sending(r), idempotencyKey: true });
    }
    // MTN answers them all slowly, as in the issue (just under the timeout); a few pay and answer too late.
    steps.push({ kind: "fault", at: 0, operator: "mtn", fault: { kind: "slow_under" }, count: n });
    steps.push({ kind: "fault", at: 0, operator: "mtn", fault: { kind: "timeout_after_acting" }, count: r.int(0, 5) });
  } else {
    const deposits: number[] = [];
    for (let i = 0, n = r.int(2, 10); i < n; i++) {
      const merchant = r.int(0, merchantCount - 1);
      const kind = r.weighted({ payout: 5, refund: 2, deposit: 3 });
      if (kind === "payout") {
        steps.push({
          kind: "payout",
          at: at(),
          merchant,
          gateway: r.pick(["MTN_MOMO_CI", "WAVE_CI"] as const),
          amount: r.int(1, 12) * 500,
          outcome: r.weighted({ paid: 6, failed: 2, refused: 1, processing_then_paid: 1, processing_then_failed: 1 }),
          ...sending(r),
        });
      } else if (kind === "refund") {
        const payment = r.int(0, merchants[merchant].funding.length - 1);
        // At most the payment's amount, never the whole charge (amount + fees): Wave would refund that
        // as a session refund, which it gives no way to read back.
        const amount = r.chance(0.3) ? merchants[merchant].funding[payment].amount : r.int(1, 20) * 500;
        steps.push({ kind: "refund", at: at(), merchant, payment, amount, ...sending(r) });
      } else {
        const gateway = r.pick(["MTN_MOMO_CI", "WAVE_CI"] as const);
        deposits.push(steps.length);
        steps.push({
          kind: "deposit",
          at: at(),
          merchant,
          gateway,
          amount: r.int(1, 40) * 500,
          ...sending(r),
          ...(gateway === "MTN_MOMO_CI"
            ? {
                mtn: {
                  customer: r.weighted({ approve: 6, decline: 2, insufficient_funds: 1 }),
                  answerAfterMs: r.int(0, 200),
                  callback: r.weighted({ once: 5, duplicate: 2, none: 2 }),
                  callbackDelayMs: r.chance(0.3) ? r.int(50, 300) : 0,
                  callbackMethod: r.pick(["PUT", "POST"] as const),
                },
              }
            : {
                wave: {
                  story: r.weighted({ pays: 5, fails_then_pays: 2, fails: 1, left_open: 1, expires_at_wave: 1 }),
                  afterMs: r.int(0, 200),
                  delivery: r.weighted({ once: 5, duplicate: 2, none: 2 }),
                  eventDelayMs: r.chance(0.3) ? r.int(50, 300) : 0,
                  lateEvent: r.chance(0.3),
                },
              }),
        });
      }
    }
    for (const deposit of deposits) if (r.chance(0.25)) steps.push({ kind: "forged_callback", at: at() + r.int(0, 300), deposit });
    for (let i = 0, n = r.int(0, 4); i < n; i++) steps.push(fault(r, at()));
  }
  for (let i = 0, n = r.int(1, 5); i < n; i++) steps.push(pass(r, at() + r.int(0, 300)));
  const kill = !storm && r.chance(0.15) ? { worker: r.pick([0, 1] as const), acts: r.chance(0.6), during: r.chance(0.6) ? ("send" as const) : ("read" as const) } : null;
  if (!storm && r.chance(0.3)) {
    steps.push({ kind: "race", at: at(), merchant: r.int(0, merchantCount - 1), gateway: r.pick(["MTN_MOMO_CI", "WAVE_CI"] as const), amount: r.int(1, 6) * 500, worker: r.pick([0, 1] as const) });
  }
  // Drawn last, so the draws above (and every seed's schedule before issue 46) stay as they were.
  const lateShow = r.chance(0.2)
    ? {
        refund: r.chance(0.5),
        first: { where: r.pick(["test", 0, 1] as const), pass: r.pick(["reconcile", "reconcileAll"] as const) },
        second: r.pick(["test", 0, 1] as const),
        gapMs: r.int(0, 50),
      }
    : null;
  // Drawn after everything else, for the same reason.
  if (!storm && r.chance(0.35)) {
    steps.push({
      kind: "batch",
      at: at(),
      merchant: r.int(0, merchantCount - 1),
      lines: Array.from({ length: r.int(3, 15) }, () => ({
        gateway: r.pick(["MTN_MOMO_CI", "WAVE_CI"] as const),
        amount: r.int(1, 6) * 500,
        outcome: r.weighted({ paid: 6, failed: 2, refused: 1, processing_then_paid: 1, processing_then_failed: 1 }),
      })),
      approvers: r.chance(0.4) ? 2 : 1,
      ...sending(r),
    });
  }
  // pawaPay (issue 50), drawn after everything else for the same reason: every seed's steps above
  // are those it drew before pawaPay joined. Its funding payments come after each merchant's others
  // (the refund steps above name theirs by index, unchanged).
  if (!storm && r.chance(0.5)) pawapaySteps(r, merchants, steps, spread);
  return { seed, merchants, storm, steps, kill, lateShow };
}

function pawapayStory(r: Rng): PawapayStory {
  return {
    customer: r.weighted({ approve: 6, decline: 2, insufficient_funds: 1, payer_not_found: 1 }),
    answerAfterMs: r.int(0, 200),
    callback: r.weighted({ once: 5, duplicate: 2, none: 2 }),
    shownAfterMs: r.chance(0.3) ? r.int(50, 400) : 0,
    lateCallback: r.chance(0.25),
  };
}

/**
 * pawaPay's part of a schedule: a merchant or two also funded by a Moov Money Benin payment, then
 * deposits, Free Money payouts and refunds of those payments through pawaPay, its faults (a 5xx
 * after acting or before, answers either side of the timeout, a timeout after paying), a provider
 * DELAYED or CLOSED for a while, forged callbacks, and passes whose clock is past pawaPay's 15-minute
 * NOT_FOUND grace (where a payout or refund is sent again, under its stored id).
 */
function pawapaySteps(r: Rng, merchants: Schedule["merchants"], steps: Step[], spread: number) {
  const at = () => r.int(0, spread);
  const funded = merchants.flatMap((m, i) => (i === 0 || r.chance(0.4) ? [i] : []));
  for (const m of funded) merchants[m].funding.push({ gateway: PAWAPAY_DEPOSIT, amount: r.int(20, 60) * 1000, refunds: "succeed" });
  const deposits: number[] = [];
  for (let i = 0, n = r.int(3, 8); i < n; i++) {
    const kind = r.weighted({ payout: 4, refund: 2, deposit: 3 });
    if (kind === "payout") {
      steps.push({
        kind: "payout",
        at: at(),
        merchant: r.int(0, merchants.length - 1),
        gateway: PAWAPAY_PAYOUT,
        amount: r.int(1, 12) * 500,
        outcome: r.weighted({ paid: 6, failed: 2, refused: 1, processing_then_paid: 1, processing_then_failed: 1 }),
        pawapay: pawapayStory(r),
        ...sending(r),
      });
    } else if (kind === "refund") {
      const merchant = r.pick(funded);
      const payment = merchants[merchant].funding.length - 1;
      const amount = r.chance(0.3) ? merchants[merchant].funding[payment].amount : r.int(1, 20) * 500;
      steps.push({ kind: "refund", at: at(), merchant, payment, amount, ...sending(r) });
    } else {
      deposits.push(steps.length);
      steps.push({ kind: "deposit", at: at(), merchant: r.int(0, merchants.length - 1), gateway: PAWAPAY_DEPOSIT, amount: r.int(1, 40) * 500, pawapay: pawapayStory(r), ...sending(r) });
    }
  }
  for (const deposit of deposits) if (r.chance(0.25)) steps.push({ kind: "forged_pawapay_callback", at: at() + r.int(0, 300), deposit, unsigned: r.chance(0.3) });
  const kinds = faultsOf("pawapay");
  for (let i = 0, n = r.int(1, 3); i < n; i++) {
    const target = r.weighted({ any: 1, deposits: 1, payouts: 2, refunds: 1 });
    steps.push({ kind: "fault", at: at(), operator: "pawapay", fault: FAULTS[r.pick(kinds)](r), count: r.chance(0.2) ? r.int(2, 3) : 1, ...(target === "any" ? {} : { target }) });
  }
  if (r.chance(0.3)) {
    const which = r.weighted({ payouts: 3, refunds: 1, deposits: 1 });
    steps.push({
      kind: "pawapay_availability",
      at: at(),
      provider: which === "payouts" ? "FREE_SEN" : "MOOV_BEN",
      operation: which === "payouts" ? "PAYOUT" : which === "refunds" ? "REFUND" : "DEPOSIT",
      status: which === "deposits" ? "CLOSED" : "DELAYED",
      forMs: r.int(100, 600),
    });
  }
  if (r.chance(0.5)) {
    steps.push({ kind: "pawapay_resend", at: at(), merchant: r.int(0, merchants.length - 1), amount: r.int(1, 6) * 500, shownAfterMs: r.int(0, 300), where: r.pick(["test", 0, 1] as const) });
  }
  // Past pawaPay's 15-minute grace: a payout or refund it shows late (or never took) is sent again.
  for (let i = 0, n = r.int(0, 2); i < n; i++) steps.push({ kind: "pass", at: at() + r.int(0, 300), where: r.pick(["test", 0, 1] as const), pass: r.pick(["transfers", "refunds"] as const), skewMs: 16 * 60_000 });
}

/** The schedule as lines a failure prints (with its seed, which replays it). */
export function describeSchedule(schedule: Schedule): string[] {
  const lines = [`seed ${schedule.seed}${schedule.storm ? " (storm)" : ""}`];
  schedule.merchants.forEach((m, i) => lines.push(`merchant ${i}: funded by ${m.funding.map((f, j) => `#${j} ${f.gateway} ${f.amount} (refunds ${f.refunds})`).join(", ")}`));
  const sent = (s: Sending) => `${s.idempotencyKey ? "with key" : "no key"}${s.duplicateAfterMs === null ? "" : `, copy +${s.duplicateAfterMs} ms`}`;
  schedule.steps.forEach((s, i) => {
    const head = `step ${i} @${s.at}ms`;
    if (s.kind === "payout") lines.push(`${head} payout m${s.merchant} ${s.gateway} ${s.amount} -> ${s.outcome}${s.pawapay ? ` ${JSON.stringify(s.pawapay)}` : ""} (${sent(s)})`);
    else if (s.kind === "refund") lines.push(`${head} refund m${s.merchant} of payment #${s.payment} ${s.amount} (${sent(s)})`);
    else if (s.kind === "deposit") lines.push(`${head} deposit m${s.merchant} ${s.gateway} ${s.amount} ${JSON.stringify(s.mtn ?? s.wave ?? s.pawapay)} (${sent(s)})`);
    else if (s.kind === "race") lines.push(`${head} payout m${s.merchant} ${s.gateway} ${s.amount}, its first send refused slowly while worker ${s.worker} (clock past the grace) works on it`);
    else if (s.kind === "forged_callback") lines.push(`${head} forged MTN callback for step ${s.deposit}`);
    else if (s.kind === "forged_pawapay_callback") lines.push(`${head} forged pawaPay callback (${s.unsigned ? "unsigned" : "signed with another key"}) for step ${s.deposit}`);
    else if (s.kind === "pawapay_resend") lines.push(`${head} pawaPay payout m${s.merchant} ${s.amount} shown ${s.shownAfterMs} ms after a read past the grace in ${s.where === "test" ? "the test process" : `worker ${s.where}`} (sent again)`);
    else if (s.kind === "pawapay_availability") lines.push(`${head} pawaPay ${s.provider} ${s.operation} ${s.status} for ${s.forMs} ms`);
    else if (s.kind === "batch") lines.push(`${head} batch m${s.merchant} of ${s.lines.map((l) => `${l.gateway} ${l.amount} -> ${l.outcome}`).join(", ")}, approved by ${s.approvers} at once (${sent(s)})`);
    else if (s.kind === "fault") lines.push(`${head} ${s.operator} fault x${s.count} ${JSON.stringify(s.fault)}${s.target ? ` on its ${s.target}` : ""}`);
    else lines.push(`${head} ${s.pass} pass in ${s.where === "test" ? "the test process" : `worker ${s.where}`}, now +${s.skewMs} ms`);
  });
  const { kill } = schedule;
  if (kill) lines.push(`then worker ${kill.worker} SIGKILLed during ${kill.during === "send" ? "the resend of a payout MTN never received" : "an operator read"} (${kill.acts ? "the operator acts" : "it does not act"})`);
  const { lateShow } = schedule;
  if (lateShow) {
    const where = (w: "test" | 0 | 1) => (w === "test" ? "the test process" : `worker ${w}`);
    lines.push(
      `then an MTN payout${lateShow.refund ? " and a refund" : ""} MTN shows late: a ${lateShow.first.pass} pass in ${where(lateShow.first.where)} and, ${lateShow.gapMs} ms later, ` +
        `a reconcileAll pass in ${where(lateShow.second)}, both 73 h ahead; then MTN shows ${lateShow.refund ? "them" : "it"} SUCCESSFUL`,
    );
  }
  return lines;
}
