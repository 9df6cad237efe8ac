// npm run webhooks:listen -- --forward-to http://localhost:4000/hooks --key sk_test_... [--secret whsec_...]
//   [--events payment_link.completed,deposit.completed] [--trigger payment_link.completed] [--base-url http://localhost:3000]
// The SDK's listen command (sdk/src/listen/, shipped as `npx @pcs/sdk listen`), run from this
// repository's clone: the same code, plus the .env files, so PAYMENTS_SANDBOX_KEY,
// PAYMENTS_WEBHOOK_SECRET and PAYMENTS_BASE_URL may stand in for the flags. Ctrl-C stops it.
import "../load-env";
import { listenCommand } from "../../sdk/src/listen/listen-command";

process.exitCode = await listenCommand(process.argv.slice(2), { command: "npm run webhooks:listen --" });
