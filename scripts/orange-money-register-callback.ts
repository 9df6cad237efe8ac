// npm run orange-money:register-callback -- [--url https://<origin>/api/operators/orange-money/callback] [--name "Shop name"]
// Registers the service's Orange Money callback for ORANGE_MONEY_MERCHANT_CODE (POST
// /api/notification/v1/merchantcallback), with ORANGE_MONEY_CALLBACK_API_KEY as the apiKey Orange
// sends back; then prints what Orange lists for the code. Run it once per environment (sandbox,
// production); running it again replaces the registration. --url defaults to
// PAYMENT_BASE_URL + /api/operators/orange-money/callback. Reads the same .env files as the server.
import "./load-env";
import { register } from "node:module";
import { parseArgs } from "node:util";

// Next resolves "server-only" (imported by the operators' clients) to an empty module; so does this
// hook, registered before lib/ is imported (as scripts/background-cost.ts does).
register(
  `data:text/javascript,${encodeURIComponent(`export async function resolve(specifier, context, next) {
  return specifier === "server-only" ? { url: "data:text/javascript,", shortCircuit: true } : next(specifier, context);
}`)}`,
);
const { registerOrangeCallback } = await import("../lib/integrations/gateways/orange-money/register-orange-callback");

const { values } = parseArgs({ options: { url: { type: "string" }, name: { type: "string", default: "Payment collection service" } } });
const base = process.env.PAYMENT_BASE_URL?.replace(/\/+$/, "");
const callbackUrl = values.url ?? (base ? `${base}/api/operators/orange-money/callback` : undefined);

try {
  if (!callbackUrl) throw new Error("Give --url https://<origin>/api/operators/orange-money/callback (or set PAYMENT_BASE_URL)");
  const { code, registered } = await registerOrangeCallback({ callbackUrl, name: values.name });
  console.log(`Registered ${callbackUrl} for merchant code ${code}. Orange now lists:`);
  for (const r of registered) console.log(`  ${r.callbackUrl ?? "?"}\t${r.name ?? ""}\t${r.createdAt ?? ""}`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
