// What the background work costs per item, in figures that hardly depend on the machine's load:
// SQL statements (round trips, BEGIN and COMMIT included) and CPU milliseconds (this process, and
// the PostgreSQL backends serving it) per settled sandbox deposit and per webhook delivery.
// Run by scripts/bench-background.ts after its server phases, with its environment (DATABASE_URL,
// the receiver's certificate and address in NODE_EXTRA_CA_CERTS, WEBHOOK_ALLOWED_PRIVATE_HOSTS,
// COST_CALLBACK_URL, COST_MERCHANT_ID); prints one line of JSON.
//   deposits: COST_DEPOSITS approved sandbox DIRECT deposits whose phone answers at once, each
//   handed to scheduleSandboxAnswer as the deposit endpoint does, until every one is settled;
//   deliveries: COST_DELIVERIES deliveries due at once, worked by runDueWork's webhook part.
import fs from "node:fs";
import { register } from "node:module";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient, type Deposit } from "@prisma/client";
import pg from "pg";
import { ulid } from "ulid";

// Next resolves "server-only" (imported by the live operators' clients) to an empty module; so does
// this hook, registered before lib/ is imported.
const emptyServerOnly = `export async function resolve(specifier, context, next) {
  return specifier === "server-only" ? { url: "data:text/javascript,", shortCircuit: true } : next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(emptyServerOnly)}`);
const { setDb, closeDb } = await import("../lib/core/db/client");
const { sqlOverPg } = await import("../lib/core/db/sql");
const { insertDeposit } = await import("../lib/features/deposits/deposit-sql");
const { scheduleSandboxAnswer } = await import("../lib/features/deposits/schedule-sandbox-answer");
const { runDueWork } = await import("../lib/features/jobs/run-due-work");

const DEPOSITS = Number(process.env.COST_DEPOSITS ?? 1000);
const DELIVERIES = Number(process.env.COST_DELIVERIES ?? 1000);
const callbackUrl = process.env.COST_CALLBACK_URL!;
const merchantId = process.env.COST_MERCHANT_ID!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let statements = 0;
class CountingClient extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query(...args: any[]): any {
    statements++;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return (super.query as any)(...args);
  }
}
// Connections kept open, so the backends measured at the start are the ones doing the work.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, idleTimeoutMillis: 0, Client: CountingClient });
const client = new PrismaClient({ adapter: new PrismaPg(pool) });
setDb(client, () => pool.end(), sqlOverPg(pool));
const observer = new pg.Client({ connectionString: process.env.DATABASE_URL });
await observer.connect();
await Promise.all(Array.from({ length: 10 }, () => pool.query("SELECT pg_sleep(0.05)")));

/** CPU ms of the database's other backends (clock ticks of 10 ms in /proc). */
async function backendCpuMs(): Promise<Map<number, number>> {
  const { rows } = await observer.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // Not on this machine's /proc (a remote database): left out.
    }
  }
  return cpu;
}

async function measure(count: number, work: () => Promise<void>) {
  const db0 = await backendCpuMs();
  const s0 = statements;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await work();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const used = statements - s0;
  const db1 = await backendCpuMs();
  let dbMs = 0;
  for (const [pid, ms] of db1) dbMs += ms - (db0.get(pid) ?? 0);
  return {
    count,
    statementsPerItem: +(used / count).toFixed(2),
    appCpuMsPerItem: +((cpu.user + cpu.system) / 1000 / count).toFixed(2),
    dbCpuMsPerItem: +(dbMs / count).toFixed(2),
    wallMs: Math.round(wallMs),
  };
}

const pendingOf = async (reference: string) =>
  Number((await observer.query(`SELECT count(*) FROM "Deposit" WHERE status = 'pending' AND reference LIKE $1`, [`${reference}%`])).rows[0].count);

// ---- deposits -------------------------------------------------------------------------------
const runId = ulid().slice(-8);
const deposits: Deposit[] = [];
for (let i = 0; i < DEPOSITS; i++) {
  const now = new Date();
  deposits.push(
    await insertDeposit(sqlOverPg(pool), {
      id: `dep_${ulid()}`, reference: `COST${runId}_${i}`, merchantId, environment: "sandbox", flow: "classic", paymentType: "DIRECT",
      gatewayName: "MTN_MOMO_CI", amountMinor: 5000n, feesMinor: 150n, currency: "XOF", country: "CI", customerPhone: "+2250700000444",
      customerEmail: null, customerName: null, callbackUrl, returnUrl: null, metadata: null, redirectUrl: null, otpHash: null,
      otpExpiresAt: null, createdAt: now, expiresAt: new Date(now.getTime() + 600_000), paymentLinkId: null, checkoutTokenHash: null,
      operatorRequestId: null, operatorReference: null, operator: null, nextCheckAt: null, followUntil: null, traceparent: null,
    }),
  );
}
const depositCost = await measure(DEPOSITS, async () => {
  for (const deposit of deposits) scheduleSandboxAnswer(deposit);
  while ((await pendingOf(`COST${runId}_`)) > 0) await sleep(20);
});

// ---- deliveries -----------------------------------------------------------------------------
// The deposits' own deliveries first, so that only the burst below is measured.
while (Number((await observer.query(`SELECT count(*) FROM "WebhookDelivery" WHERE status = 'pending'`)).rows[0].count) > 0) {
  await runDueWork(client, new Date(), { parts: { settle: false, webhooks: true } });
}
const events = Array.from({ length: DELIVERIES }, (_, i) => ({ id: `msg_${ulid()}`, delivery: `whd_${ulid()}`, reference: `COST_${i}` }));
await observer.query(
  `INSERT INTO "WebhookEvent" (id, "merchantId", environment, type, reference, payload, "createdAt")
   SELECT id, $2, 'sandbox', 'deposit.completed', ref, '{"event":"deposit.completed","reference":"' || ref || '"}', now() AT TIME ZONE 'UTC'
   FROM unnest($1::text[], $3::text[]) AS t(id, ref)`,
  [events.map((e) => e.id), merchantId, events.map((e) => e.reference)],
);
await observer.query(
  `INSERT INTO "WebhookDelivery" (id, "eventId", url, status, "nextAttemptAt", "createdAt")
   SELECT d, e, $3, 'pending', now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC' FROM unnest($1::text[], $2::text[]) AS t(d, e)`,
  [events.map((e) => e.delivery), events.map((e) => e.id), callbackUrl],
);
const deliveryCost = await measure(DELIVERIES, async () => {
  for (let pass = 0; pass < 1000; pass++) {
    const report = await runDueWork(client, new Date(Date.now() + 1000), { parts: { settle: false, webhooks: true } });
    if (report.deliveriesAttempted === 0) break;
  }
});
const { rows: [undelivered] } = await observer.query(`SELECT count(*)::int AS n FROM "WebhookDelivery" WHERE status <> 'delivered' AND "eventId" = ANY($1)`, [events.map((e) => e.id)]);

console.log(JSON.stringify({ deposits: depositCost, deliveries: { ...deliveryCost, undelivered: undelivered.n } }));
await observer.end();
await closeDb();
process.exit(0);
