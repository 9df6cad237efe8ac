import { getLocale, getTranslations } from "next-intl/server";
import { formatTime } from "@/components/dashboard/format";
import { can } from "@/lib/features/auth/member-permissions";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { getHomeOverview } from "@/lib/surfaces/dashboard/home-queries";
import { requirePageMember } from "@/lib/surfaces/dashboard/require-member";
import { formatMinor } from "@/lib/core/domain/money";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("home");

type Props = { searchParams: Promise<{ refused?: string }> };

export default async function DashboardHomePage({ searchParams }: Props) {
  const { member, scope } = await requirePageMember("/dashboard");
  const [t, locale, { refused }] = await Promise.all([getTranslations("dashboard"), getLocale(), searchParams]);
  const { page, balances } = await getHomeOverview(scope);
  const recent = page.items.slice(0, 5);
  return (
    <>
      <h1>{t("home.heading", { merchant: member.merchantName })}</h1>
      {/* Sent here from a page the member's role may not open (requirePageMember). */}
      {refused ? (
        <p role="alert" className="dash-error">
          {t("forbidden")}
        </p>
      ) : null}
      {can(member.role, "links:create") ? (
        <p className="dash-actions">
          <a className="dash-button dash-button-primary" href={dashboardPath(scope.environment, "/links/new")}>
            {t("home.newLink")}
          </a>
        </p>
      ) : null}
      {balances.length > 0 ? (
        <section aria-labelledby="home-balances">
          <h2 id="home-balances">{t("home.balances")}</h2>
          <div className="dash-balances">
            {balances.map((b) => (
              <p key={b.currency} className="dash-card">
                <a href={dashboardPath(scope.environment, "/balance")} className="dash-big">
                  {formatMinor(b.availableMinor, b.currency, locale)}
                </a>
                <br />
                {t("balance.available")}
              </p>
            ))}
          </div>
        </section>
      ) : null}
      <h2>{t("home.recentLinks")}</h2>
      {recent.length === 0 ? (
        <p>{t("home.none")}</p>
      ) : (
        <ul className="dash-timeline dash-card">
          {recent.map((link) => (
            <li key={link.id}>
              <time dateTime={link.createdAt.toISOString()}>{formatTime(link.createdAt, locale, member.timeZone)}</time>
              <a href={dashboardPath(scope.environment, `/links/${link.reference}`)}>{link.description}</a> · {formatMinor(link.amountMinor, link.currency, locale)} ·{" "}
              <span className={`badge badge-${link.status}`}>{t(`status.${link.status}`)}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
