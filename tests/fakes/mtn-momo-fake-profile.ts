import { setTimeout as sleep } from "node:timers/promises";
import type { FakeProfile } from "./fake-profile";
import { startMtnMomoFake, type MtnAccount, type MtnMomoFake } from "./mtn-momo-fake";

// MTN MoMo's fake as the shared test code starts and reads it (fake-profile.ts).

/** The variables that point the app's client at the fake: the names docs/configuration.md gives MTN. */
export const mtnMomoFakeEnv = (mtn: MtnMomoFake): Record<string, string> => ({
  MTN_MOMO_BASE_URL: mtn.config.baseUrl,
  MTN_MOMO_API_USER: mtn.config.apiUser,
  MTN_MOMO_API_KEY: mtn.config.apiKey,
  MTN_MOMO_SUBSCRIPTION_KEY: mtn.config.subscriptionKey,
  MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: mtn.config.disbursementSubscriptionKey ?? "",
  MTN_MOMO_TARGET_ENVIRONMENT: mtn.config.targetEnvironment,
});
/** One country's own MTN account (MTN_MOMO_<CC>_*), over the defaults above. */
export const mtnMomoCountryEnv = (country: string, account: MtnAccount): Record<string, string> => ({
  [`MTN_MOMO_${country}_API_USER`]: account.apiUser,
  [`MTN_MOMO_${country}_API_KEY`]: account.apiKey,
  [`MTN_MOMO_${country}_SUBSCRIPTION_KEY`]: account.subscriptionKey,
  [`MTN_MOMO_${country}_DISBURSEMENT_SUBSCRIPTION_KEY`]: account.disbursementSubscriptionKey,
  [`MTN_MOMO_${country}_TARGET_ENVIRONMENT`]: account.targetEnvironment,
});

const paid = (mtn: MtnMomoFake, id: string | null) => {
  const tx = id ? mtn.transactions.get(id) : undefined;
  return !!tx && tx.outcome.status === "SUCCESSFUL" && Date.now() >= tx.answerAt;
};

export const mtnMomoFakeProfile = {
  id: "mtn-momo",
  key: "mtn" as const,
  /** mtnAnswerAfterMs: how long its customers take to answer a prompt (default: at once). */
  start: (port: number, options: { mtnAnswerAfterMs?: number }) => startMtnMomoFake({ port, answerAfterMs: options.mtnAnswerAfterMs }),
  env: mtnMomoFakeEnv,
  // No sendCallbacksTo: MTN calls back the X-Callback-Url each request names (PAYMENT_BASE_URL's).
  testCountries: "CI",
  torture: {
    countries: "CI",
    warmUpGateway: "MTN_MOMO_CI",
    callbackHeaders: ["authorization"],
    has: (mtn, row) => mtn.transactions.has(row.operatorRequestId ?? ""),
    paid: (mtn, row) => paid(mtn, row.operatorRequestId),
    clearFaults: (mtn) => {
      mtn.clearFaults();
      mtn.clearServerErrors();
    },
    /** Each answer given, each callback sent (and the status read it starts in the test process, done). */
    async settle(mtn, { parties, callbackDelays, timeoutMs }) {
      const due = [...mtn.transactions.values()].filter((tx) => parties.has(tx.partyId)).map((tx) => {
        const callback = callbackDelays.get(tx.partyId);
        return callback === undefined || tx.kind !== "collection" ? tx.answerAt : tx.answerAt + callback + timeoutMs;
      });
      const until = Math.max(0, ...due) + 20;
      if (until > Date.now()) await sleep(until - Date.now());
    },
  },
} satisfies FakeProfile<"mtn", MtnMomoFake, { mtnAnswerAfterMs?: number }>;
