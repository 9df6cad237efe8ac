#!/usr/bin/env node
// npx @pcs/sdk listen --forward-to http://localhost:3000/webhooks --key sk_test_... [--secret whsec_...]
//   [--events payment_link.completed,deposit.completed] [--trigger payment_link.completed] [--base-url http://localhost:3000]
// The SDK's command: today one subcommand, listen (listen/), which follows the merchant's sandbox
// events and forwards each one, signed as in production, to a local URL.
import { listenCommand } from "./listen/listen-command.js";
import { help } from "./listen/listen-options.js";

const [subcommand, ...args] = process.argv.slice(2);
if (subcommand === "listen") {
  process.exitCode = await listenCommand(args);
} else if (subcommand === undefined || subcommand === "--help" || subcommand === "-h" || subcommand === "help") {
  console.log(`Commands:\n  listen   forward sandbox webhook events to a local URL\n\n${help()}`);
} else {
  console.error(`Unknown command ${subcommand}: the one command is listen (npx @pcs/sdk listen --help)`);
  process.exitCode = 2;
}
