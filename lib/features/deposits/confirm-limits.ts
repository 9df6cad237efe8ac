import { addressLimitKey } from "@/lib/core/request/client-address";
import { consume, envLimiter } from "@/lib/core/limits/rate-limit";

// OTP confirmations are code guesses: besides the per-key API limit and the per-invoice attempt
// cap, they are limited per invoice reference and per client address (many keys, one attacker).
//   OTP_CONFIRMS_PER_MINUTE_PER_REFERENCE  default 10
//   OTP_CONFIRMS_PER_MINUTE_PER_IP         default 60
export async function limitOtpConfirm(clientAddress: string, reference: string) {
  await consume(envLimiter("otp-confirm-ip", "OTP_CONFIRMS_PER_MINUTE_PER_IP", 60, 60), addressLimitKey(clientAddress));
  await consume(envLimiter("otp-confirm-ref", "OTP_CONFIRMS_PER_MINUTE_PER_REFERENCE", 10, 60), reference);
}
