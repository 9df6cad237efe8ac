import type { DbClient } from "@/lib/core/db/client";
import { addressLimitKey } from "@/lib/core/request/client-address";
import { consume, createLimiter, limitFromEnv } from "@/lib/core/limits/rate-limit";
import { hashCheckoutToken } from "./checkout-session";

// The checkout endpoints need no key, so they are limited per client address and per link:
// polling is cheap and frequent; starting attempts, typing codes and "check the payment" are not.
// Per minute; configurable because a test run (or a shop's shared Wi-Fi) is many customers at one address.
const perMinute = limitFromEnv;
const reads = createLimiter("checkout-read", perMinute("CHECKOUT_READS_PER_MINUTE_PER_IP", 120), 60);
const writesPerIp = createLimiter("checkout-write-ip", perMinute("CHECKOUT_WRITES_PER_MINUTE_PER_IP", 30), 60);
const writesPerLink = createLimiter("checkout-write-link", perMinute("CHECKOUT_WRITES_PER_MINUTE_PER_LINK", 20), 60);

/** A checkout read, by the client's address (lib/core/request/client-address.ts, read by the surface). */
export async function limitCheckoutRead(clientAddress: string) {
  await consume(reads, addressLimitKey(clientAddress));
}

/**
 * A checkout write (start an attempt, type a code, check the payment; JSON or form alike).
 *
 * Every request spends its address's allowance first, before anything is read. The link's own
 * allowance is spent only by the checkout holding the link's latest attempt (its session token):
 * the reference is public (QR codes, SMS), and when anyone's posts spent it, a stranger's 20 posts a
 * minute kept the customer's right code and every new attempt answered "too many" until the
 * operator's code expired (issue 46). A stranger's requests now cost only the stranger's address.
 * The holder's count is keyed by link and token, so what a former holder spent is not the next one's.
 */
export async function limitCheckoutWrite(client: DbClient, clientAddress: string, reference: string, checkoutToken: string | null) {
  await consume(writesPerIp, addressLimitKey(clientAddress));
  // Without a token nobody holds anything: no read needed.
  if (!checkoutToken) return;
  const tokenHash = hashCheckoutToken(checkoutToken);
  const latest = await client.deposit.findFirst({
    where: { paymentLink: { reference } },
    orderBy: { createdAt: "desc" },
    select: { checkoutTokenHash: true },
  });
  if (latest?.checkoutTokenHash !== tokenHash) return;
  await consume(writesPerLink, `${reference}:${tokenHash}`);
}
