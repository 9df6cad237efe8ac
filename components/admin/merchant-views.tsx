"use client";

import { useTranslations } from "next-intl";
import { QueryFallback } from "./query-fallback";
import { useAdminAction, useAdminQuery } from "./queries";
import { useStaff } from "./staff-context";

type MerchantRow = { id: string; name: string; createdAt: string; links: number; deposits: number };
type Key = { id: string; prefix: string; environment: string; scopes: string[]; createdAt: string; lastUsedAt: string | null; revokedAt: string | null };
type Merchant = {
  id: string;
  name: string;
  keys: Key[];
  gateways: { kind: string; name: string }[];
  volume30d: { environment: string; currency: string; count: number; amount: number }[];
};

export function MerchantsView() {
  const t = useTranslations("admin");
  const list = useAdminQuery<{ items: MerchantRow[] }>("/admin/api/merchants");
  if (!list.isSuccess) return <QueryFallback query={list} />;
  return (
    <>
      <h1>{t("nav.merchants")}</h1>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">{t("columns.name")}</th>
            <th scope="col">ID</th>
            <th scope="col">{t("columns.links")}</th>
            <th scope="col">{t("columns.deposits")}</th>
            <th scope="col">{t("columns.created")}</th>
          </tr>
        </thead>
        <tbody>
          {list.data.items.map((m) => (
            <tr key={m.id}>
              <td>
                <a href={`/admin/merchants/${m.id}`}>{m.name}</a>
              </td>
              <td>
                <code>{m.id}</code>
              </td>
              <td className="num">{m.links}</td>
              <td className="num">{m.deposits}</td>
              <td>{m.createdAt.slice(0, 10)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function MerchantDetailView({ id }: { id: string }) {
  const t = useTranslations("admin");
  const staff = useStaff();
  const merchant = useAdminQuery<Merchant>(`/admin/api/merchants/${id}`);
  const createKey = useAdminAction<string, { key: string }>(() => `/admin/api/merchants/${id}/keys`, (environment) => ({ environment }));
  const revoke = useAdminAction<string, unknown>((keyId) => `/admin/api/keys/${keyId}/revoke`);
  const rotate = useAdminAction<void, { webhookSecret: string }>(() => `/admin/api/merchants/${id}/webhook-secret`);
  if (!merchant.isSuccess) return <QueryFallback query={merchant} />;
  const m = merchant.data;
  return (
    <>
      <h1>{m.name}</h1>
      <p>
        <code>{m.id}</code>
      </p>
      <h2>{t("merchant.keys")}</h2>
      <table className="admin-table">
        <tbody>
          {m.keys.map((k) => (
            <tr key={k.id}>
              <td>
                <code>{k.prefix}…</code>
              </td>
              <td>{k.environment}</td>
              <td>{k.scopes.join(" ")}</td>
              <td>{k.createdAt.slice(0, 10)}</td>
              <td>
                {t("merchant.lastUsed")}: {k.lastUsedAt?.slice(0, 16).replace("T", " ") ?? t("merchant.never")}
              </td>
              <td>
                {k.revokedAt ? (
                  t("merchant.revoked")
                ) : staff.role === "admin" ? (
                  <button type="button" onClick={() => revoke.mutate(k.id)}>
                    {t("merchant.revoke")}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {staff.role === "admin" && (
        <p>
          {(["sandbox", "live"] as const).map((env) => (
            <button key={env} type="button" onClick={() => createKey.mutate(env)}>
              {t("merchant.newKey", { environment: env })}
            </button>
          ))}
        </p>
      )}
      {staff.role === "admin" && (
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
      <h2>{t("merchant.gateways")}</h2>
      <p>{m.gateways.map((g) => `${g.name} (${g.kind})`).join(", ")}</p>
      <h2>{t("merchant.volume")}</h2>
      <table className="admin-table">
        <tbody>
          {m.volume30d.map((v) => (
            <tr key={`${v.environment}-${v.currency}`}>
              <td>{v.environment}</td>
              <td>{v.currency}</td>
              <td className="num">{v.count}</td>
              <td className="num">{v.amount.toLocaleString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
