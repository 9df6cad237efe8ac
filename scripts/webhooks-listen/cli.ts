// npm run webhooks:listen -- --forward-to http://localhost:4000/hooks --key sk_test_... [--secret whsec_...]
//   [--events payment_link.completed,deposit.completed] [--trigger payment_link.completed] [--base-url http://localhost:3000]
// Follows the merchant's sandbox events and forwards each one, signed as in production, to a local
// URL (the modules beside this file). Ctrl-C stops it. PAYMENTS_SANDBOX_KEY, PAYMENTS_WEBHOOK_SECRET and
// PAYMENTS_BASE_URL may stand in for the flags, from the environment or the .env files.
import "../load-env";
import { parseListenArgs, USAGE } from "./listen-options";
import { runListen } from "./run-listen";

let options;
try {
  options = parseListenArgs(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  if (!(error as Error).message.includes("Usage:")) console.error(USAGE);
  process.exit(2);
}

const stop = new AbortController();
process.once("SIGINT", () => stop.abort());
process.once("SIGTERM", () => stop.abort());

try {
  await runListen({ ...options, signal: stop.signal, print: (line) => console.log(line) });
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
