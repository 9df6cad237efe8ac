import type { Environment } from "@/lib/core/domain/environment";

// The operator seam: what an adapter is, and nothing that implements one. The implementations
// (sandbox-simulator.ts, the operators' folders) import these types; which one serves a gateway is
// gateway-adapter.ts (deposits) and live-adapters.ts (live payouts and refunds). This module imports
// none of them, so no file of lib/integrations/gateways imports itself back (lib/import-layers.test.ts).

/**
 * What an operator tells us about a deposit: still waiting, or a final answer with the operator's
 * time of it (`at`). We may learn of an answer late (a restart, a slow callback): the deposit, its
 * link and the ledger are stamped with `at`, and a payment approved before its link's expiry pays
 * the link even when we hear of it after. Leave `at` out only when the operator gives no time.
 */
export type GatewayOutcome =
  | {
      status: "pending";
      said?: string;
      /**
       * The operator refused a try but keeps the payment open for another (a Wave session after a
       * failed attempt): why, in our words. The payment stays pending; the customer may still pay.
       */
      lastTryFailed?: string;
      /** The operator shows no record of it past its window for showing what it took (MTN's 404): the deposit notes since when. */
      noRecord?: boolean;
    }
  | {
      status: "completed";
      at?: Date;
      operatorReference?: string;
      /** What the operator charged us for it (Wave's payout fee; pawaPay's, at our contract's price). */
      operatorFeeMinor?: bigint;
      /**
       * What the operator says was paid, when it says, in minor units of `currency` (the adapter
       * undoes its own mapping, e.g. MTN's sandbox EUR). Compared with ours before anything
       * completes: a difference is held for support, never credited.
       */
      amountMinor?: bigint;
      currency?: string;
      said?: string;
    }
  | {
      status: "failed";
      reason: string;
      at?: Date;
      operatorReference?: string;
      said?: string;
      /**
       * Failed only because the operator still shows no record of it (MTN's 404 read twice past its
       * window): not final there. The deposit fails and stays followed: a late success is credited.
       */
      noRecord?: boolean;
    };

/**
 * What the operator said to an OTP code. A wrong (or used) code is one of our 5 tries; the others
 * are the payment's outcome (an operator such as Orange Money takes the payment with the code).
 */
export type OtpOutcome =
  | { status: "wrong_code" }
  | { status: "completed"; at?: Date; operatorReference?: string }
  | { status: "failed"; reason: string; at?: Date; operatorReference?: string }
  /** The operator has not decided yet (or we lost its answer): the status read settles it. */
  | { status: "pending"; operatorReference?: string };

export type DepositForGateway = {
  reference: string;
  environment: Environment;
  paymentType: string;
  gatewayName: string;
  amountMinor: bigint;
  feesMinor: bigint;
  currency: string;
  customerPhone: string;
  createdAt: Date;
  otpHash: string | null;
  /** Set when the hosted checkout replaced this attempt with a newer one of the same customer. */
  supersededAt?: Date | null;
  /** Live operators: the id of our request to the operator, stored on the deposit before the call. */
  operatorRequestId?: string | null;
  /** The operator's transaction reference once known (an Orange transactionId to read the status by). */
  operatorReference?: string | null;
  /** When a read past the operator's window first found no record of it (MTN's 404); null: never. */
  operatorNotFoundAt?: Date | null;
  /** OTP: the codes the operator refused before the current one (each may have left a failed transaction there). */
  otpAttempts?: number;
  /** Where a REDIRECT operator sends the customer back (the checkout, or the merchant's returnUrl). */
  returnUrl?: string | null;
};

/**
 * One mobile-money operator. Production operators implement this and are wired in
 * `live-adapters.ts` (`liveAdapter`); in the sandbox every gateway is served by the simulator.
 */
export type GatewayAdapter = {
  /**
   * Live operators: the id our request will carry (MTN's X-Reference-Id). The deposit is written
   * with it before the operator is called, so an unknown outcome can always be read back by it.
   */
  newRequestId?(deposit: DepositForGateway): string;
  /** DIRECT: push the prompt to the phone. REDIRECT: return the page to send the customer to. */
  initiate(
    deposit: DepositForGateway,
    /**
     * origin: where the operator reaches us (callbacks, return pages): the public base URL for live
     * operators (lib/core/domain/public-base-url.ts). resumed: a retry of a request that may already
     * have reached the operator (its answer lost with the process that sent it): never a second payment.
     */
    context: { origin: string; resumed?: boolean },
  ): Promise<{ redirectUrl?: string; /** The operator's id for our request when it assigns one (a Wave session id): replaces ours. */ operatorRequestId?: string }>;
  /**
   * The operator's current answer for a DIRECT or REDIRECT deposit. Throws when the operator could
   * not be asked (lib/integrations/gateways/operators/operator-errors.ts): that says nothing about the payment.
   * "completed" and "failed" are final at the operator; "pending" may still change, even after our
   * own expiry: the reconciliation keeps asking (lib/features/reconciliation/).
   */
  status(deposit: DepositForGateway, now: Date): Promise<GatewayOutcome>;
  /**
   * Our side has ended the payment (expired, or failed) while the operator may still take it: stop
   * it there where the operator can (Wave: expire the checkout session), and say where it stands
   * now: "completed" (paid before it closed: recorded as a late success), "failed" (closed), or
   * "pending" (not closed yet: asked again later). Without it, the reconciliation reads status()
   * until the operator's answer is final.
   */
  close?(deposit: DepositForGateway, now: Date): Promise<GatewayOutcome>;
  /**
   * OTP: have the operator text a code to the customer; returns what we keep to check it (null
   * where the customer generates the code at the operator, which checks it: Orange Money).
   */
  sendOtp(deposit: DepositForGateway): Promise<{ otpHash: string | null }>;
  /** OTP: check the customer's code, or pay with it where the operator takes the code with the payment. */
  verifyOtp(deposit: DepositForGateway, otp: string): Promise<OtpOutcome>;
};

/**
 * Money leaving for a customer's wallet: a payout (Transfer) or a refund. Sent at most once per
 * request id, which is stored on the row before any call; after an unknown outcome the operator is
 * asked about that id before anything is sent again (lib/features/money-out/advance-money-out.ts).
 */
export type MoneyOutForGateway = {
  reference: string;
  /** Stored before the first call (newRequestId); replaced by the operator's own id once it gives one. */
  operatorRequestId: string | null;
  amountMinor: bigint;
  currency: string;
  /** The beneficiary's (payout) or the paying customer's (refund) phone, E.164. */
  phone: string;
  createdAt: Date;
  /** When a request for it last left for the operator; null: never. */
  operatorSentAt: Date | null;
};

/** A refund also names the payment it gives back. */
export type RefundForGateway = MoneyOutForGateway & {
  /** The payment: its reference, the operator's ids for it, and what the customer was charged. */
  payment: { reference: string; gatewayName: string; operatorRequestId: string | null; operatorReference: string | null; chargedMinor: bigint };
  /** Whether this refund gives back the whole charge (no other refund of the payment before it). */
  whole: boolean;
  /**
   * How it goes back, as chosen by the adapter's method() when the refund was made and stored on it
   * (Refund.method): every send and read follows this, never a choice made again from the
   * payment's fields, which can change between two sends.
   */
  method: string;
};

export type MoneyOutAdapter<T extends MoneyOutForGateway = MoneyOutForGateway> = {
  /**
   * How the money goes back or out ("payout", "session_refund", "operator_refund"): chosen once,
   * when the row is made, and stored on it (a refund's sends follow RefundForGateway.method).
   */
  method(item: T): string;
  /** The id stored on the row before any call (MTN: a new X-Reference-Id; Wave: our reference, its idempotency key). */
  newRequestId(item: { reference: string }): string;
  /**
   * Sends it. Returns the operator's id when it assigns one (stored in place of ours), and its
   * answer when the operator gives the outcome at once (Wave executes payouts and checkout refunds
   * synchronously). Throws the operator errors: not sent, refused (4xx), or outcome unknown.
   */
  send(item: T): Promise<{ operatorRequestId?: string; outcome?: GatewayOutcome }>;
  /**
   * The operator's answer for it; "not_found" when the operator has no record of it (yet);
   * "unreadable" when the operator offers no way to read it back (a Wave checkout refund): only the
   * same request again, which the operator deduplicates, can tell, and its refusal proves nothing.
   */
  status(item: T): Promise<GatewayOutcome | "not_found" | "unreadable">;
  /**
   * After a send, how long a "not_found" may still be the operator not showing what it received
   * (a request queued after a 5xx, a search index behind). Past it, "not_found" means not received.
   */
  notFoundGraceMs: number;
};

/** A live payout operator (DIRECT transfers, SCHEDULED batches): lib/integrations/gateways/live-adapters.ts. */
export type PayoutAdapter = MoneyOutAdapter<MoneyOutForGateway>;
/** How an operator gives a customer's money back (lib/features/refunds/). */
export type RefundAdapter = MoneyOutAdapter<RefundForGateway>;
