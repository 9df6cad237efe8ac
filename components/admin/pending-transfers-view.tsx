"use client";

import { useTranslations } from "next-intl";
import { useAdminAction, useAdminQuery } from "./queries";
import { useStaff } from "./staff-context";

type PendingTransfer = {
  reference: string;
  merchantName: string;
  environment: string;
  gatewayName: string;
  amount: number;
  fees: number;
  currency: string;
  beneficiaryPhone: string;
  beneficiaryName: string | null;
  createdAt: string;
};

/** MANUAL transfers waiting for a decision; admins approve or reject them (audited server-side). */
export function PendingTransfersView({ merchantId }: { merchantId?: string }) {
  const t = useTranslations("admin.transfers");
  const common = useTranslations("admin");
  const staff = useStaff();
  const list = useAdminQuery<{ transfers: PendingTransfer[] }>("/admin/api/transfers", { merchantId });
  const decide = useAdminAction<{ reference: string; decision: "approve" | "reject" }, unknown>(
    ({ reference, decision }) => `/admin/api/transfers/${reference}/${decision}`,
    () => ({}),
  );
  if (list.isPending) return <p>{common("loading")}</p>;
  if (list.isError) return <p role="alert">{common("error", { message: list.error.message })}</p>;
  return (
    <section aria-labelledby="pending-transfers">
      <h2 id="pending-transfers">{t("title")}</h2>
      {list.data.transfers.length === 0 ? (
        <p>{t("none")}</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t("reference")}</th>
              <th scope="col">{t("gateway")}</th>
              <th scope="col">{t("amount")}</th>
              <th scope="col">{t("beneficiary")}</th>
              <th scope="col">{t("created")}</th>
              <th scope="col">{t("actions")}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.transfers.map((tr) => (
              <tr key={tr.reference}>
                <td>
                  <code>{tr.reference}</code>
                </td>
                <td>{tr.gatewayName}</td>
                <td className="num">
                  {tr.amount.toLocaleString()} {tr.currency} (+{tr.fees.toLocaleString()})
                </td>
                <td>
                  {tr.beneficiaryPhone}
                  {tr.beneficiaryName ? ` (${tr.beneficiaryName})` : ""}
                </td>
                <td>{tr.createdAt.slice(0, 16).replace("T", " ")}</td>
                <td>
                  {staff.role === "admin" ? (
                    <>
                      <button type="button" disabled={decide.isPending} onClick={() => decide.mutate({ reference: tr.reference, decision: "approve" })}>
                        {t("approve")}
                      </button>{" "}
                      <button type="button" disabled={decide.isPending} onClick={() => decide.mutate({ reference: tr.reference, decision: "reject" })}>
                        {t("reject")}
                      </button>
                    </>
                  ) : (
                    t("adminOnly")
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {decide.isError && <p role="alert">{common("error", { message: decide.error.message })}</p>}
    </section>
  );
}
