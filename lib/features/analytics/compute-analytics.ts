import { Prisma } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { toMajor } from "@/lib/core/domain/money";
import { formatWholeSeconds } from "@/lib/core/domain/time";
import type { Analytics } from "@/lib/core/schemas/analytics";

type Scope = { merchantId: string; environment: Environment; currency: string; from: Date; to: Date };

/**
 * The merchant's payments in a range as one relation: payment links, and deposits made through
 * the API. A checkout attempt is a deposit too, but its money is its link's: counting it would
 * count the payment twice. Both halves use the (merchantId, environment, currency, createdAt)
 * indexes.
 */
function payments(scope: Scope) {
  const where = Prisma.sql`"merchantId" = ${scope.merchantId} AND "environment" = ${scope.environment}::"Environment"
    AND "currency" = ${scope.currency} AND "createdAt" >= ${scope.from} AND "createdAt" < ${scope.to}`;
  return Prisma.sql`(
    SELECT 'deposit' AS kind, "status"::text AS status, "gatewayName", "amountMinor", "feesMinor", "createdAt"
      FROM "Deposit" WHERE ${where} AND "paymentLinkId" IS NULL
    UNION ALL
    SELECT 'link' AS kind, "status"::text AS status, "gatewayName", "amountMinor", COALESCE("feesMinor", 0) AS "feesMinor", "createdAt"
      FROM "PaymentLink" WHERE ${where}
  ) AS p`;
}

type StatusRow = { kind: string; status: string; count: bigint; volume: bigint; fees: bigint };
type GatewayRow = { gatewayName: string; count: bigint; completed: bigint; volume: bigint; fees: bigint };
type DayRow = { day: string; created: bigint; completed: bigint; volume: bigint };

const ratio = (completed: number, created: number) => (created === 0 ? null : Math.round((completed / created) * 10_000) / 10_000);

/** Counts and volumes by status, gateway and day, fees and conversion: aggregated in SQL. */
export async function computeAnalytics(client: DbClient, scope: Scope): Promise<Analytics> {
  const p = payments(scope);
  // Sequential on purpose: PGlite has a single connection.
  const byStatus = await client.$queryRaw<StatusRow[]>`
    SELECT kind, status, COUNT(*) AS count, COALESCE(SUM("amountMinor"), 0)::bigint AS volume,
           COALESCE(SUM("feesMinor") FILTER (WHERE status = 'completed'), 0)::bigint AS fees
      FROM ${p} GROUP BY kind, status`;
  const byGateway = await client.$queryRaw<GatewayRow[]>`
    SELECT "gatewayName", COUNT(*) AS count, COUNT(*) FILTER (WHERE status = 'completed') AS completed,
           COALESCE(SUM("amountMinor") FILTER (WHERE status = 'completed'), 0)::bigint AS volume,
           COALESCE(SUM("feesMinor") FILTER (WHERE status = 'completed'), 0)::bigint AS fees
      FROM ${p} WHERE "gatewayName" IS NOT NULL GROUP BY "gatewayName" ORDER BY volume DESC, "gatewayName"`;
  const byDay = await client.$queryRaw<DayRow[]>`
    SELECT to_char(date_trunc('day', "createdAt"), 'YYYY-MM-DD') AS day, COUNT(*) AS created,
           COUNT(*) FILTER (WHERE status = 'completed') AS completed,
           COALESCE(SUM("amountMinor") FILTER (WHERE status = 'completed'), 0)::bigint AS volume
      FROM ${p} GROUP BY 1 ORDER BY 1`;

  const money = (minor: bigint) => toMajor(BigInt(minor), scope.currency);
  const kind = (name: "link" | "deposit") => {
    const rows = byStatus.filter((r) => r.kind === name);
    const created = rows.reduce((n, r) => n + Number(r.count), 0);
    const completedRow = rows.find((r) => r.status === "completed");
    const completed = Number(completedRow?.count ?? 0n);
    return {
      created,
      byStatus: Object.fromEntries(rows.map((r) => [r.status, { count: Number(r.count), volume: money(r.volume) }])),
      completedVolume: money(completedRow?.volume ?? 0n),
      feesCollected: money(rows.reduce((n, r) => n + BigInt(r.fees), 0n)),
      conversion: ratio(completed, created),
      completed,
      completedMinor: BigInt(completedRow?.volume ?? 0n),
      feesMinor: rows.reduce((n, r) => n + BigInt(r.fees), 0n),
    };
  };
  const links = kind("link");
  const deposits = kind("deposit");
  const strip = ({ completed: _c, completedMinor: _v, feesMinor: _f, ...figures }: ReturnType<typeof kind>) => figures;
  const created = links.created + deposits.created;
  const completed = links.completed + deposits.completed;
  return {
    currency: scope.currency,
    from: formatWholeSeconds(scope.from),
    to: formatWholeSeconds(scope.to),
    totals: {
      created,
      completed,
      completedVolume: money(links.completedMinor + deposits.completedMinor),
      feesCollected: money(links.feesMinor + deposits.feesMinor),
      conversion: ratio(completed, created),
    },
    links: strip(links),
    deposits: strip(deposits),
    byGateway: byGateway.map((g) => ({
      gatewayName: g.gatewayName,
      count: Number(g.count),
      completed: Number(g.completed),
      completedVolume: money(g.volume),
      feesCollected: money(g.fees),
    })),
    byDay: byDay.map((d) => ({ date: d.day, created: Number(d.created), completed: Number(d.completed), completedVolume: money(d.volume) })),
  };
}
