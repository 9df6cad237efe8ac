import { parseArgs } from "node:util";
import { EVENT_TYPES } from "./event-types.js";
import { assertSandboxKey } from "./sandbox-api.js";

/** How the command is started: the SDK's bin (`npx @pcs/sdk listen`), or the repository's npm script. */
export const SDK_COMMAND = "npx @pcs/sdk listen";

/** The usage line, for the command as the developer typed it. */
export const usage = (command = SDK_COMMAND) =>
  `Usage: ${command} --forward-to http://localhost:4000/hooks --key sk_test_... ` +
  "[--secret whsec_...] [--events payment_link.completed,deposit.completed] [--trigger payment_link.completed] [--base-url http://localhost:3000]";

/** The --help text: the usage and what each option does. */
export const help = (command = SDK_COMMAND) =>
  [
    "Forwards your sandbox's webhook events to a local URL, signed as production signs them.",
    "",
    usage(command),
    "",
    "  --forward-to <url>  where to POST each event (http or https, e.g. http://localhost:3000/webhooks)",
    "  --key <sk_test_...> your sandbox key (or PAYMENTS_SANDBOX_KEY); a live key is refused",
    "  --secret <whsec_...> sign with your webhook secret (or PAYMENTS_WEBHOOK_SECRET); without it, a secret is made for the session and printed",
    `  --events <types>    only these types, comma-separated: ${EVENT_TYPES.join(", ")}`,
    "  --trigger <type>    once listening, create sandbox activity that ends in this event",
    "  --base-url <url>    the service (or PAYMENTS_BASE_URL; default http://localhost:3000)",
    "",
    "Ctrl-C stops it.",
  ].join("\n");

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
export function parseListenArgs(args: string[], env: NodeJS.ProcessEnv = process.env, command = SDK_COMMAND): ListenOptions {
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
  if (!values["forward-to"]) throw new Error(`--forward-to is required\n${usage(command)}`);
  const key = values.key ?? env.PAYMENTS_SANDBOX_KEY;
  assertSandboxKey(key);
  const secret = values.secret ?? env.PAYMENTS_WEBHOOK_SECRET ?? null;
  if (secret !== null && !/^whsec_[A-Za-z0-9+/=]{20,}$/.test(secret)) throw new Error("--secret must be a webhook secret, whsec_... (the dashboard shows it once, as merchant:create prints it)");
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
