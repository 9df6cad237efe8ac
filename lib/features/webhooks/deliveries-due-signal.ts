// An in-process "deliveries are due now" signal. Whoever commits a transaction that recorded
// webhook deliveries calls deliveriesDue(), and the embedded runner's webhook loop (lib/features/jobs) runs
// at once instead of at its next poll: the first attempt follows the state change by the commit's
// and the request's time, not by up to a polling interval. Only a shortcut: without it (another
// process committed, no runner here) the poll finds the same rows.

type Listener = () => void;
const globalForSignal = globalThis as unknown as { __pcsDeliveriesDue?: Set<Listener> };
// On globalThis: Next bundles routes and instrumentation separately, and both must share the one set.
const listeners = (globalForSignal.__pcsDeliveriesDue ??= new Set());

/** Call after the commit (never inside the transaction: the runner would not see the rows yet). */
export function deliveriesDue() {
  for (const listener of listeners) listener();
}

/** Subscribes a runner; returns its unsubscribe. */
export function onDeliveriesDue(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
