import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { e2eMerchant } from "../helpers";

// The real command, `npm run webhooks:listen`, as a developer runs it: a child process following
// the production build's sandbox events over HTTP and forwarding them to a local receiver.
// transfer.completed needs everything: a deposit answered by the simulated phone, then the
// server's embedded runner sending the transfer, then the listener's poll and signed forward.
const merchant = e2eMerchant();
const port = Number(process.env.E2E_PORT ?? 3210);

test("npm run webhooks:listen forwards a triggered transfer.completed, signed with the merchant's secret", async () => {
  test.setTimeout(60_000);
  const received: { headers: Record<string, string>; body: string }[] = [];
  const receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const forwardTo = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  const tsx = path.join(process.cwd(), "node_modules", ".bin", "tsx");
  const args = ["scripts/webhooks-listen/cli.ts", "--forward-to", forwardTo, "--key", merchant.sandboxKey, "--secret", merchant.webhookSecret,
    "--events", "transfer.completed", "--trigger", "transfer.completed", "--base-url", `http://127.0.0.1:${port}`];
  const child = spawn(tsx, args, { env: { ...process.env, LOG_LEVEL: "silent" } });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  try {
    await expect.poll(() => output, { timeout: 45_000 }).toMatch(/transfer\.completed +msg_\w{26}  TRF_TEST_\w{26}  -> 204 in \d+ ms/);
    const transfer = /then transfer (TRF_TEST_\w{26})/.exec(output)?.[1];
    expect(transfer, output).toBeTruthy();
    const delivered = received.find((r) => JSON.parse(r.body).reference === transfer);
    expect(delivered, output).toBeTruthy();
    const payload = new Webhook(merchant.webhookSecret).verify(delivered!.body, delivered!.headers);
    expect(payload).toMatchObject({ event: "transfer.completed", reference: transfer, status: "completed", amount: 1000, currency: "XOF" });
    expect(output).toContain("Ready: forwarding the sandbox events of this key (transfer.completed)");
  } finally {
    child.kill("SIGINT");
    await new Promise((resolve) => child.once("exit", resolve));
    receiver.close();
  }
  // Ctrl-C ends it cleanly.
  expect(child.exitCode).toBe(0);
});

test("npm run webhooks:listen refuses a live key", async () => {
  const child = spawn(path.join(process.cwd(), "node_modules", ".bin", "tsx"), ["scripts/webhooks-listen/cli.ts", "--forward-to", "http://127.0.0.1:4000/hooks", "--key", merchant.liveKey]);
  let output = "";
  child.stderr.on("data", (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.once("exit", resolve));
  expect(code).toBe(2);
  expect(output).toContain("a live key (sk_live_...) is refused");
});
