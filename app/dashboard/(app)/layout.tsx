import type { ReactNode } from "react";
import { getLocale, getTranslations } from "next-intl/server";
import { DashboardLocaleSwitch } from "@/components/dashboard/dashboard-locale-switch";
import { DashboardNav } from "@/components/dashboard/dashboard-nav";
import { EnvironmentToggle } from "@/components/dashboard/environment-toggle";
import { MerchantSwitcher } from "@/components/dashboard/merchant-switcher";
import { NoticeArea } from "@/components/dashboard/notices";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { getDashboardFrame } from "@/lib/surfaces/dashboard/layout-queries";
import { requireMember } from "@/lib/surfaces/dashboard/require-member";
import { signOutAction } from "../(auth)/actions";
import { switchMerchantAction } from "./switch-merchant-action";
import "../dashboard.css";
import { sectionTitle } from "@/components/page-title";

export const generateMetadata = sectionTitle("dashboard");

// Every dashboard page needs a signed-in member (else the sign-in page); /test/dashboard is the
// sandbox, shown with a banner, and the switch beside the merchant's name changes environment.
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const { member, scope } = await requireMember();
  const [t, ta, f, tp, locale, { memberships, liveActivated }] = await Promise.all([
    getTranslations("dashboard"),
    getTranslations("activation"),
    getTranslations("firstSteps"),
    getTranslations("dashboardPages"),
    getLocale(),
    getDashboardFrame(member),
  ]);
  const path = (p: string) => dashboardPath(scope.environment, p);
  const items = [
    { segment: null, href: path(""), label: t("nav.home") },
    { segment: "links", href: path("/links"), label: t("nav.links") },
    { segment: "pages", href: path("/pages"), label: tp("nav") },
    { segment: "deposits", href: path("/deposits"), label: t("nav.deposits") },
    { segment: "balance", href: path("/balance"), label: t("nav.balance") },
    { segment: "analytics", href: path("/analytics"), label: t("nav.analytics") },
    { segment: "developers", href: path("/developers"), label: t("nav.developers") },
    { segment: "settings", href: path("/settings"), label: t("nav.settings") },
    // Until live payments are on, the way to ask for them is always one tap away.
    ...(liveActivated ? [] : [{ segment: "activation", href: path("/activation"), label: ta("nav") }]),
    // The API reference and guides, outside the dashboard (no segment of its own).
    { segment: "/docs", href: "/docs", label: f("docsNav") },
  ];
  return (
    <>
      <a href="#dash-main" className="dash-skip">
        {t("skip")}
      </a>
      <header>
        {scope.environment === "sandbox" ? <p className="dash-test-banner">{t("env.testBanner")}</p> : null}
        {/* Live mode before activation: say why nothing live works, and where to go. */}
        {scope.environment === "live" && !liveActivated ? (
          <p className="dash-test-banner dash-live-off">
            {ta("liveOff")} <a href="/dashboard/activation">{ta("liveOffActivate")}</a> · <a href="/test/dashboard">{ta("liveOffTest")}</a>
          </p>
        ) : null}
        <div className="dash-header">
          <strong>{member.merchantName}</strong>
          <span className="dash-who">{t("signedInAs", { name: member.name, role: t(`roles.${member.role}`) })}</span>
          <div className="dash-header-end">
            <span className="visually-hidden">{t("env.current", { environment: scope.environment === "sandbox" ? t("env.test") : t("env.live") })}</span>
            {memberships.length > 1 ? (
              <MerchantSwitcher
                merchants={memberships}
                current={member.merchantId}
                home={path("")}
                action={switchMerchantAction}
                labels={{ label: t("switcher.label"), submit: t("switcher.submit") }}
              />
            ) : null}
            <EnvironmentToggle environment={scope.environment} labels={{ toLive: t("env.toLive"), toTest: t("env.toTest") }} />
            {/* The server action ends the session and goes to sign-in (better-auth's own route answers JSON). */}
            <form action={signOutAction}>
              <button type="submit">{t("signOut")}</button>
            </form>
          </div>
        </div>
      </header>
      <DashboardNav base={path("")} label={t("nav.label")} items={items} />
      <main id="dash-main" className="dash-main">
        <NoticeArea dismissLabel={f("dismiss")}>{children}</NoticeArea>
      </main>
      <footer>
        <DashboardLocaleSwitch fallback={path("")} current={locale} label={t("language")} />
      </footer>
    </>
  );
}
