import { createHash, timingSafeEqual } from "node:crypto";
import type { DepositForGateway, GatewayAdapter, GatewayOutcome } from "./adapter";

// The sandbox operator. Nothing real moves; the customer's phone number decides the answer:
//   ...111 declines, ...222 never answers (pending until expiry), ...333 has insufficient funds,
//   anything else approves. OTP gateways accept the code 123456 only.
export const SANDBOX_OTP = "123456";
export const SANDBOX_PHONE_ENDINGS = { declined: "111", neverAnswers: "222", insufficientFunds: "333" } as const;

/** How long the simulated phone takes to answer a DIRECT prompt (SANDBOX_DIRECT_ANSWER_MS, default 2 s). */
export function sandboxAnswerDelayMs(): number {
  const configured = Number(process.env.SANDBOX_DIRECT_ANSWER_MS);
  return Number.isFinite(configured) && configured >= 0 ? configured : 2000;
}

/** What the simulated customer does, from the phone number's ending. */
export function simulatedAnswer(phone: string): GatewayOutcome {
  if (phone.endsWith(SANDBOX_PHONE_ENDINGS.declined)) return { status: "failed", reason: "declined_by_customer" };
  if (phone.endsWith(SANDBOX_PHONE_ENDINGS.neverAnswers)) return { status: "pending" };
  if (phone.endsWith(SANDBOX_PHONE_ENDINGS.insufficientFunds)) return { status: "failed", reason: "insufficient_funds" };
  return { status: "completed" };
}

export function hashOtp(reference: string, otp: string): string {
  return createHash("sha256").update(`${reference}:${otp}`).digest("hex");
}

export const sandboxSimulator: GatewayAdapter = {
  async initiate(deposit, { origin }) {
    if (deposit.paymentType === "REDIRECT") return { redirectUrl: `${origin}/test/sandbox/operator/${deposit.reference}` };
    return {};
  },
  async status(deposit, now) {
    // REDIRECT deposits are answered on the simulated operator page, not by polling.
    if (deposit.paymentType !== "DIRECT") return { status: "pending" };
    const answeredAt = deposit.createdAt.getTime() + sandboxAnswerDelayMs();
    // The simulated customer answers the prompt on the phone's screen only: one the checkout
    // replaced before the answer is dismissed. One replaced after was answered already, and that
    // answer stands (recorded as any approval: lib/features/links/settle-link-attempt.ts).
    if (deposit.supersededAt && deposit.supersededAt.getTime() < answeredAt) return { status: "pending" };
    if (now.getTime() < answeredAt) return { status: "pending" };
    // The phone answered at answeredAt, whenever we ask: that is the operator's time of it.
    const answer = simulatedAnswer(deposit.customerPhone);
    if (answer.status === "pending") return answer;
    // The simulated customer pays exactly what we asked: the figures of our request.
    const figures = answer.status === "completed" ? { amountMinor: deposit.amountMinor + deposit.feesMinor, currency: deposit.currency } : {};
    return { ...answer, at: new Date(answeredAt), ...figures };
  },
  async sendOtp(deposit: DepositForGateway) {
    return { otpHash: hashOtp(deposit.reference, SANDBOX_OTP) };
  },
  async verifyOtp(deposit, otp) {
    if (!deposit.otpHash) return { status: "wrong_code" };
    const given = Buffer.from(hashOtp(deposit.reference, otp), "hex");
    const stored = Buffer.from(deposit.otpHash, "hex");
    return given.length === stored.length && timingSafeEqual(given, stored) ? { status: "completed" } : { status: "wrong_code" };
  },
};
