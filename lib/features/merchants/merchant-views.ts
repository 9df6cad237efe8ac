import type { DbClient } from "@/lib/core/db/client";
import { toMajor } from "@/lib/core/domain/money";
import { notFound } from "@/lib/core/errors/domain-error";
import { countDeadDeliveries } from "@/lib/features/webhooks/webhook-deliveries";

const DAY_MS = 24 * 60 * 60 * 1000;

export async function listMerchants(client: DbClient) {
  const merchants = await client.merchant.findMany({
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, createdAt: true, _count: { select: { paymentLinks: true, deposits: true } } },
  });
  return merchants.map((m) => ({ id: m.id, name: m.name, createdAt: m.createdAt.toISOString(), links: m._count.paymentLinks, deposits: m._count.deposits }));
}

type Volume = { environment: string; currency: string; count: number; amount: number };

/** Completed volume per environment and currency (links and direct deposits, not counted twice). */
export async function completedVolume(client: DbClient, where: { merchantId?: string; since: Date; until?: Date }) {
  const range = { gte: where.since, ...(where.until ? { lt: where.until } : {}) };
  const filter = { ...(where.merchantId ? { merchantId: where.merchantId } : {}), status: "completed" as const, completedAt: range };
  const [links, deposits] = await Promise.all([
    client.paymentLink.groupBy({ by: ["environment", "currency"], where: filter, _count: true, _sum: { amountMinor: true } }),
    // A checkout attempt's money is the link's: count deposits made through the API only.
    client.deposit.groupBy({ by: ["environment", "currency"], where: { ...filter, paymentLinkId: null }, _count: true, _sum: { amountMinor: true } }),
  ]);
  const totals = new Map<string, Volume & { minor: bigint }>();
  for (const row of [...links, ...deposits]) {
    const key = `${row.environment}:${row.currency}`;
    const current = totals.get(key) ?? { environment: row.environment, currency: row.currency, count: 0, amount: 0, minor: 0n };
    current.count += row._count;
    current.minor += row._sum.amountMinor ?? 0n;
    totals.set(key, current);
  }
  return [...totals.values()].map(({ minor, ...v }) => ({ ...v, amount: toMajor(minor, v.currency) }));
}

export async function merchantDetail(client: DbClient, id: string, now = new Date()) {
  const merchant = await client.merchant.findUnique({
    where: { id },
    include: { apiKeys: { orderBy: { createdAt: "desc" } }, gateways: { orderBy: [{ kind: "asc" }, { gatewayName: "asc" }] } },
  });
  if (!merchant) throw notFound("Merchant");
  return {
    id: merchant.id,
    name: merchant.name,
    createdAt: merchant.createdAt.toISOString(),
    keys: merchant.apiKeys.map((k) => ({
      id: k.id,
      prefix: k.prefix,
      environment: k.environment,
      role: k.role,
      scopes: k.scopes,
      createdAt: k.createdAt.toISOString(),
      lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
      revokedAt: k.revokedAt?.toISOString() ?? null,
    })),
    gateways: merchant.gateways.map((g) => ({ kind: g.kind, name: g.gatewayName })),
    // Its people, oldest first, and whether each has confirmed their e-mail (support may confirm it).
    members: (
      await client.member.findMany({ where: { organizationId: id }, orderBy: { createdAt: "asc" }, include: { user: { select: { name: true, email: true, emailVerified: true } } } })
    ).map((m) => ({ userId: m.userId, name: m.user.name, email: m.user.email, role: m.role, emailVerified: m.user.emailVerified, createdAt: m.createdAt.toISOString() })),
    volume30d: await completedVolume(client, { merchantId: id, since: new Date(now.getTime() - 30 * DAY_MS) }),
  };
}

type StatusRow = { environment: string; status: string; currency: string; _count: number; _sum: { amountMinor: bigint | null } };

/**
 * Counts and volumes per environment, status and currency, for links, deposits and transfers,
 * since a moment. Per environment: sandbox money is pretend, and added to live it made the
 * platform's figures meaningless. Live rows first.
 */
async function statusFigures(client: DbClient, since: Date) {
  const where = { createdAt: { gte: since } };
  const by = ["environment", "status", "currency"] as ("environment" | "status" | "currency")[];
  const [links, deposits, transfers] = await Promise.all([
    client.paymentLink.groupBy({ by, where, _count: true, _sum: { amountMinor: true } }),
    client.deposit.groupBy({ by, where, _count: true, _sum: { amountMinor: true } }),
    // Transfers are money going out: their amounts, fees aside (what the beneficiaries get).
    client.transfer.groupBy({ by, where, _count: true, _sum: { amountMinor: true } }),
  ]);
  const order = (e: string) => (e === "live" ? 0 : 1);
  const shape = (rows: StatusRow[]) =>
    rows
      .map((r) => ({ environment: r.environment, status: r.status, currency: r.currency, count: r._count, amount: toMajor(r._sum.amountMinor ?? 0n, r.currency) }))
      .sort((a, b) => order(a.environment) - order(b.environment) || a.status.localeCompare(b.status) || a.currency.localeCompare(b.currency));
  return { links: shape(links), deposits: shape(deposits), transfers: shape(transfers) };
}

export async function overview(client: DbClient, now = new Date()) {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const [day, week, deadWebhooks, pendingActivations] = await Promise.all([
    statusFigures(client, today),
    statusFigures(client, new Date(now.getTime() - 7 * DAY_MS)),
    countDeadDeliveries(client),
    // Merchants waiting for support before they can take live payments.
    client.activationRequest.count({ where: { status: "in_review" } }),
  ]);
  return { today: day, last7Days: week, deadWebhooks, pendingActivations };
}
