// npm run bench:checkout-slow - the hosted checkout on a slow phone's network (issue 35, part 1):
// 400 kbps down and up, 400 ms of latency, a cold cache (a new browser context, cache off). Uses
// the production build (`npm run build` first; this builds nothing) on the embedded database.
// Prints, as medians of BENCH_RUNS (default 3) sandbox payments:
// - when the first step is usable: the time its Continue button is on screen (painted) AND a tap on
//   it keeps the customer's choice. A form that posts to the server works from first paint; a form
//   that only the JavaScript drives works once React has hydrated it (its button carries React's
//   props), so that is when it counts as usable;
// - the bytes on the wire (compressed, headers included) until then;
// - a whole sandbox payment, from the address typed to "Payment received", the customer tapping
//   each step as soon as it is usable (a DIRECT gateway, a number the sandbox approves in ~2 s).
// Measures, asserts nothing: the goals (usable at first paint, <= 60 KB before usable, < 8 s for the
// payment) are in bench/README.md.
import os from "node:os";
import { chromium, type CDPSession, type Page } from "@playwright/test";
import { startCheckoutBenchServer } from "./bench-checkout-server";

const PORT = Number(process.env.BENCH_PORT ?? 3251);
const BASE = `http://127.0.0.1:${PORT}`;
const CHROME = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const KBPS = 400;
const LATENCY_MS = 400;

const bench = startCheckoutBenchServer({ port: PORT, tmpPrefix: "pcs-bench-slow-", startTries: 150 });
const { merchant } = bench;

async function newLink(): Promise<string> {
  const res = await fetch(`${BASE}/test/api/v4/payments/link`, {
    method: "POST",
    headers: { authorization: `Bearer ${merchant.sandboxKey}`, "content-type": "application/json" },
    // The customer's number known to the merchant: the page opens on Côte d'Ivoire (preselect-country.ts), before and after alike.
    body: JSON.stringify({ amount: 5000, currency: "XOF", description: "Bench order", customerPhone: "+2250700000444" }),
  });
  return (await res.json()).reference;
}

/**
 * When the first step's Continue button is there and a tap on it would be acted on, in the page's
 * clock (ms since navigation start).
 */
async function waitUsable(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const button = document.querySelector<HTMLButtonElement>("main form button[type=submit]");
      if (!button) return false;
      const form = button.form!;
      const postsToServer = form.method === "post" && !!form.getAttribute("action");
      const hydrated = Object.keys(button).some((key) => key.startsWith("__reactProps"));
      return postsToServer || hydrated ? performance.now() : false;
    },
    null,
    { polling: 20, timeout: 120_000 },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * The bytes on the wire (compressed, headers included) up to a moment: CDP's events arrive after
 * the fact, so each is kept with its own (monotonic) timestamp and counted by it, not by when it
 * reached us. A request finished by then counts whole; one under way counts its headers and chunks.
 */
function wireBytes(cdp: CDPSession) {
  type Request = { headers?: [number, number]; chunks: [number, number][]; finished?: [number, number] };
  const requests = new Map<string, Request>();
  const of = (id: string) => requests.get(id) ?? requests.set(id, { chunks: [] }).get(id)!;
  // The first request's monotonic and wall clocks, to place a page's moment among the events.
  let clocks: { monotonic: number; wall: number } | undefined;
  cdp.on("Network.requestWillBeSent", (e) => (clocks ??= { monotonic: e.timestamp, wall: e.wallTime }));
  cdp.on("Network.responseReceived", (e) => (of(e.requestId).headers = [e.timestamp, e.response.encodedDataLength]));
  cdp.on("Network.dataReceived", (e) => of(e.requestId).chunks.push([e.timestamp, e.encodedDataLength]));
  cdp.on("Network.loadingFinished", (e) => (of(e.requestId).finished = [e.timestamp, e.encodedDataLength]));
  return {
    /** Counts to `wallMs` (epoch ms); call it seconds later, when the events up to then have all arrived. */
    at(wallMs: number): number {
      const moment = clocks!.monotonic + (wallMs / 1000 - clocks!.wall);
      let total = 0;
      for (const r of requests.values()) {
        if (r.finished && r.finished[0] <= moment) total += r.finished[1];
        else total += (r.headers && r.headers[0] <= moment ? r.headers[1] : 0) + r.chunks.filter(([at]) => at <= moment).reduce((sum, [, bytes]) => sum + bytes, 0);
      }
      return total;
    },
  };
}

// phoneMs: the number typed (the phone step on screen); waitingMs: the waiting screen on screen.
type Run = { usableMs: number; fcpMs: number; bytesBeforeUsable: number; phoneMs: number; waitingMs: number; paymentMs: number };

async function oneRun(reference: string): Promise<Run> {
  const browser = await chromium.launch({ executablePath: CHROME, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
  try {
    const context = await browser.newContext({ locale: "fr-FR" });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // Cold cache: a new context starts with an empty one; later pages of the payment use it, as a phone's browser does.
    await cdp.send("Network.enable");
    const bytesPerSecond = (KBPS * 1000) / 8;
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: LATENCY_MS, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond });
    const wire = wireBytes(cdp);

    const started = Date.now();
    await page.goto(`${BASE}/test/pay/${reference}`, { waitUntil: "commit" });
    const buttonAt = await waitUsable(page);
    // Nothing is usable before it is painted: the later of the button and the first paint (which
    // may be recorded after the button is found, hence observed, buffered).
    const fcpMs = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const paint = list.getEntriesByName("first-contentful-paint")[0];
            if (paint) resolve(paint.startTime);
          }).observe({ type: "paint", buffered: true });
          setTimeout(() => resolve(NaN), 5_000);
        }),
    );
    const usableMs = Number.isNaN(fcpMs) ? buttonAt : Math.max(buttonAt, fcpMs);
    const timeOrigin = await page.evaluate(() => performance.timeOrigin);

    // The customer taps on as soon as each step answers.
    const country = page.locator("select#country");
    if (await country.count()) await country.selectOption("CI");
    // Before the country's list is on screen (a server round trip without the scripts), Continue shows it.
    if ((await page.locator("input[name=gateway][value=MTN_MOMO_CI]").count()) === 0) {
      await page.locator("main form button[type=submit]").first().click();
    }
    await page.locator("input[name=gateway][value=MTN_MOMO_CI]").check();
    await page.locator("main form button[type=submit]").first().click();
    await page.locator("input#phone").fill("0700000444");
    const phoneMs = Date.now() - started;
    await page.locator("main form button[type=submit]").first().click();
    await page.locator(".waiting").waitFor({ timeout: 120_000 });
    const waitingMs = Date.now() - started;
    await page.locator(".final-completed").waitFor({ timeout: 120_000 });
    const paymentMs = Date.now() - started;
    const bytesBeforeUsable = wire.at(timeOrigin + usableMs);
    return { usableMs, fcpMs, bytesBeforeUsable, phoneMs, waitingMs, paymentMs };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  await bench.ready();
  // One warm-up payment: the server's first render of each route is slower than any later one.
  await oneRun(await newLink());
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await oneRun(await newLink()));
  const row = {
    fcp: median(runs.map((r) => r.fcpMs)),
    usable: median(runs.map((r) => r.usableMs)),
    bytes: median(runs.map((r) => r.bytesBeforeUsable)),
    payment: median(runs.map((r) => r.paymentMs)),
  };
  const lines = [
    `Checkout at ${KBPS} kbps / ${LATENCY_MS} ms, cold cache (${new Date().toISOString().slice(0, 16)}Z, median of ${RUNS}, ${os.cpus().length} cores):`,
    `- first contentful paint: ${(row.fcp / 1000).toFixed(2)} s`,
    `- first step usable: ${(row.usable / 1000).toFixed(2)} s`,
    `- transferred before usable: ${(row.bytes / 1024).toFixed(1)} KiB`,
    `- whole sandbox payment (DIRECT, approved): ${(row.payment / 1000).toFixed(2)} s`,
    `- runs (usable / KiB before / phone step / waiting screen / paid): ${runs
      .map((r) => [r.usableMs / 1000, r.bytesBeforeUsable / 1024, r.phoneMs / 1000, r.waitingMs / 1000, r.paymentMs / 1000].map((v) => v.toFixed(2)).join(" / "))
      .join("; ")}`,
  ];
  console.log(lines.join("\n"));
} finally {
  bench.stop();
}
