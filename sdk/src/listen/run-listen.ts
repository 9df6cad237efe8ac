import { randomBytes } from "node:crypto";
import type { Event as EventJson } from "../types.js";
import { followEvents } from "./follow-events.js";
import { forwardEvent, type ForwardResult } from "./forward-event.js";
import type { ListenOptions } from "./listen-options.js";
import { sandboxApi } from "./sandbox-api.js";
import { triggerEvent } from "./trigger-event.js";

/** A session's secret when none is given: Standard Webhooks' form, "whsec_" + base64 of random bytes. */
const sessionSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

/** One line per forwarded event: when, what, which, and the local answer. */
export function eventLine(event: EventJson, result: ForwardResult, at = new Date()): string {
  const answer = result.status !== null ? String(result.status) : `failed (${result.error})`;
  return `${at.toISOString().slice(11, 19)}  ${event.type.padEnd(31)} ${event.id}  ${event.reference}  -> ${answer} in ${result.durationMs} ms`;
}

/**
 * webhooks:listen: follows the merchant's sandbox events from now on and forwards each one,
 * signed as in production, to the local URL; prints one line per event. With `trigger`, creates
 * the activity that produces that event once following has started. Runs until `signal` aborts.
 */
export async function runListen(options: ListenOptions & { signal: AbortSignal; print: (line: string) => void; intervalMs?: number; fetch?: typeof fetch }) {
  const { print } = options;
  const api = sandboxApi({ baseUrl: options.baseUrl, key: options.key, fetch: options.fetch });
  const secret = options.secret ?? sessionSecret();
  let ready!: () => void;
  const started = new Promise<void>((resolve) => (ready = resolve));

  const following = followEvents({
    api,
    types: options.events,
    intervalMs: options.intervalMs,
    signal: options.signal,
    onReady: () => {
      print(`Ready: forwarding the sandbox events of this key${options.events.length ? ` (${options.events.join(", ")})` : ""} to ${options.forwardTo}`);
      print(
        options.secret
          ? "Signed with the secret you gave (--secret), as production signs them."
          : `Signed with a secret made for this session (pass --secret whsec_... to use your merchant's own): ${secret}`,
      );
      ready();
    },
    onEvent: async (event) => {
      const result = await forwardEvent({ url: options.forwardTo, event, secret, fetch: options.fetch });
      print(eventLine(event, result));
    },
    onPollError: (error) => print(`(polling ${options.baseUrl} failed, trying again: ${error.message})`),
  });

  if (options.trigger) {
    const trigger = options.trigger;
    // Only once following has started, so the event is not taken for an old one; a failed
    // start rejects `following`, awaited below.
    await Promise.race([started, following.catch(() => undefined)]);
    if (!options.signal.aborted) {
      try {
        print(`Triggered ${trigger}: ${await triggerEvent(api, trigger)}`);
      } catch (error) {
        print(`Could not trigger ${trigger}: ${(error as Error).message}`);
      }
    }
  }
  await following;
}
