import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { db } from "@/lib/core/db/client";
import { ulid } from "@/lib/core/domain/ulid";
import { sendDueMoneyOut } from "@/lib/features/money-out/send-due-money-out";
import { TRANSFER_KIND } from "@/lib/features/transfers/transfer-kind";
import { recordWebhookEvent } from "@/lib/features/webhooks/record-webhook-event";
import { EVENT_TYPES as SERVICE_EVENT_TYPES } from "@/lib/core/schemas/event";
import { EVENT_TYPES } from "@/sdk/src/listen/event-types";
import { parseListenArgs } from "@/sdk/src/listen/listen-options";
import { runListen } from "@/sdk/src/listen/run-listen";
import { call } from "@/tests/helpers/api-client";
import { startAppServer } from "@/tests/helpers/app-server";
import { newMerchant, sleep, validDeposit, validLink, waitForSandboxAnswer } from "@/tests/helpers/fixtures";
import { headersOf } from "@/tests/helpers/webhook-fixtures";

// npm run webhooks:listen, end to end: the app's routes behind a real HTTP server, the listener
// polling them over HTTP, a local receiver on plain HTTP as a developer's machine has, and sandbox
// activity made through the public API (the --trigger path, or the test's own calls).

type Received = { headers: http.IncomingHttpHeaders; body: string };

async function startLocalReceiver(status = 200) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until<T>(what: string, find: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

let app: Awaited<ReturnType<typeof startAppServer>>;
beforeAll(async () => {
  app = await startAppServer();
});
afterAll(() => app.close());

/** Starts the listener as the CLI does (its parsed options), printing into an array. */
function listen(args: string[], options: { intervalMs?: number } = {}) {
  const lines: string[] = [];
  const stop = new AbortController();
  const done = runListen({ ...parseListenArgs(["--base-url", app.origin, ...args], { NODE_ENV: "test" }), signal: stop.signal, print: (line) => lines.push(line), intervalMs: options.intervalMs ?? 100 });
  return {
    lines,
    done,
    ready: () => until("the listener to be ready", () => (lines.some((l) => l.startsWith("Ready")) ? true : undefined)),
    stop: async () => {
      stop.abort();
      await done;
    },
  };
}

const payload = (reference: string) =>
  JSON.stringify({ event: "payment_link.expired", reference, status: "expired", amount: 5000, currency: "XOF", fees: null, gatewayName: null, customerEmail: null, completedAt: null, metadata: null });

/** An event recorded as a state change records it (no callbackUrl, so no delivery of our own). */
async function record(m: { id: string }, reference: string) {
  const { eventId } = await db().$transaction((tx) =>
    recordWebhookEvent(tx, { merchantId: m.id, environment: "sandbox", type: "payment_link.expired", reference, url: null, payload: JSON.parse(payload(reference)) }),
  );
  return eventId;
}

const payloadOf = (r: Received) => JSON.parse(r.body) as { event: string; reference: string; status: string };

describe("webhooks:listen", () => {
  it("forwards a triggered payment_link.completed signed with the merchant's secret, not what came before, one line each", async () => {
    const m = await newMerchant();
    // An event from before the listener starts: never forwarded.
    const before = await call("POST", "/test/api/v4/classic/deposit/initiate", { key: m.sandboxKey, body: { ...validDeposit, customerPhone: "+2250700000111" } });
    await waitForSandboxAnswer(before.body.reference);
    await call("GET", `/test/api/v4/deposits/${before.body.reference}`, { key: m.sandboxKey });
    expect(await db().webhookEvent.count({ where: { merchantId: m.id } })).toBe(1);

    const receiver = await startLocalReceiver();
    const listener = listen(["--forward-to", receiver.url, "--key", m.sandboxKey, "--secret", m.webhookSecret, "--trigger", "payment_link.completed"]);
    try {
      const delivered = await until("payment_link.completed at the receiver", () => receiver.received.find((r) => payloadOf(r).event === "payment_link.completed"));
      // Verified as the merchant's production endpoint verifies: same library, same secret.
      const payload = new Webhook(m.webhookSecret).verify(delivered.body, headersOf(delivered.headers)) as { reference: string; status: string };
      expect(payload).toMatchObject({ status: "completed", amount: 5000, currency: "XOF", metadata: { source: "webhooks:listen --trigger" } });
      expect(payload.reference).toMatch(/^LINK_TEST_/);

      // The very body the events API holds, under the same id.
      const eventId = String(delivered.headers["webhook-id"]);
      const event = await call("GET", `/test/api/v4/events/${eventId}`, { key: m.sandboxKey });
      expect(event.body).toMatchObject({ type: "payment_link.completed", reference: payload.reference });
      expect(JSON.stringify(event.body.payload)).toBe(delivered.body);
      expect(delivered.headers["content-type"]).toBe("application/json");

      await until("the event's line", () => listener.lines.find((l) => l.includes(eventId)));
      expect(listener.lines.find((l) => l.includes(eventId))).toMatch(new RegExp(`payment_link\\.completed +${eventId}  ${payload.reference}  -> 200 in \\d+ ms$`));
      expect(listener.lines).toContain(listener.lines.find((l) => l.startsWith(`Triggered payment_link.completed: link ${payload.reference}`)));
      expect(receiver.received.map((r) => payloadOf(r).event)).toEqual(["payment_link.completed"]);
    } finally {
      await listener.stop();
      await receiver.close();
    }
  });

  it("forwards only the --events types, signs with a printed session secret without --secret, and prints the local answer", async () => {
    const m = await newMerchant();
    const receiver = await startLocalReceiver(500);
    const listener = listen(["--forward-to", receiver.url, "--key", m.sandboxKey, "--events", "deposit.completed"]);
    try {
      await listener.ready();
      const link = await call("POST", "/test/api/v4/payments/link", { key: m.sandboxKey, body: validLink });
      await call("POST", `/test/api/checkout/${link.body.reference}/attempts`, { body: { country: "CI", gatewayName: "MTN_MOMO_CI", customerPhone: "+2250700000444" } });
      const deposit = await call("POST", "/test/api/v4/classic/deposit/initiate", { key: m.sandboxKey, body: validDeposit });
      const delivered = await until("deposit.completed at the receiver", () => receiver.received.find((r) => payloadOf(r).reference === deposit.body.reference));
      // The link's event exists too, and polls go by without forwarding it.
      await until("the link's event", async () => ((await db().webhookEvent.count({ where: { reference: link.body.reference } })) ? true : undefined));
      await sleep(500);
      expect(receiver.received.map((r) => payloadOf(r).event)).toEqual(["deposit.completed"]);

      const secret = /secret made for this session.*: (whsec_\S+)$/.exec(listener.lines.find((l) => l.includes("session")) ?? "")?.[1];
      expect(secret).toMatch(/^whsec_/);
      expect(secret).not.toBe(m.webhookSecret);
      expect(new Webhook(secret!).verify(delivered.body, headersOf(delivered.headers))).toMatchObject({ event: "deposit.completed", status: "completed" });
      expect(() => new Webhook(m.webhookSecret).verify(delivered.body, headersOf(delivered.headers))).toThrow("No matching signature found");
      await until("the event's line", () => listener.lines.find((l) => l.includes(deposit.body.reference)));
      expect(listener.lines.find((l) => l.includes(deposit.body.reference))).toMatch(/deposit\.completed .* -> 500 in \d+ ms$/);
    } finally {
      await listener.stop();
      await receiver.close();
    }
  });

  it("triggers a transfer (funding it with a deposit first) and reports a receiver that is down", async () => {
    const m = await newMerchant();
    const down = await startLocalReceiver();
    await down.close();
    const listener = listen(["--forward-to", down.url, "--key", m.sandboxKey, "--secret", m.webhookSecret, "--events", "transfer.failed", "--trigger", "transfer.failed"]);
    try {
      // The sandbox beneficiary's answer is recorded by the server's background work (the
      // embedded runner's pass); only the transfers' part of it runs here.
      const line = await until("the transfer's line", async () => {
        await sendDueMoneyOut(db(), TRANSFER_KIND);
        return listener.lines.find((l) => l.includes("transfer.failed "));
      });
      expect(line).toMatch(/transfer\.failed +msg_\w{26}  TRF_TEST_\w{26}  -> failed \(ECONNREFUSED\) in \d+ ms$/);
      expect(listener.lines.find((l) => l.startsWith("Triggered transfer.failed"))).toMatch(/funded by deposit DEP_TEST_\w+, then transfer TRF_TEST_\w+/);
    } finally {
      await listener.stop();
    }
  });

  it("still forwards an event whose transaction committed after a later one was seen (the look-back)", async () => {
    const m = await newMerchant();
    const receiver = await startLocalReceiver();
    const listener = listen(["--forward-to", receiver.url, "--key", m.sandboxKey, "--secret", m.webhookSecret]);
    try {
      await listener.ready();
      // The slow transaction takes its id and time first...
      const slow = { id: `msg_${ulid()}`, createdAt: new Date() };
      await sleep(20);
      // ...a quick one records and commits, and the listener forwards it...
      const quick = await record(m, "LINK_TEST_QUICK");
      await until("the quick event", () => receiver.received.find((r) => r.headers["webhook-id"] === quick));
      await sleep(300);
      // ...then the slow one commits, behind it in id and time: forwarded all the same, once.
      await db().webhookEvent.create({
        data: { id: slow.id, merchantId: m.id, environment: "sandbox", type: "payment_link.expired", reference: "LINK_TEST_SLOW", payload: payload("LINK_TEST_SLOW"), createdAt: slow.createdAt },
      });
      await until("the slow event", () => receiver.received.find((r) => r.headers["webhook-id"] === slow.id));
      await sleep(300);
      expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([quick, slow.id]);
    } finally {
      await listener.stop();
      await receiver.close();
    }
  });

  it("knows every event type the service sends (the SDK's copy of the list)", () => {
    expect([...EVENT_TYPES].sort()).toEqual([...SERVICE_EVENT_TYPES].sort());
  });

  it("refuses a live key, an unknown event type, and stops on a key the service refuses", async () => {
    const m = await newMerchant();
    expect(() => parseListenArgs(["--forward-to", "http://localhost:4000/hooks", "--key", m.liveKey])).toThrow(/only follows the sandbox: a live key \(sk_live_\.\.\.\) is refused/);
    expect(() => parseListenArgs(["--forward-to", "http://localhost:4000/hooks", "--key", m.sandboxKey, "--events", "payment_link.paid"])).toThrow(
      /--events: unknown type payment_link\.paid/,
    );
    expect(() => parseListenArgs(["--key", m.sandboxKey])).toThrow(/--forward-to is required/);
    expect(() => parseListenArgs(["--forward-to", "localhost:4000", "--key", m.sandboxKey])).toThrow(/--forward-to must be an http\(s\) URL/);
    expect(() => parseListenArgs(["--forward-to", "http://localhost:4000/hooks", "--key", m.sandboxKey, "--secret", "hunter2"])).toThrow(/--secret must be/);

    await db().apiKey.updateMany({ where: { merchantId: m.id, environment: "sandbox" }, data: { revokedAt: new Date() } });
    const listener = listen(["--forward-to", "http://127.0.0.1:9/hooks", "--key", m.sandboxKey]);
    await expect(listener.done).rejects.toThrow(/answered 401: 40002/);
  });
});
