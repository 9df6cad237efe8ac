import type { PrismaClient } from "@prisma/client";
import { DEPOSIT_GATEWAYS, WITHDRAWAL_GATEWAYS } from "./catalog";

/** Brings the database's gateway catalog in line with catalog.ts; safe to run on every start. */
export async function seedGatewayCatalog(client: PrismaClient) {
  const rows = [
    ...DEPOSIT_GATEWAYS.map((g, i) => ({ ...g, kind: "deposit" as const, sortOrder: i })),
    ...WITHDRAWAL_GATEWAYS.map((g, i) => ({ ...g, kind: "withdrawal" as const, provider: null, sortOrder: i })),
  ];
  await client.$transaction(
    rows.map(({ feeFixed, ...row }) => {
      const data = { ...row, feeFixed: feeFixed ?? {} };
      return client.gateway.upsert({ where: { kind_name: { kind: row.kind, name: row.name } }, create: data, update: data });
    }),
  );
}
