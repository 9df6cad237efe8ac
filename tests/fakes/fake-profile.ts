import type { FakeServer } from "./fake-http";

// What the shared test code needs to know of an operator's fake, written next to that fake
// (tests/fakes/<id>-fake-profile.ts) and listed once (fake-profiles.ts): how to start it and
// point the app at it (start-operator-fakes.ts, tests/helpers/operator-fakes.ts), and, for an
// operator in the torture suite, how its records are read (tests/torture/). The shared code reads
// only these, so adding an operator adds a profile, never a branch there (docs/operators.md,
// "Adding an operator").

/** A row of ours, as a fake's records are matched to it: by the request id we stored before sending, or our reference. */
export type FakeRow = { table: "deposit" | "transfer" | "refund"; operatorRequestId: string | null; reference: string };

/** What a torture schedule's run knows that a fake's settling reads (tests/torture/run-schedule.ts `Played`). */
export type SettleContext = {
  /** The schedule's MSISDNs (digits, no "+"): the fake's records of them are the schedule's. */
  parties: ReadonlyMap<string, unknown>;
  /** Payouts left processing, by beneficiary (with "+"): how they end. */
  processing: ReadonlyMap<string, "succeeded" | "failed">;
  /** Customers whose callback comes: how long after their answer. */
  callbackDelays: ReadonlyMap<string, number>;
  timeoutMs: number;
};

/** The operator in the torture suite (tests/torture/README.md). Methods, so a profile of a narrower fake is still a FakeProfile of FakeServer. */
export type TortureProfile<F> = {
  /** The countries its account serves in the suite's world (`<prefix>COUNTRIES`); absent: its default. */
  countries?: string;
  /** A gateway it serves there, for the world's warm-up deposits (its circuit sees answered calls first). */
  warmUpGateway: string;
  /** The headers of its callbacks the world's relay hands on unchanged (its signature...). */
  callbackHeaders: readonly string[];
  /** Whether it holds a request for this row of ours. */
  has(fake: F, row: FakeRow): boolean;
  /** Whether it paid that request (completed it). */
  paid(fake: F, row: FakeRow): boolean;
  /** Makes it truthful again: the faults (and refusals) no request has met are dropped. */
  clearFaults(fake: F): void;
  /**
   * Makes it final for the schedule, once it acts on nothing more (`actsPending`): every record it
   * will show shown, every payout left processing ended, every answer and callback given.
   */
  settle(fake: F, context: SettleContext): Promise<void>;
};

export type FakeProfile<K extends string, F extends FakeServer, O extends object = object> = {
  /** The operator's id in the registry (lib/integrations/gateways/operators/registry.ts). */
  id: string;
  /** The fake's name in tests: startOperatorFakes()'s `.mtn`, the torture world's. */
  key: K;
  start(port: number, options: O): Promise<F>;
  /** The variables that point the app at it: the names docs/configuration.md gives the operator. */
  env(fake: F): Record<string, string>;
  /** Sends the callbacks the fake makes itself to this URL (our /api/operators/<id>/callback); absent when they name their URL per request (MTN's X-Callback-Url) or it sends none. */
  sendCallbacksTo?(fake: F, url: string): void;
  /** The countries it serves for the tests of tests/helpers/operator-fakes.ts (`<prefix>COUNTRIES`). */
  testCountries: string;
  torture?: TortureProfile<F>;
};
