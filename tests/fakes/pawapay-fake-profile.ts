import { setTimeout as sleep } from "node:timers/promises";
import type { FakeProfile } from "./fake-profile";
import { pawapayFakeEnv, startPawapayFake, type PawapayFake } from "./pawapay-fake";

// pawaPay's fake as the shared test code starts and reads it (fake-profile.ts).

/** The providers and operations the torture suite's schedules close or delay for a while (schedule.ts `pawapay_availability`). */
const TORTURE_AVAILABILITY = [
  ["FREE_SEN", "PAYOUT"],
  ["MOOV_BEN", "REFUND"],
  ["MOOV_BEN", "DEPOSIT"],
] as const;

export const pawapayFakeProfile = {
  id: "pawapay",
  key: "pawapay" as const,
  start: (port: number) => startPawapayFake({ port }),
  env: pawapayFakeEnv,
  // Signed (RFC 9421) for this URL's authority, which must be the service's public one.
  sendCallbacksTo: (pawapay, url) => pawapay.sendCallbacksTo(url),
  // Only in Senegal (Free Money): the test files written before pawaPay keep their live gateways.
  testCountries: "SN",
  torture: {
    // No country set: pawaPay serves what no direct operator serves in the world (Benin, Senegal...).
    warmUpGateway: "MOOV_MONEY_BJ",
    callbackHeaders: ["signature", "signature-input", "content-digest", "signature-date"],
    has: (pawapay, row) => pawapay.records.has(row.operatorRequestId ?? ""),
    paid: (pawapay, row) => pawapay.records.get(row.operatorRequestId ?? "")?.status === "COMPLETED",
    clearFaults: (pawapay) => void pawapay.clearFaults(),
    /** Its providers open again (what waited ENQUEUED is processed), every record of the schedule shown, every callback sent. */
    async settle(pawapay, { parties }) {
      for (const [provider, operation] of TORTURE_AVAILABILITY) pawapay.setAvailability(provider, operation, "OPERATIONAL");
      const shown = Math.max(0, ...[...pawapay.records.values()].filter((record) => parties.has(record.phoneNumber)).map((record) => record.shownAt));
      if (shown > Date.now()) await sleep(shown - Date.now());
      await pawapay.settle();
    },
  },
} satisfies FakeProfile<"pawapay", PawapayFake>;
