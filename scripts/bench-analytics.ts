// npm run bench:analytics - time GET /api/v4/merchant/analytics for a merchant with 100,000
// payments, on PostgreSQL (DATABASE_URL, e.g. postgresql://postgres@127.0.0.1:5432/bench). Inserts
// generated deposits and links in bulk (SQL generate_series) for a new merchant, calls the route
// handler in process (as the tests do), and prints timings. Measures, does not assert.
import "./load-env";
import { closeDb, db } from "../lib/core/db/client";
import { migrateDatabase } from "../lib/core/db/migrate";
import { seedGatewayCatalog } from "../lib/integrations/gateways/seed-catalog";
import { createMerchant } from "../lib/features/merchants/create-merchant";

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 100_000);
const RUNS = 10;

if (!process.env.DATABASE_URL) {
  console.error("Set DATABASE_URL to a PostgreSQL database: this benchmark measures PostgreSQL, not the embedded one.");
  process.exit(1);
}

await migrateDatabase();
const client = db();
await seedGatewayCatalog(client);
const merchant = await createMerchant(client, { name: `Analytics bench ${new Date().toISOString()}` });

// 3/4 deposits, 1/4 links, spread over the last 365 days; statuses and gateways cycle.
const deposits = Math.round(PAYMENTS * 0.75);
const links = PAYMENTS - deposits;
let started = performance.now();
await client.$executeRawUnsafe(
  `INSERT INTO "Deposit" ("id", "reference", "merchantId", "environment", "flow", "paymentType", "gatewayName", "status",
     "amountMinor", "feesMinor", "currency", "country", "customerPhone", "createdAt", "expiresAt", "completedAt")
   SELECT 'dep_bench_' || $1 || '_' || i, 'DEP_TEST_BENCH' || $1 || '_' || i, $1, 'sandbox', 'classic', 'DIRECT',
     (ARRAY['MTN_MOMO_CI','MOOV_MONEY_CI','WAVE_CI','CARD'])[1 + i % 4],
     (ARRAY['completed','completed','completed','failed','expired','pending'])[1 + i % 6]::"DepositStatus",
     1000 + (i % 97) * 100, 15 + (i % 97) * 2, 'XOF', 'CI', '+2250700000444',
     now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second',
     now() + interval '1 hour', NULL
   FROM generate_series(1, $2) AS i`,
  merchant.id,
  deposits,
);
await client.$executeRawUnsafe(
  `INSERT INTO "PaymentLink" ("id", "reference", "merchantId", "environment", "status", "amountMinor", "currency", "description",
     "feesMinor", "gatewayName", "createdAt", "expiresAt")
   SELECT 'lnk_bench_' || $1 || '_' || i, 'LINK_TEST_BENCH' || $1 || '_' || i, $1, 'sandbox',
     (ARRAY['completed','completed','pending','expired','failed'])[1 + i % 5]::"LinkStatus",
     5000 + (i % 53) * 100, 'XOF', 'Bench order', 75, 'ORANGE_MONEY_CI',
     now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second', now() + interval '1 day'
   FROM generate_series(1, $2) AS i`,
  merchant.id,
  links,
);
await client.$executeRawUnsafe(`ANALYZE "Deposit"; `);
await client.$executeRawUnsafe(`ANALYZE "PaymentLink"; `);
console.log(`Inserted ${deposits} deposits and ${links} links in ${Math.round(performance.now() - started)} ms`);

// The route wrapper's answer, as the API lane takes it (no Response, no HTTP).
const { getAnalytics: { handler } } = await import("../lib/surfaces/api-routes/merchant-api/merchant-analytics");
async function timeRange(label: string, from: string, to: string) {
  const times: number[] = [];
  let body: { totals?: unknown; byDay?: unknown[] } = {};
  for (let i = 0; i < RUNS + 2; i++) {
    // The sandbox's path: the merchant's key is a sandbox key.
    const url = `http://bench.local/test/api/v4/merchant/analytics?currency=XOF&from=${from}&to=${to}`;
    const request = new Request(url, { headers: { authorization: `Bearer ${merchant.sandboxKey}` } });
    started = performance.now();
    const answer = await handler.answer(request, { params: {}, environment: "sandbox" });
    body = JSON.parse(answer.body);
    if (answer.status !== 200) throw new Error(`analytics answered ${answer.status}: ${JSON.stringify(body)}`);
    if (i >= 2) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(
    `${label.padEnd(12)} median ${median.toFixed(1)} ms, min ${times[0].toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (${RUNS} runs); ` +
      `totals ${JSON.stringify(body.totals)}; ${body.byDay?.length} days`,
  );
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
await timeRange("366 days", day(-365), day(0));
await timeRange("30 days", day(-30), day(0));
await timeRange("1 day", day(0), day(0));

// The generated rows are the bench's own merchant's; they stay (a fresh database is expected).
await closeDb();
