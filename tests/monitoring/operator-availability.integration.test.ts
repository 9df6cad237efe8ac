import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db, sqlOn } from "@/lib/core/db/client";
import { deleteOldOperatorCalls, readOperatorAvailability } from "@/lib/features/monitoring/operator-availability";
import { createOperatorBreaker } from "@/lib/integrations/gateways/operators/circuit-breaker";
import { logOperatorCall } from "@/lib/integrations/gateways/operators/operator-call-log";
import { OperatorRejectedError, OperatorUnknownOutcomeError } from "@/lib/integrations/gateways/operators/operator-errors";
import { startMtnMomoFake, type MtnMomoFake } from "../fakes/mtn-momo-fake";
import { startWaveFake, type WaveFake } from "../fakes/wave-fake";
import { mtnMomoFakeEnv, waveFakeEnv } from "../fakes/start-operator-fakes";
import { call } from "../helpers/api-client";
import { staffSession } from "../helpers/staff-session";

// The operators' availability (issue 48) from a scripted run of calls: each call goes through the
// real circuit of its operator, which logs it (OperatorCall), and GET /public/gateways/availability
// answers the states the log gives, per gateway and operation, the same for every process.

const MIN = 60_000;
let mtn: MtnMomoFake;
let wave: WaveFake;
const saved = { ...process.env };

beforeAll(async () => {
  [mtn, wave] = await Promise.all([startMtnMomoFake(), startWaveFake()]);
  Object.assign(process.env, mtnMomoFakeEnv(mtn), waveFakeEnv(wave), { MTN_MOMO_COUNTRIES: "CI", OPERATOR_AVAILABILITY_CACHE_TTL_MS: "0" });
});
afterAll(async () => {
  process.env = saved;
  await Promise.all([mtn.close(), wave.close()]);
});

const logged = async () => Number((await sqlOn(db())(`SELECT count(*)::text AS n FROM "OperatorCall"`, []))[0].n);

describe("the operators' availability", () => {
  it("is read from the calls of the last minutes, per gateway and operation, and answered publicly", async () => {
    const scope = mtn.config.targetEnvironment;
    const breaker = createOperatorBreaker("mtn-momo", { scope, onCall: logOperatorCall, volumeThreshold: 1_000 });
    const ok = async () => "ok";
    const refused = () => Promise.reject(new OperatorRejectedError("mtn-momo", "requesttopay", 500, "PAYER_NOT_FOUND"));
    const timeout = () => Promise.reject(new OperatorUnknownOutcomeError("mtn-momo", "requesttopay", "timeout", "no answer in 10 s"));
    // MTN's collection: 6 answered yes, 2 no (a healthy operator), 2 timed out: 20 % failed, delayed.
    for (const run of [ok, ok, ok, refused, ok, timeout, ok, refused, ok, timeout]) await breaker.run("requesttopay", run).catch(() => undefined);
    // Its disbursement: 4 transfers paid.
    for (let i = 0; i < 4; i++) await breaker.run("transfer", ok);
    breaker.shutdown();
    const at = new Date();
    const wave = (operation: string, outcome: "success" | "timeout", durationMs: number, when = at) =>
      logOperatorCall({ operator: "wave", scope: null, operation, outcome, durationMs, at: when });
    // Wave's checkout sessions answer, but slowly (p95 6 s): delayed. Its payouts mostly time out: closed.
    for (let i = 0; i < 5; i++) wave("create checkout session", "success", 6_000);
    for (const outcome of ["timeout", "timeout", "success", "timeout", "timeout"] as const) wave("create payout", outcome, 10_000);
    // Failures older than the window count for nothing.
    for (let i = 0; i < 10; i++) wave("read checkout session", "timeout", 10_000, new Date(at.getTime() - 20 * MIN));
    await vi.waitFor(async () => expect(await logged()).toBe(14 + 5 + 5 + 10));

    const figures = await readOperatorAvailability(sqlOn(db()));
    expect(figures.find((f) => f.operator === "mtn-momo" && f.direction === "deposit")).toMatchObject({ scope, state: "delayed", answered: 8, failed: 2, successRate: 0.8, circuitOpen: false });

    const res = await call("GET", "/public/gateways/availability");
    expect(res.status).toBe(200);
    expect(res.body.windowMinutes).toBe(15);
    const gateway = (name: string) => res.body.gateways.find((g: { name: string }) => g.name === name);
    expect(gateway("MTN_MOMO_CI")).toEqual({
      name: "MTN_MOMO_CI",
      deposit: { state: "delayed", successRate: 0.8, p95Ms: expect.any(Number), calls: 10 },
      withdrawal: { state: "operational", successRate: 1, p95Ms: expect.any(Number), calls: 4 },
    });
    const waves = res.body.gateways.filter((g: { name: string }) => g.name.startsWith("WAVE_"));
    expect(waves.length).toBeGreaterThan(0);
    for (const g of waves) {
      expect(g.deposit).toEqual({ state: "delayed", successRate: 1, p95Ms: 6_000, calls: 5 });
      expect(g.withdrawal).toEqual({ state: "closed", successRate: 0.2, p95Ms: 10_000, calls: 5 });
    }
    // A gateway of an operator not called in the window is operational, with no figures.
    expect(res.body.gateways.every((g: { name: string }) => g.name.startsWith("MTN_MOMO_") || g.name.startsWith("WAVE_"))).toBe(true);
    // Support sees the same figures on its overview.
    const support = await staffSession("support");
    const overview = await call("GET", "/admin/api/overview", { headers: { cookie: support.cookie, "x-csrf-token": support.csrf } });
    expect(overview.status).toBe(200);
    expect(overview.body.operators.find((g: { gateway: string }) => g.gateway === "MTN_MOMO_CI")).toEqual({
      gateway: "MTN_MOMO_CI",
      operator: "mtn-momo",
      operations: { deposit: gateway("MTN_MOMO_CI").deposit, payout: gateway("MTN_MOMO_CI").withdrawal },
    });
    // Nothing for the sandbox, which calls no operator.
    expect((await call("GET", "/test/public/gateways/availability")).status).toBe(404);

    // A day of log is kept, no more.
    expect(await deleteOldOperatorCalls(sqlOn(db()), new Date(at.getTime() + 24 * 60 * MIN - 10 * MIN))).toBe(10);
    expect(await logged()).toBe(24);
  });
});
