import type { Metadata } from "next";
import { connection } from "next/server";
import { getLocale, getTranslations } from "next-intl/server";
import { LocaleSwitch } from "@/components/locale-switch";
import { readGatewayAvailability } from "@/lib/features/monitoring/gateway-availability";
import { DEPOSIT_GATEWAYS } from "@/lib/integrations/gateways/catalog";
import "../pay/[reference]/checkout.css";

// The operators' status page (issue 48): each live gateway's state for payments and withdrawals,
// from our own calls of the last minutes (lib/features/monitoring). Public, drawn by the server,
// no JavaScript; the same figures as GET /public/gateways/availability.

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("status");
  return { title: t("title") };
}

export default async function StatusPage() {
  await connection();
  const [gateways, t, locale] = await Promise.all([readGatewayAvailability(), getTranslations("status"), getLocale()]);
  const regionNames = new Intl.DisplayNames([locale], { type: "region" });
  const rows = gateways.map((g) => {
    const entry = DEPOSIT_GATEWAYS.find((d) => d.name === g.gateway);
    const country = entry?.allowedCountries[0];
    return { ...g, label: `${entry?.provider ?? g.gateway}${country ? ` · ${regionNames.of(country) ?? country}` : ""}` };
  });
  rows.sort((a, b) => a.label.localeCompare(b.label, locale));
  return (
    <main className="checkout">
      <LocaleSwitch redirect="/status" />
      <h1>{t("title")}</h1>
      <p className="hint">{t("about", { minutes: 15 })}</p>
      {rows.length === 0 ? (
        <p>{t("none")}</p>
      ) : (
        <table className="status-table">
          <thead>
            <tr>
              <th scope="col">{t("gateway")}</th>
              <th scope="col">{t("deposit")}</th>
              <th scope="col">{t("withdrawal")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((g) => (
              <tr key={g.gateway}>
                <th scope="row">{g.label}</th>
                {([g.operations.deposit, g.operations.payout] as const).map((operation, i) => (
                  <td key={i} className={`status-${operation.state}`}>
                    {t(`states.${operation.state}`)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
