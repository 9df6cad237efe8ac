import { clientLimitKey } from "@/lib/core/request/client-address";
import { consume, createLimiter, limitFromEnv } from "@/lib/core/limits/rate-limit";

// The checkout endpoints need no key, so they are limited per client address and per link:
// polling is cheap and frequent; starting attempts and typing codes are not.
// Per minute; configurable because a test run (or a shop's shared Wi-Fi) is many customers at one address.
const perMinute = limitFromEnv;
const reads = createLimiter("checkout-read", perMinute("CHECKOUT_READS_PER_MINUTE_PER_IP", 120), 60);
const writesPerIp = createLimiter("checkout-write-ip", perMinute("CHECKOUT_WRITES_PER_MINUTE_PER_IP", 30), 60);
const writesPerLink = createLimiter("checkout-write-link", perMinute("CHECKOUT_WRITES_PER_MINUTE_PER_LINK", 20), 60);

export async function limitCheckoutRead(request: Request) {
  await consume(reads, clientLimitKey(request));
}

export async function limitCheckoutWrite(request: Request, reference: string) {
  await consume(writesPerIp, clientLimitKey(request));
  await consume(writesPerLink, reference);
}
