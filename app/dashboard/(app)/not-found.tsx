import { getTranslations } from "next-intl/server";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { requireMember } from "@/lib/surfaces/dashboard/require-member";

// A dashboard address that leads nowhere (an unknown path, another merchant's or environment's
// link or payment): said in the member's language, inside the dashboard's frame (its layout keeps
// the header and the navigation), with the way back to the home and to the links of this mode.
export default async function DashboardNotFound() {
  const [{ scope }, t] = await Promise.all([requireMember(), getTranslations("dashboard.missingPage")]);
  return (
    <>
      <h1>{t("title")}</h1>
      <p>{t("body")}</p>
      <p className="dash-actions">
        <a className="dash-button dash-button-primary" href={dashboardPath(scope.environment)}>
          {t("home")}
        </a>
        <a className="dash-button" href={dashboardPath(scope.environment, "/links")}>
          {t("links")}
        </a>
      </p>
    </>
  );
}
