"use client";

import { useLocale, useTranslations } from "next-intl";
import type { supportTransferRow } from "@/lib/core/domain/support-rows";
import { formatMinor } from "@/lib/core/domain/money";
import { SupportTable, type SupportColumn } from "./support-table";
import { EnvironmentWord, StatusWord } from "./status-word";
import { GatewayWord } from "./gateway-word";

/** A row as GET /admin/api/transfers sends it (lib/core/domain/support-rows.ts). */
export type TransferRow = ReturnType<typeof supportTransferRow>;

/** Transfers as the support view lists them; money arrives in minor units and is printed exactly. */
export function TransferTable({ rows }: { rows: TransferRow[] }) {
  const t = useTranslations("support.columns");
  const locale = useLocale();
  const columns: SupportColumn<TransferRow>[] = [
    { header: t("reference"), cell: (r) => <a href={`/admin/transfers/${r.reference}`}>{r.reference}</a> },
    { header: t("merchant"), cell: (r) => r.merchant },
    { header: t("environment"), cell: (r) => <EnvironmentWord environment={r.environment} /> },
    { header: t("status"), cell: (r) => <span className={`badge badge-${r.status}`}><StatusWord status={r.status} /></span> },
    { header: t("amount"), cell: (r) => formatMinor(BigInt(r.amountMinor), r.currency, locale), numeric: true },
    { header: t("fees"), cell: (r) => formatMinor(BigInt(r.feesMinor), r.currency, locale), numeric: true },
    { header: t("gateway"), cell: (r) => (
        <>
          <GatewayWord name={r.gatewayName} /> ({r.gatewayType})
        </>
      ),
    },
    { header: t("beneficiary"), cell: (r) => r.beneficiaryPhone },
    { header: t("created"), cell: (r) => r.createdAt.slice(0, 19).replace("T", " ") },
  ];
  return <SupportTable columns={columns} rows={rows} rowKey={(r) => r.id} />;
}
