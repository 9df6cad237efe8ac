import fs from "node:fs";
import https from "node:https";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { auth, e2eMerchant } from "../helpers";

// The production server's embedded runner at work (started by instrumentation.ts): nothing but
// the runner delivers webhooks or records a link's expiry, so receiving these proves it runs.
const merchant = e2eMerchant();
const port = Number(process.env.E2E_PORT ?? 3210) + 1;
const tlsDir = path.join(import.meta.dirname, "..", ".state", "tls");

test("the running server delivers signed webhooks for a paid deposit and an expired link", async ({ request }) => {
  test.setTimeout(30_000);
  const received: { headers: Record<string, string>; body: string }[] = [];
  const server = https.createServer({ key: fs.readFileSync(path.join(tlsDir, "key.pem")), cert: fs.readFileSync(path.join(tlsDir, "cert.pem")) }, (req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  try {
    const callbackUrl = `https://127.0.0.1:${port}/hooks`;
    const deposit = await (
      await request.post("/test/api/v4/classic/deposit/initiate", {
        headers: auth(merchant.sandboxKey),
        data: { amount: 5000, currency: "XOF", customerPhone: "+2250700000444", country: "CI", gatewayName: "MTN_MOMO_CI", callbackUrl },
      })
    ).json();
    const link = await (
      await request.post("/test/api/v4/payments/link", {
        headers: auth(merchant.sandboxKey),
        data: { amount: 5000, currency: "XOF", description: "E2E webhook", callbackUrl, expiresIn: 5 },
      })
    ).json();

    const events = () => received.map((r) => new Webhook(merchant.webhookSecret).verify(r.body, r.headers) as { event: string; reference: string });
    await expect.poll(() => events().map((e) => `${e.event} ${e.reference}`).sort(), { timeout: 20_000 }).toEqual(
      [`deposit.completed ${deposit.reference}`, `payment_link.expired ${link.reference}`].sort(),
    );
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
