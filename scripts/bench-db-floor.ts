// The benchmark's database floor: node:http + pg running the very statements the app's link
// create and link read run (lib/features/links/payment-link-sql.ts), with no framework, no validation,
// no auth. Started by scripts/bench.ts.
//   POST /link            insert a payment link row, answer its reference
//   POST /link/keyed      the same with an Idempotency-Key (header), as plain pg would keep one:
//                         one transaction that claims the key (INSERT ... ON CONFLICT DO NOTHING),
//                         inserts the link and stores the answer on the key (issue 47's floor)
//   GET  /link/<ref>      read it back with its checkout attempts, in the one statement the API's
//                         link read runs (findPaymentLinkWithAttempts; until 2026-11-29 the floor read
//                         the link alone, findPaymentLink, a lighter statement than the app's)
import { createHash, randomUUID } from "node:crypto";
import http from "node:http";
import pg from "pg";
import { sqlOverPg } from "@/lib/core/db/sql";
import { ulid } from "@/lib/core/domain/ulid";
import { findPaymentLinkWithAttempts, insertPaymentLink, newPaymentLinkRow, paymentLinkInsert, type NewPaymentLink } from "@/lib/features/links/payment-link-sql";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.BENCH_POOL ?? 10) });
const sql = sqlOverPg(pool);
const merchantId = process.env.BENCH_MERCHANT_ID!;
const port = Number(process.env.PORT);

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify(body, (_k, v) => (typeof v === "bigint" ? Number(v) : v)));
}

function newLink(body: { amount: number; currency: string; description: string }): NewPaymentLink {
  const now = new Date();
  return {
    id: `pl_${ulid()}`,
    reference: `LINK_TEST_${ulid()}`,
    merchantId,
    environment: "sandbox",
    amountMinor: BigInt(Math.round(body.amount)),
    currency: body.currency,
    description: body.description,
    customerName: null,
    customerEmail: null,
    customerPhone: null,
    callbackUrl: null,
    returnUrl: null,
    metadata: null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + 86_400_000),
  };
}

const answer = (link: ReturnType<typeof newPaymentLinkRow>) => ({ reference: link.reference, status: link.status, createdAt: link.createdAt });

// Prepared once per connection, as the app's direct SQL is (lib/core/db/sql.ts).
const CLAIM = `INSERT INTO "IdempotencyKey" (id, "merchantId", environment, route, key, "requestHash", "createdAt", "expiresAt", "claimToken", "leaseUntil")
  VALUES ($1, $2, 'sandbox', 'floor.link', $3, $4, now(), now() + interval '1 day', $5, now() + interval '3 seconds')
  ON CONFLICT ("merchantId", environment, route, key) DO NOTHING RETURNING id`;
const STORE = `UPDATE "IdempotencyKey" SET "responseStatus" = 200, "responseBody" = $2::jsonb, "recoveryPoint" = 'finished', "claimToken" = NULL, "leaseUntil" = NULL WHERE id = $1`;
const EXISTING = `SELECT "requestHash", "responseStatus", "responseBody" FROM "IdempotencyKey" WHERE "merchantId" = $1 AND environment = 'sandbox' AND route = 'floor.link' AND key = $2`;

/** Claim the key, insert the link, store the answer: one transaction, each statement prepared. */
async function keyedInsert(key: string, requestHash: string, data: NewPaymentLink): Promise<{ status: number; body: unknown }> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const claimed = await client.query({ name: "floor_claim", text: CLAIM, values: [ulid(), merchantId, key, requestHash, randomUUID()] });
    if (claimed.rowCount === 0) {
      await client.query("ROLLBACK");
      const [row] = (await client.query({ name: "floor_existing", text: EXISTING, values: [merchantId, key] })).rows;
      if (row.requestHash !== requestHash) return { status: 422, body: { error: "key reused" } };
      return row.responseStatus === null ? { status: 409, body: { error: "in progress" } } : { status: row.responseStatus, body: row.responseBody };
    }
    const insert = paymentLinkInsert(data);
    await client.query({ name: "floor_insert", text: insert.text, values: insert.params });
    const body = answer(newPaymentLinkRow(data));
    await client.query({ name: "floor_store", text: STORE, values: [claimed.rows[0].id, JSON.stringify(body)] });
    await client.query("COMMIT");
    return { status: 200, body };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

http
  .createServer(async (req, res) => {
    try {
      if (req.method === "POST" && (req.url === "/link" || req.url === "/link/keyed")) {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const text = Buffer.concat(chunks).toString("utf8");
        const data = newLink(JSON.parse(text));
        const key = req.headers["idempotency-key"];
        if (req.url === "/link") {
          const link = await insertPaymentLink(sql, data);
          return send(res, 200, answer(link));
        }
        if (typeof key !== "string") return send(res, 400, { error: "Idempotency-Key missing" });
        const stored = await keyedInsert(key, createHash("sha256").update(text).digest("hex"), data);
        return send(res, stored.status, stored.body);
      }
      const match = req.method === "GET" && /^\/link\/([\w-]+)$/.exec(req.url ?? "");
      if (match) {
        const found = await findPaymentLinkWithAttempts(sql, match[1]);
        return found && found.link.merchantId === merchantId ? send(res, 200, found) : send(res, 404, { error: "not found" });
      }
      send(res, 404, { error: "no route" });
    } catch (error) {
      send(res, 500, { error: (error as Error).message });
    }
  })
  .listen(port, "127.0.0.1");
