// The benchmark's database floor: node:http + pg running the very statements the app's link
// create and link read run (lib/features/links/payment-link-sql.ts), with no framework, no validation,
// no auth. Started by scripts/bench.ts.
//   POST /link            insert a payment link row, answer its reference
//   GET  /link/<ref>      read it back with its checkout attempts, in the one statement the API's
//                         link read runs (findPaymentLinkWithAttempts; until 2026-11-29 the floor read
//                         the link alone, findPaymentLink, a lighter statement than the app's)
import http from "node:http";
import pg from "pg";
import { sqlOverPg } from "@/lib/core/db/sql";
import { ulid } from "@/lib/core/domain/ulid";
import { findPaymentLinkWithAttempts, insertPaymentLink } from "@/lib/features/links/payment-link-sql";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.BENCH_POOL ?? 10) });
const sql = sqlOverPg(pool);
const merchantId = process.env.BENCH_MERCHANT_ID!;
const port = Number(process.env.PORT);

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify(body, (_k, v) => (typeof v === "bigint" ? Number(v) : v)));
}

http
  .createServer(async (req, res) => {
    try {
      if (req.method === "POST" && req.url === "/link") {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        const now = new Date();
        const link = await insertPaymentLink(sql, {
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
        });
        return send(res, 200, { reference: link.reference, status: link.status, createdAt: link.createdAt });
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
