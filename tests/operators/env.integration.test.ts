import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMtnMomoClient } from "@/lib/integrations/gateways/mtn-momo/mtn-momo-client";
import { readMtnMomoConfig } from "@/lib/integrations/gateways/mtn-momo/mtn-momo-config";
import { createOperatorBreaker } from "@/lib/integrations/gateways/operators/circuit-breaker";
import { configuredOperators } from "@/lib/integrations/gateways/operators/operator-gateways";
import { createOrangeMoneyClient } from "@/lib/integrations/gateways/orange-money/orange-money-client";
import { readOrangeMoneyConfig } from "@/lib/integrations/gateways/orange-money/orange-money-config";
import { createWaveClient } from "@/lib/integrations/gateways/wave/wave-client";
import { readWaveConfig } from "@/lib/integrations/gateways/wave/wave-config";
import { createPawapayClient } from "@/lib/integrations/gateways/pawapay/pawapay-client";
import { readPawapayConfig } from "@/lib/integrations/gateways/pawapay/pawapay-config";
import { startOperatorFakes } from "../fakes/start-operator-fakes";

// The fakes as the app would meet them: only through the documented environment variables.

let fakes: Awaited<ReturnType<typeof startOperatorFakes>>;
beforeAll(async () => {
  fakes = await startOperatorFakes();
});
afterAll(() => fakes.close());

describe("operator clients configured from the environment", () => {
  it("every operator is configured by the *_BASE_URL and credential variables, and each client works through them", async () => {
    const env = fakes.env;
    expect(configuredOperators(env)).toEqual(new Set(["mtn-momo", "wave", "orange-money", "pawapay"]));

    const mtn = createMtnMomoClient(readMtnMomoConfig(env)!, { breaker: createOperatorBreaker("mtn-momo") });
    const referenceId = randomUUID();
    await mtn.requestToPay({ referenceId, externalId: "DEP_ENV", amountMinor: 100n, currency: "XOF", phone: "+2250700000099" });
    await expect(mtn.requestToPayStatus(referenceId)).resolves.toMatchObject({ state: "succeeded" });

    const wave = createWaveClient(readWaveConfig(env)!, { breaker: createOperatorBreaker("wave") });
    const session = await wave.createCheckoutSession({
      idempotencyKey: "DEP_ENV_WAVE",
      amountMinor: 100n,
      currency: "XOF",
      clientReference: "DEP_ENV_WAVE",
      successUrl: "https://pay.example/ok",
      errorUrl: "https://pay.example/ko",
    });
    expect(session.launchUrl.startsWith(env.WAVE_API_BASE_URL)).toBe(true);

    const orange = createOrangeMoneyClient(readOrangeMoneyConfig(env)!, { breaker: createOperatorBreaker("orange-money") });
    const otp = fakes.orange.generateOtp("770000099");
    await expect(orange.payWithOtp({ reference: "DEP_INV_ENV", amountMinor: 100n, currency: "XOF", phone: "+221770000099", otp })).resolves.toMatchObject({
      state: "succeeded",
    });

    const pawapay = createPawapayClient(readPawapayConfig(env)!, { breaker: createOperatorBreaker("pawapay") });
    const depositId = randomUUID();
    await expect(pawapay.initiateDeposit({ id: depositId, amountMinor: 100n, currency: "XOF", phone: "+2290197000099", provider: "MOOV_BEN" })).resolves.toEqual({ duplicate: false });
    expect(fakes.pawapay.records.get(depositId)).toMatchObject({ provider: "MOOV_BEN", amount: "100" });
  });
});
