import "server-only";
import { insideDbTransaction } from "@/lib/core/db/transaction-scope";
import { errorFields, log } from "@/lib/core/logging/log";
import { servingPlugin } from "./operator-gateways";
import { OPERATOR_PLUGINS } from "./registry";

// What operators say of their own providers (pawaPay's availability endpoint: a provider DELAYED
// or CLOSED), for the checkout's notice beside our own call figures. A page never waits for an
// operator: it gets the last answer kept, and an answer older than a minute is asked again in the
// background. An answer that cannot be read says nothing (never "closed"). A provider announced
// CLOSED is not offered on the checkout, and a live deposit on it is refused before anything is
// written or sent (create-deposit.ts): its operator rejects every request.

export type AnnouncedState = "operational" | "delayed" | "closed";

export const ANNOUNCED_STATES_TTL_MS = 60_000;

/** How long an answer is kept: OPERATOR_ANNOUNCED_STATES_TTL_MS (default a minute), read on each use so a test server can shorten it. */
function keptForMs(): number {
  const value = Number(process.env.OPERATOR_ANNOUNCED_STATES_TTL_MS ?? ANNOUNCED_STATES_TTL_MS);
  return Number.isFinite(value) && value >= 0 ? value : ANNOUNCED_STATES_TTL_MS;
}

// One per process, on globalThis: Next.js bundles the pages and each route handler with its own
// copy of this module, and a checkout attempt (the JSON API's route, the form's without
// JavaScript) only reads what is kept, inside its transaction: in a copy of its own, kept would
// stay empty there, and a provider the page stopped offering would still be sent a deposit.
type Kept = { at: number; states: ReadonlyMap<string, AnnouncedState> };
const shared = ((globalThis as { __pcsAnnouncedStates?: { kept: Map<string, Kept>; asking: Map<string, Promise<void>> } }).__pcsAnnouncedStates ??= {
  kept: new Map(),
  asking: new Map(),
});
const { kept, asking } = shared;

function ask(id: string, read: () => Promise<ReadonlyMap<string, AnnouncedState>>): Promise<void> {
  const pending =
    asking.get(id) ??
    read()
      .then(
        (states) => void kept.set(id, { at: Date.now(), states }),
        (error: unknown) => {
          log("warn", "operator availability not read", { operator: id, ...errorFields(error) });
          kept.set(id, { at: Date.now(), states: new Map() });
        },
      )
      .finally(() => asking.delete(id));
  asking.set(id, pending);
  return pending;
}

/**
 * The deposit state each operator last announced for the gateways it serves here; asks again in the
 * background those whose answer is older than a minute. `fresh`: ask them all now; `wait`: for the
 * answers asked now (tests). Inside a database transaction (a checkout attempt's write) it only
 * reads what is kept: an operator call there is refused (operator-http.ts), and that refusal would
 * drop the answer kept.
 */
export async function announcedDepositStates(options: { wait?: boolean; fresh?: boolean } = {}): Promise<Map<string, AnnouncedState>> {
  const now = Date.now();
  const asked: Promise<void>[] = [];
  for (const plugin of insideDbTransaction() ? [] : OPERATOR_PLUGINS) {
    if (!plugin.depositAvailability) continue;
    const config = plugin.gateways.map((gateway) => servingPlugin(gateway.name)).find((found) => found?.plugin.id === plugin.id)?.config;
    if (config === undefined) continue;
    const found = kept.get(plugin.id);
    if (options.fresh || !found || now - found.at > keptForMs()) asked.push(ask(plugin.id, () => plugin.depositAvailability!(config)));
  }
  if (options.wait) await Promise.all(asked);
  const states = new Map<string, AnnouncedState>();
  for (const [id, { states: announced }] of kept) {
    for (const [gateway, state] of announced) if (servingPlugin(gateway)?.plugin.id === id) states.set(gateway, state);
  }
  return states;
}
