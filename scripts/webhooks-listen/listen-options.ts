import { parseArgs } from "node:util";
import { EVENT_TYPES } from "@/lib/core/schemas/event";
import { assertSandboxKey } from "./sandbox-api";

export const USAGE =
  "Usage: npm run webhooks:listen -- --forward-to http://localhost:4000/hooks --key sk_test_... " +
  "[--secret whsec_...] [--events payment_link.completed,deposit.completed] [--trigger payment_link.completed] [--base-url http://localhost:3000]";

export type ListenOptions = {
  forwardTo: string;
  key: string;
  /** null: a secret is made for the session and printed. */
  secret: string | null;
  events: string[];
  trigger: string | null;
  baseUrl: string;
};

function httpUrl(flag: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${flag} must be an http(s) URL, e.g. http://localhost:4000/hooks`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`${flag} must be an http(s) URL`);
  return value;
}

/** The command line, checked; every refusal is an Error with a message for the developer. */
export function parseListenArgs(args: string[], env: NodeJS.ProcessEnv = process.env): ListenOptions {
  const { values } = parseArgs({
    args,
    options: {
      "forward-to": { type: "string" },
      key: { type: "string" },
      secret: { type: "string" },
      events: { type: "string" },
      trigger: { type: "string" },
      "base-url": { type: "string" },
    },
  });
  if (!values["forward-to"]) throw new Error(`--forward-to is required\n${USAGE}`);
  const key = values.key ?? env.PAYMENTS_SANDBOX_KEY;
  assertSandboxKey(key);
  const secret = values.secret ?? env.PAYMENTS_WEBHOOK_SECRET ?? null;
  if (secret !== null && !/^whsec_[A-Za-z0-9+/=]{20,}$/.test(secret)) throw new Error("--secret must be a webhook secret, whsec_... (as merchant:create printed it)");
  const events = values.events ? values.events.split(",").map((t) => t.trim()).filter(Boolean) : [];
  const unknown = events.filter((t) => !(EVENT_TYPES as readonly string[]).includes(t));
  if (unknown.length) throw new Error(`--events: unknown type ${unknown.join(", ")}; one or more of ${EVENT_TYPES.join(", ")}`);
  return {
    forwardTo: httpUrl("--forward-to", values["forward-to"]),
    key,
    secret,
    events,
    trigger: values.trigger ?? null,
    baseUrl: httpUrl("--base-url", values["base-url"] ?? env.PAYMENTS_BASE_URL ?? "http://localhost:3000"),
  };
}
