// npm run bench:checkout-slow - the hosted checkout on a slow phone's network (issue 35, part 1):
// 400 kbps down and up, 400 ms of latency, a cold cache (a new browser context, cache off). Uses
// the production build (`npm run build` first; this builds nothing) on the embedded database.
// Prints, as medians of BENCH_RUNS (default 3) sandbox payments:
// - when the first step is usable: the time its Continue button is on screen AND a tap on it
//   keeps the customer's choice. A form that posts to the server works from first paint; a form
//   that only the JavaScript drives works once React has hydrated it (its button carries React's
//   props), so that is when it counts as usable;
// - the bytes on the wire (compressed, headers included) until then;
// - a whole sandbox payment, from the address typed to "Payment received", the customer tapping
//   each step as soon as it is usable (a DIRECT gateway, a number the sandbox approves in ~2 s).
// Measures, asserts nothing: the goals (usable at first paint, <= 60 KB before usable, < 8 s for the
// payment) are in bench/README.md.
import os from "node:os";
import { chromium, type Page } from "@playwright/test";
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

/** The first step's Continue button is there and a tap on it now would be acted on. */
async function waitUsable(page: Page) {
  await page.waitForFunction(
    () => {
      const button = document.querySelector<HTMLButtonElement>("main form button[type=submit]");
      if (!button) return false;
      const form = button.form!;
      const postsToServer = form.method === "post" && !!form.getAttribute("action");
      const hydrated = Object.keys(button).some((key) => key.startsWith("__reactProps"));
      return postsToServer || hydrated;
    },
    null,
    { polling: 20, timeout: 120_000 },
  );
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
    // Bytes as they arrive: finished responses count whole (headers included), others by their chunks so far.
    const finished = new Map<string, number>();
    const partial = new Map<string, number>();
    cdp.on("Network.dataReceived", (e) => partial.set(e.requestId, (partial.get(e.requestId) ?? 0) + e.encodedDataLength));
    cdp.on("Network.loadingFinished", (e) => finished.set(e.requestId, e.encodedDataLength));
    const bytesSoFar = () => {
      let total = 0;
      for (const [id, bytes] of partial) if (!finished.has(id)) total += bytes;
      for (const bytes of finished.values()) total += bytes;
      return total;
    };

    const started = Date.now();
    await page.goto(`${BASE}/test/pay/${reference}`, { waitUntil: "commit" });
    await waitUsable(page);
    const usableMs = Date.now() - started;
    const bytesBeforeUsable = bytesSoFar();
    // The paint entry may be recorded after the button is found: observed, buffered, rather than read once.
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
