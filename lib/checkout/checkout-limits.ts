import { clientIp, consume, createLimiter } from "@/lib/http/rate-limit";

// The checkout endpoints need no key, so they are limited per client address and per link:
// polling is cheap and frequent; starting attempts and typing codes are not.
const reads = createLimiter("checkout-read", 120, 60);
const writesPerIp = createLimiter("checkout-write-ip", 30, 60);
const writesPerLink = createLimiter("checkout-write-link", 20, 60);

export async function limitCheckoutRead(request: Request) {
  await consume(reads, clientIp(request));
}

export async function limitCheckoutWrite(request: Request, reference: string) {
  await consume(writesPerIp, clientIp(request));
  await consume(writesPerLink, reference);
}
