import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { insideDbTransaction } from "@/lib/core/db/transaction-scope";
import { createOperatorBreaker } from "@/lib/integrations/gateways/operators/circuit-breaker";
import { OperatorCallInTransactionError } from "@/lib/integrations/gateways/operators/operator-http";
import { createMtnMomoClient } from "@/lib/integrations/gateways/mtn-momo/mtn-momo-client";
import { createWaveClient } from "@/lib/integrations/gateways/wave/wave-client";
import { createOrangeMoneyClient } from "@/lib/integrations/gateways/orange-money/orange-money-client";
import { acceptTransfer } from "@/lib/features/transfers/create-transfer";
import { createTransfer } from "@/lib/features/transfers/create-transfer";
import { fundLiveMerchant } from "../helpers/fund-merchant";
import { merchantCheckedAfterEach } from "../helpers/reconciled";
import { startMtnMomoFake, type MtnMomoFake } from "../fakes/mtn-momo-fake";
import { startOrangeMoneyFake, type OrangeMoneyFake } from "../fakes/orange-money-fake";
import { startWaveFake, type WaveFake } from "../fakes/wave-fake";
import { mtnMomoFakeEnv } from "../fakes/start-operator-fakes";

// Issue 33: money never moves inside a database transaction that may still roll back, and no
// transaction (its locks, its connection) ever waits on an operator. The operator HTTP layer
// (lib/integrations/gateways/operators/operator-http.ts) refuses to run while the caller is inside
// one, for every operator and every call, before anything leaves: so a path that breaks the rule
// fails in every test that takes it, not only under load on PostgreSQL.

let mtn: MtnMomoFake;
let wave: WaveFake;
let orange: OrangeMoneyFake;
const saved = { ...process.env };

beforeAll(async () => {
  [mtn, wave, orange] = await Promise.all([startMtnMomoFake(), startWaveFake(), startOrangeMoneyFake()]);
  for (const name of Object.keys(process.env)) if (name.startsWith("WAVE_") || name.startsWith("ORANGE_MONEY_")) delete process.env[name];
  Object.assign(process.env, mtnMomoFakeEnv(mtn), { MTN_MOMO_COUNTRIES: "CI" });
});
afterAll(async () => {
  process.env = saved;
  await Promise.all([mtn.close(), wave.close(), orange.close()]);
});

const merchant = merchantCheckedAfterEach();

const clients = () => ({
  "MTN requesttopay": () =>
    createMtnMomoClient(mtn.config, { breaker: createOperatorBreaker("mtn-momo") }).requestToPay({
      referenceId: mtn.newReferenceId(),
      externalId: "DEP_IN_TX",
      amountMinor: 1000n,
      currency: "XOF",
      phone: "+2250700000444",
    }),
  "Wave payout": () =>
    createWaveClient(wave.config, { breaker: createOperatorBreaker("wave") }).createPayout({
      idempotencyKey: "TRF_IN_TX",
      clientReference: "TRF_IN_TX",
      amountMinor: 1000n,
      currency: "XOF",
      phone: "+221770000001",
    }),
  "Orange token": () => createOrangeMoneyClient(orange.config, { breaker: createOperatorBreaker("orange-money") }).transactionStatus("MP000000.0000.A00000"),
});

describe("an operator call inside a database transaction", () => {
  it("is refused before anything leaves, for every operator; the same call outside one goes through", async () => {
    for (const [name, callOperator] of Object.entries(clients())) {
      const received = [mtn, wave, orange].map((fake) => fake.received.length);
      const inside = db().$transaction(async () => {
        expect(insideDbTransaction()).toBe(true);
        // Even from work the transaction only started, as long as it runs in its scope.
        await new Promise((resolve) => setTimeout(resolve, 1));
        return callOperator();
      });
      await expect(inside, name).rejects.toBeInstanceOf(OperatorCallInTransactionError);
      expect([mtn, wave, orange].map((fake) => fake.received.length), name).toEqual(received);
    }
    expect(insideDbTransaction()).toBe(false);
    await expect(clients()["MTN requesttopay"]()).resolves.toMatchObject({ alreadyAccepted: false });
  });

  it("refuses the shape of the old bug: a payout created and sent inside the request's transaction", async () => {
    await fundLiveMerchant(merchant().id, 10_000n);
    const input = { amount: 400, currency: "XOF", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: "+2250700000444", country: "CI" };
    const posts = () => mtn.received.filter((r) => r.path === "/disbursement/v1_0/transfer").length;
    const before = posts();
    // As runIdempotent ran every create before issue 33: the whole of it in one transaction.
    const outcome = await db().$transaction((tx) => createTransfer(tx, { merchantId: merchant().id, environment: "live", input }));
    expect(posts()).toBe(before);
    // Nothing left: the payout stays pending with what happened (its send marked as one that may
    // have left, so only a status read can settle it), its funds held.
    expect(outcome.status).toBe("pending");
    expect(outcome.operatorAnswer).toContain("inside an open database transaction");
    // The rule's way: the intent committed, then the call, outside.
    const accepted = await acceptTransfer(db(), { merchantId: merchant().id, environment: "live", input });
    expect(accepted.status).toBe("pending");
  });
});
