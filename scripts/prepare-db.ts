// Runs before `next dev` / `next start`: applies migrations, seeds the gateway catalog and, on a
// new embedded database, creates a demo merchant so a new user can call the API at once. The demo
// is a sandbox merchant, as one who signs up on the dashboard is: no live payments until it asks
// (Passer en production) and support approves, and no live key on the screen (issue 51).
import "./load-env";
import { createMemberLogin } from "../lib/features/auth/create-member-login";
import { closeDb } from "../lib/core/db/client";
import { createMerchant } from "../lib/features/merchants/create-merchant";
import { openCliDatabase } from "./open-cli-database";

try {
  const { client, target } = await openCliDatabase();

  if (target.kind === "pglite" && (await client.merchant.count()) === 0) {
    const demo = await createMerchant(client, { name: "Demo merchant", liveActivated: false });
    const login = await createMemberLogin(client, { merchant: demo, email: "demo@example.com", name: "Demo" });
    const base = `http://localhost:${process.env.PORT ?? 3000}`;
    console.log(
      [
        "",
        "A demo merchant was created on this new embedded database. Its sandbox key (shown once):",
        "",
        `  ${demo.sandboxKey}`,
        "",
        "Create a sandbox payment link:",
        "",
        `  curl -s ${base}/test/api/v4/payments/link \\`,
        `    -H "Authorization: Bearer ${demo.sandboxKey}" -H "Content-Type: application/json" \\`,
        `    -d '{"amount":5000,"currency":"XOF","description":"Order #1234"}'`,
        "",
        `Webhook secret: ${demo.webhookSecret}`,
        "",
        `Merchant dashboard: ${base}/dashboard/sign-in`,
        `  e-mail:   ${login.email}`,
        `  password: ${login.password}`,
        "",
      ].join("\n"),
    );
  }
  await closeDb();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
