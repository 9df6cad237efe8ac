// npm run bench:checkout - weight and speed of the hosted checkout against an empty page of the
// same production build (run `npm run build` first; this builds nothing). Prints a table and
// writes bench/checkout-results.md. Measures, does not assert: targets are in bench/README.md.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { startCheckoutBenchServer } from "./bench-checkout-server";

const PORT = Number(process.env.BENCH_PORT ?? 3250);
const BASE = `http://127.0.0.1:${PORT}`;
const CHROME = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const bench = startCheckoutBenchServer({ port: PORT, tmpPrefix: "pcs-bench-", startTries: 100 });
const { dataDir, merchant } = bench;

async function median(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Server time to first byte, median of 20 sequential requests after 5 warm-ups. */
async function serverTime(url: string) {
  const times: number[] = [];
  for (let i = 0; i < 25; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: { "accept-language": "fr" } });
    await res.text();
    if (i >= 5) times.push(performance.now() - started);
  }
  return median(times);
}

type Weight = { jsBytes: number; jsFiles: number; fonts: number; images: number };

/** What a first visit downloads, as the browser received it (compressed bytes on the wire). */
async function weight(url: string): Promise<Weight> {
  const browser = await chromium.launch({ executablePath: CHROME, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
  const page = await browser.newPage();
  const client = await page.context().newCDPSession(page);
  await client.send("Network.enable");
  const types = new Map<string, string>();
  const result: Weight = { jsBytes: 0, jsFiles: 0, fonts: 0, images: 0 };
  client.on("Network.responseReceived", (e) => types.set(e.requestId, e.type));
  client.on("Network.loadingFinished", (e) => {
    const type = types.get(e.requestId);
    if (type === "Script") {
      result.jsBytes += e.encodedDataLength;
      result.jsFiles += 1;
    }
    if (type === "Font") result.fonts += 1;
    if (type === "Image") result.images += 1;
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await browser.close();
  return result;
}

function lighthouse(url: string) {
  try {
    return runLighthouse(url);
  } catch (error) {
    console.error(`Lighthouse failed for ${url}: ${(error as Error).message.split("\n")[0]}`);
    return { performance: NaN, accessibility: NaN };
  }
}

function runLighthouse(url: string) {
  const out = path.join(dataDir, `lh-${Math.random().toString(36).slice(2)}.json`);
  execFileSync(
    path.join("node_modules", ".bin", "lighthouse"),
    [
      url,
      "--quiet",
      "--only-categories=performance,accessibility",
      "--output=json",
      `--output-path=${out}`,
      "--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking",
    ],
    { env: { ...process.env, CHROME_PATH: CHROME }, stdio: "ignore", timeout: 180_000 },
  );
  const report = JSON.parse(fs.readFileSync(out, "utf8"));
  return { performance: Math.round(report.categories.performance.score * 100), accessibility: Math.round(report.categories.accessibility.score * 100) };
}

try {
  await bench.ready();
  const link = await (
    await fetch(`${BASE}/test/api/v4/payments/link`, {
      method: "POST",
      headers: { authorization: `Bearer ${merchant.sandboxKey}`, "content-type": "application/json" },
      body: JSON.stringify({ amount: 5000, currency: "XOF", description: "Bench order" }),
    })
  ).json();
  const pages = { checkout: `${BASE}/test/pay/${link.reference}`, empty: `${BASE}/bench/empty` };

  const rows = [];
  for (const [name, url] of Object.entries(pages)) {
    const w = await weight(url);
    const ttfb = await serverTime(url);
    const lh = process.env.BENCH_SKIP_LIGHTHOUSE ? { performance: NaN, accessibility: NaN } : lighthouse(url);
    rows.push({ name, ...w, ttfb, ...lh });
  }
  const [checkout, empty] = rows;
  const kib = (b: number) => (b / 1024).toFixed(1);
  const lines = [
    `# Checkout benchmark (${new Date().toISOString().slice(0, 16)}Z, ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ""})`,
    "",
    "| page | first-load JS (compressed) | JS files | fonts | images | server time (median) | Lighthouse mobile perf | a11y |",
    "|---|---|---|---|---|---|---|---|",
    ...rows.map((r) => `| ${r.name} | ${kib(r.jsBytes)} KiB | ${r.jsFiles} | ${r.fonts} | ${r.images} | ${r.ttfb.toFixed(1)} ms | ${r.performance} | ${r.accessibility} |`),
    "",
    `Checkout JS over the empty page: **${kib(checkout.jsBytes - empty.jsBytes)} KiB** (target: at most 30 KiB). ` +
      `Server time ratio: ${(checkout.ttfb / empty.ttfb).toFixed(2)}x. Targets: no web fonts, no image files, performance >= 90, accessibility 100.`,
  ];
  fs.mkdirSync("bench", { recursive: true });
  fs.writeFileSync(path.join("bench", "checkout-results.md"), `${lines.join("\n")}\n`);
  console.log(lines.join("\n"));
} finally {
  bench.stop();
}
