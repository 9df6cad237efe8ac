import { getLocale, getTranslations } from "next-intl/server";
import { DevelopersApiKeys } from "@/components/dashboard/developers-api-keys";
import { DevelopersEndpointFigures } from "@/components/dashboard/developers-figures";
import { DevelopersFirstKey } from "@/components/dashboard/developers-first-key";
import { DevelopersDeliveryLog, DevelopersSigningSecret, DevelopersTestEvent } from "@/components/dashboard/developers-webhooks";
import { can, keyScopesFor } from "@/lib/features/auth/member-permissions";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { getDevelopersPage } from "@/lib/surfaces/dashboard/developers-queries";
import { requirePageMember } from "@/lib/surfaces/dashboard/require-member";
import { replayDeliveryAction } from "../links/actions";
import { createFirstKeyAction, createKeyAction, regenerateKeyAction, revokeKeyAction, rotateSecretAction, sendTestEventAction } from "./actions";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("developers");

type Props = { searchParams: Promise<{ cursor?: string }> };

export default async function DevelopersPage({ searchParams }: Props) {
  const { member, scope } = await requirePageMember("/dashboard/developers");
  const [t, f, locale] = await Promise.all([getTranslations("dashboard"), getTranslations("firstSteps"), getLocale()]);
  const { cursor } = await searchParams;
  const { keys, secret, endpoints, log, firstSteps } = await getDevelopersPage(scope, cursor);
  const manageKeys = can(member.role, "keys:manage");
  const manageWebhooks = can(member.role, "webhooks:manage");
  return (
    <>
      <h1>{t("developers.heading")}</h1>
      <p className="dash-docs-links">
        {f("docsIntro")} <a href="/docs">{f("docsLink")}</a>
      </p>
      {firstSteps.noKeyYet && manageKeys ? (
        <DevelopersFirstKey
          create={createFirstKeyAction}
          continueHref={dashboardPath(scope.environment, "/developers")}
          secretNeverShown={firstSteps.secretNeverShown && manageWebhooks}
          environmentName={scope.environment === "sandbox" ? t("env.test") : t("env.live")}
          t={t}
          f={f}
        />
      ) : null}
      {/* grantable: the scopes this member may give a key (a developer: no payouts or refunds), the server's rule (manage-api-keys.ts). */}
      <DevelopersApiKeys
        keys={keys}
        grantable={keyScopesFor(member.role)}
        manage={manageKeys ? { create: createKeyAction, regenerate: regenerateKeyAction, revoke: revokeKeyAction } : null}
        t={t}
        f={f}
        locale={locale}
        timeZone={member.timeZone}
      />
      <DevelopersSigningSecret secret={secret} rotate={manageWebhooks ? rotateSecretAction : null} t={t} f={f} locale={locale} timeZone={member.timeZone} />
      {manageWebhooks ? <DevelopersTestEvent send={sendTestEventAction} t={t} /> : null}
      <DevelopersEndpointFigures endpoints={endpoints} t={t} locale={locale} />
      <DevelopersDeliveryLog log={log} environment={scope.environment} replay={manageWebhooks ? replayDeliveryAction : undefined} t={t} timeZone={member.timeZone} />
    </>
  );
}
