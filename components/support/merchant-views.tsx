"use client";

import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { formatMajor } from "@/lib/core/domain/money";
import { SupportTable, type SupportColumn } from "./support-table";
import { ConfirmAction } from "./confirm-action";
import { QueryFallback } from "./query-fallback";
import { useSupportAction, useSupportQuery } from "./queries";
import { useStaffCan } from "./staff-context";
import { GatewayWord } from "./gateway-word";

type MerchantRow = { id: string; name: string; createdAt: string; links: number; deposits: number };
type Key = { id: string; prefix: string; environment: string; scopes: string[]; createdAt: string; lastUsedAt: string | null; revokedAt: string | null };
type Member = { userId: string; name: string; email: string; role: string; emailVerified: boolean; createdAt: string };
type Volume = { environment: string; currency: string; count: number; amount: number };
type Merchant = {
  id: string;
  name: string;
  keys: Key[];
  gateways: { kind: string; name: string }[];
  members: Member[];
  volume30d: Volume[];
};

export function MerchantsView() {
  const t = useTranslations("support");
  const list = useSupportQuery<{ items: MerchantRow[] }>("/admin/api/merchants");
  if (!list.isSuccess) return <QueryFallback query={list} />;
  const columns: SupportColumn<MerchantRow>[] = [
    { header: t("columns.name"), cell: (m) => <a href={`/admin/merchants/${m.id}`}>{m.name}</a> },
    { header: "ID", cell: (m) => <code>{m.id}</code> },
    { header: t("columns.links"), cell: (m) => m.links, numeric: true },
    { header: t("columns.deposits"), cell: (m) => m.deposits, numeric: true },
    { header: t("columns.created"), cell: (m) => m.createdAt.slice(0, 10) },
  ];
  return (
    <>
      <h1>{t("nav.merchants")}</h1>
      <SupportTable columns={columns} rows={list.data.items} rowKey={(m) => m.id} />
    </>
  );
}

export function MerchantDetailView({ id }: { id: string }) {
  const t = useTranslations("support");
  const locale = useLocale();
  const manageCredentials = useStaffCan("merchants:credentials");
  const verifyEmails = useStaffCan("members:verify-email");
  const [verified, setVerified] = useState<string | null>(null);
  const merchant = useSupportQuery<Merchant>(`/admin/api/merchants/${encodeURIComponent(id)}`);
  const createKey = useSupportAction<string, { key: string }>(() => `/admin/api/merchants/${id}/keys`, (environment) => ({ environment }));
  const revoke = useSupportAction<string, unknown>((keyId) => `/admin/api/keys/${keyId}/revoke`);
  const rotate = useSupportAction<void, { webhookSecret: string }>(() => `/admin/api/merchants/${id}/webhook-secret`);
  if (!merchant.isSuccess) return <QueryFallback query={merchant} />;
  const m = merchant.data;
  const keyColumns: SupportColumn<Key>[] = [
    { cell: (k) => <code>{k.prefix}…</code> },
    { cell: (k) => k.environment },
    { cell: (k) => k.scopes.join(" ") },
    { cell: (k) => k.createdAt.slice(0, 10) },
    { cell: (k) => <>{t("merchant.lastUsed")}: {k.lastUsedAt?.slice(0, 16).replace("T", " ") ?? t("merchant.never")}</> },
    {
      cell: (k) =>
        k.revokedAt ? (
          t("merchant.revoked")
        ) : manageCredentials ? (
          <button type="button" onClick={() => revoke.mutate(k.id)}>
            {t("merchant.revoke")}
          </button>
        ) : null,
    },
  ];
  // A member whose confirmation mail never arrived (a server without SMTP): an admin confirms the
  // address by hand, after checking who asks (audited: member.email_verified).
  const memberColumns: SupportColumn<Member>[] = [
    { header: t("columns.name"), cell: (u) => u.name },
    { header: t("merchant.email"), cell: (u) => u.email },
    { header: t("merchant.role"), cell: (u) => u.role },
    {
      header: t("merchant.emailVerified"),
      cell: (u) =>
        u.emailVerified ? (
          t("merchant.verified")
        ) : verifyEmails ? (
          <ConfirmAction<{ email: string }>
            label={t("merchant.verifyEmail")}
            question={t("merchant.verifyEmailQuestion", { email: u.email })}
            path={`/admin/api/merchants/${id}/members/${u.userId}/verify-email`}
            onDone={(result) => setVerified(result.email)}
          />
        ) : (
          t("merchant.notVerified")
        ),
    },
  ];
  const volumeColumns: SupportColumn<Volume>[] = [
    { cell: (v) => v.environment },
    { cell: (v) => v.currency },
    { cell: (v) => v.count, numeric: true },
    { cell: (v) => formatMajor(v.amount, v.currency, locale), numeric: true },
  ];
  return (
    <>
      <h1>{m.name}</h1>
      <p>
        <code>{m.id}</code>
      </p>
      <h2>{t("merchant.keys")}</h2>
      <SupportTable columns={keyColumns} rows={m.keys} rowKey={(k) => k.id} />
      {!manageCredentials && <p>{t("merchant.adminOnly")}</p>}
      {manageCredentials && (
        <p>
          {(["sandbox", "live"] as const).map((env) => (
            <button key={env} type="button" onClick={() => createKey.mutate(env)}>
              {t("merchant.newKey", { environment: env })}
            </button>
          ))}
        </p>
      )}
      {manageCredentials && (
        <p>
          <button type="button" onClick={() => rotate.mutate()}>
            {t("merchant.rotate")}
          </button>
        </p>
      )}
      {rotate.data && (
        <p role="status">
          {t("merchant.rotated")} <code>{rotate.data.webhookSecret}</code>
        </p>
      )}
      {createKey.data && (
        <p role="status">
          {t("merchant.shownOnce")} <code>{createKey.data.key}</code>
        </p>
      )}
      <h2>{t("merchant.members")}</h2>
      <SupportTable columns={memberColumns} rows={m.members} rowKey={(u) => u.userId} />
      {verified && <p role="status">{t("merchant.emailConfirmed", { email: verified })}</p>}
      <h2>{t("merchant.gateways")}</h2>
      <ul>
        {m.gateways.map((g) => (
          <li key={`${g.name}-${g.kind}`}>
            <GatewayWord name={g.name} /> ({g.kind})
          </li>
        ))}
      </ul>
      <h2>{t("merchant.volume")}</h2>
      <SupportTable columns={volumeColumns} rows={m.volume30d} rowKey={(v) => `${v.environment}-${v.currency}`} />
    </>
  );
}
