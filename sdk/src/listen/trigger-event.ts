import type { SandboxApi } from "./sandbox-api.js";

// --trigger: sandbox activity through the public API that ends in the named event, using the
// sandbox simulator's magic phone endings (444 approves, 111 declines, 222 never answers).

const GATEWAY = { gatewayName: "MTN_MOMO_CI", country: "CI" };
const PHONE = { approves: "+2250700000444", declines: "+2250700000111", silent: "+2250700000222" };
const metadata = { source: "webhooks:listen --trigger" };

type Created = { reference: string; status?: string };

async function payLink(api: SandboxApi, phone: string) {
  const link = await api.post<Created>("/api/v4/payments/link", { amount: 5000, currency: "XOF", description: "webhooks:listen trigger", metadata });
  // The customer's side, as the hosted checkout page does it.
  await api.post(`/api/checkout/${link.reference}/attempts`, { ...GATEWAY, customerPhone: phone });
  return link.reference;
}

async function deposit(api: SandboxApi, phone: string, amount = 5000) {
  const created = await api.post<Created>("/api/v4/classic/deposit/initiate", { amount, currency: "XOF", customerPhone: phone, ...GATEWAY, metadata });
  return created.reference;
}

/** A completed deposit, so the transfer that follows has a balance to draw on. */
async function fund(api: SandboxApi) {
  const reference = await deposit(api, PHONE.approves, 2000);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { status } = await api.get<Created>(`/api/v4/deposits/${reference}`);
    if (status === "completed") return reference;
    if (status !== "pending" || Date.now() > deadline) throw new Error(`the funding deposit ${reference} ended ${status}, not completed`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function transfer(api: SandboxApi, phone: string) {
  const funded = await fund(api);
  const created = await api.post<Created>("/api/v4/transfers/instant", { amount: 1000, currency: "XOF", beneficiaryPhone: phone, ...GATEWAY, metadata });
  return `funded by deposit ${funded}, then transfer ${created.reference}`;
}

const TRIGGERS: Record<string, (api: SandboxApi) => Promise<string>> = {
  "payment_link.completed": async (api) => `link ${await payLink(api, PHONE.approves)} paid from the checkout (the phone approves in about 2 s)`,
  "payment_link.failed": async (api) => `link ${await payLink(api, PHONE.declines)} declined at the checkout (in about 2 s)`,
  "payment_link.expired": async (api) => {
    const link = await api.post<Created>("/api/v4/payments/link", { amount: 5000, currency: "XOF", description: "webhooks:listen trigger", expiresIn: 5, metadata });
    return `link ${link.reference}, expiring in 5 s (the server's background work records it within a second or two after)`;
  },
  "deposit.completed": async (api) => `deposit ${await deposit(api, PHONE.approves)} (the phone approves in about 2 s)`,
  "deposit.failed": async (api) => `deposit ${await deposit(api, PHONE.declines)} (the phone declines in about 2 s)`,
  "deposit.expired": async (api) => `deposit ${await deposit(api, PHONE.silent)} (the phone never answers: it expires in 15 minutes)`,
  "transfer.completed": async (api) => transfer(api, PHONE.approves),
  "transfer.failed": async (api) => transfer(api, PHONE.declines),
};

export const TRIGGERABLE = Object.keys(TRIGGERS);

/** Creates the activity; answers a line saying what was made. */
export async function triggerEvent(api: SandboxApi, type: string): Promise<string> {
  const trigger = TRIGGERS[type];
  if (!trigger) {
    throw new Error(
      `--trigger ${type} is not available; one of ${TRIGGERABLE.join(", ")}` +
        (type === "payment_link.paid_after_expiry" ? " (a payment approved after its link expired cannot be staged through the API)" : "") +
        (type === "transfer_batch.completed" ? " (a batch is approved by a second member's key: make and approve one with two keys, see the bulk payouts guide)" : ""),
    );
  }
  return trigger(api);
}
