import type { IncomingHttpHeaders } from "node:http";
import { db } from "@/lib/core/db/client";
import { runDueWork } from "@/lib/features/jobs/run-due-work";
import { call } from "./api-client";
import { sleep, validDeposit, validLink } from "./fixtures";

// Shared steps of the webhook tests: links and deposits with a callbackUrl, and waiting for
// the outbox to be worked off as the embedded runner would.

type Merchant = { id: string; sandboxKey: string };

export async function newLinkWithCallback(merchant: Merchant, callbackUrl: string, extra: Record<string, unknown> = {}) {
  const res = await call("POST", "/test/api/v4/payments/link", {
    key: merchant.sandboxKey,
    body: { ...validLink, customerEmail: "awa@example.com", metadata: { orderId: "A-1", vip: true }, callbackUrl, ...extra },
  });
  if (res.status !== 200) throw new Error(`link not created: ${JSON.stringify(res.body)}`);
  return db().paymentLink.findUniqueOrThrow({ where: { reference: res.body.reference } });
}

/** A checkout attempt to pay the link: a sandbox DIRECT deposit whose phone never answers by itself. */
export async function newLinkAttempt(merchant: Merchant, linkId: string) {
  const res = await call("POST", "/test/api/v4/classic/deposit/initiate", {
    key: merchant.sandboxKey,
    body: { ...validDeposit, customerPhone: "+2250700000222" },
  });
  if (res.status !== 200) throw new Error(`deposit not created: ${JSON.stringify(res.body)}`);
  return db().deposit.update({ where: { reference: res.body.reference }, data: { paymentLinkId: linkId } });
}

export async function newDepositWithCallback(merchant: Merchant, callbackUrl: string, body: Record<string, unknown> = {}) {
  const res = await call("POST", "/test/api/v4/classic/deposit/initiate", {
    key: merchant.sandboxKey,
    body: { ...validDeposit, callbackUrl, metadata: { orderId: "D-1" }, ...body },
  });
  if (res.status !== 200) throw new Error(`deposit not created: ${JSON.stringify(res.body)}`);
  return db().deposit.findUniqueOrThrow({ where: { reference: res.body.reference } });
}

/** The outbox rows about one link or deposit reference, with their deliveries and attempts. */
export function eventsFor(reference: string) {
  return db().webhookEvent.findMany({
    where: { reference },
    orderBy: { createdAt: "asc" },
    include: { deliveries: { include: { attempts: { orderBy: { number: "asc" } } } } },
  });
}

/** Runs passes of the due work, as the embedded runner does every second, until `done` holds. */
export async function workUntil(done: () => Promise<boolean> | boolean, timeoutMs = 8000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await runDueWork(db());
    if (await done()) return;
    if (Date.now() > deadline) throw new Error("due work did not reach the expected state in time");
    await sleep(20);
  }
}

export const headersOf = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]));
