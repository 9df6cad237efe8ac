// The benchmark's database floor: node:http + pg doing the same SQL a link create and a link
// read do, with no framework, no validation, no auth. Started by scripts/bench.ts.
//   POST /link            insert a payment link row, answer its reference
//   GET  /link/<ref>      read it back
import http from "node:http";
import { randomBytes } from "node:crypto";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.BENCH_POOL ?? 10) });
const merchantId = process.env.BENCH_MERCHANT_ID!;
const port = Number(process.env.PORT);

const INSERT = `INSERT INTO "PaymentLink" (id, reference, "merchantId", environment, status, "amountMinor", currency, description, "createdAt", "expiresAt")
  VALUES ($1, $2, $3, 'sandbox', 'pending', $4, $5, $6, now(), now() + interval '1 day') RETURNING reference, status, "createdAt"`;
const SELECT = `SELECT * FROM "PaymentLink" WHERE reference = $1 AND "merchantId" = $2 AND environment = 'sandbox'`;

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
        const id = randomBytes(12).toString("hex");
        const { rows } = await pool.query(INSERT, [id, `LINK_FLOOR_${id}`, merchantId, Math.round(body.amount * 100), body.currency, body.description]);
        return send(res, 200, rows[0]);
      }
      const match = req.method === "GET" && /^\/link\/([\w-]+)$/.exec(req.url ?? "");
      if (match) {
        const { rows } = await pool.query(SELECT, [match[1], merchantId]);
        return rows[0] ? send(res, 200, rows[0]) : send(res, 404, { error: "not found" });
      }
      send(res, 404, { error: "no route" });
    } catch (error) {
      send(res, 500, { error: (error as Error).message });
    }
  })
  .listen(port, "127.0.0.1");
