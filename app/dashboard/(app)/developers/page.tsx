import { getLocale, getTranslations } from "next-intl/server";
import { ActionForm } from "@/components/dashboard/action-form";
import { ConfirmActionForm } from "@/components/dashboard/confirm-action-form";
import { FirstKeyForm } from "@/components/dashboard/first-key-form";
import { DeliveryLog } from "@/components/dashboard/delivery-log";
import { formatTime } from "@/components/dashboard/format";
import { can, keyScopesFor } from "@/lib/features/auth/member-permissions";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { getDevelopersPage } from "@/lib/surfaces/dashboard/developers-queries";
import { KEY_OVERLAPS } from "@/lib/features/api-keys/manage-api-keys";
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
  const { keys, secret, log, firstSteps } = await getDevelopersPage(scope, cursor);
  const manageKeys = can(member.role, "keys:manage");
  // The scopes this member may give a key (a developer: no payouts or refunds); a key carrying
  // others is not theirs to regenerate, since they would receive it, nor to revoke (a developer
  // cannot cut the owner's payouts): the same rule as the server's (manage-api-keys.ts).
  const grantable: string[] = keyScopesFor(member.role);
  const mayManage = (key: { scopes: string[] }) => key.scopes.every((s) => grantable.includes(s));
  const manageWebhooks = can(member.role, "webhooks:manage");
  const copyLabels = { copy: t("copy"), copied: t("copied") };
  const shownOnce = (title: string) => ({ title, warning: f("notShownAgain"), ...copyLabels });
  const environmentName = scope.environment === "sandbox" ? t("env.test") : t("env.live");
  return (
    <>
      <h1>{t("developers.heading")}</h1>
      <p className="dash-docs-links">
        {f("docsIntro")} <a href="/docs">{f("docsLink")}</a>
      </p>
      {firstSteps.noKeyYet && manageKeys ? (
        <section className="dash-card dash-first-steps" aria-labelledby="first-key">
          <h2 id="first-key">{f("firstKeyHeading")}</h2>
          <p>{f("firstKeyIntro", { environment: environmentName })}</p>
          {firstSteps.secretNeverShown && manageWebhooks ? <p>{f("firstKeySecret")}</p> : null}
          <FirstKeyForm
            action={createFirstKeyAction}
            continueHref={dashboardPath(scope.environment, "/developers")}
            labels={{
              name: t("developers.name"),
              defaultName: f("firstKeyName"),
              submit: f("firstKeySubmit"),
              done: f("firstKeyDone"),
              continue: f("firstKeyContinue"),
              key: shownOnce(f("keyTitle", { environment: environmentName })),
              secret: shownOnce(f("secretTitle")),
            }}
          />
        </section>
      ) : null}
      <h2>{t("developers.keys")}</h2>
      <p>{t("developers.keysIntro")}</p>
      {keys.length === 0 ? <p>{t("developers.noKeys")}</p> : null}
      {keys.map((key) => (
        <section key={key.id} className="dash-card" aria-label={`${key.name ?? ""} ${key.prefix}…`.trim()}>
          <dl className="dash-fields">
            <dt>{t("developers.name")}</dt>
            <dd>{key.name ?? "—"}</dd>
            <dt>{t("developers.prefix")}</dt>
            <dd>
              <code>{key.prefix}…</code>
            </dd>
            <dt>{t("developers.scopes")}</dt>
            <dd>{key.scopes.join(", ")}</dd>
            <dt>{t("developers.created")}</dt>
            <dd>{formatTime(key.createdAt, locale)}</dd>
            <dt>{t("developers.madeBy")}</dt>
            <dd>{key.madeBy ? `${key.madeBy.name || key.madeBy.email} (${key.madeBy.email})` : t("developers.makerUnknown")}</dd>
            <dt>{t("developers.lastUsed")}</dt>
            <dd>{key.lastUsedAt ? formatTime(key.lastUsedAt, locale) : t("developers.never")}</dd>
            {key.expiresAt ? (
              <>
                <dt>{t("developers.expires")}</dt>
                <dd>{formatTime(key.expiresAt, locale)}</dd>
              </>
            ) : null}
          </dl>
          {manageKeys && !key.expiresAt && mayManage(key) ? (
            <div className="dash-actions">
              <ActionForm action={regenerateKeyAction} submitLabel={t("developers.regenerate")} secretLabel={t("developers.keyShownOnce")} copyLabels={copyLabels} className="dash-form dash-inline">
                <input type="hidden" name="keyId" value={key.id} />
                <label>
                  {t("developers.overlap")}
                  <select name="overlap" defaultValue="86400">
                    {KEY_OVERLAPS.map((s) => (
                      <option key={s} value={s}>
                        {t(`developers.overlaps.${s}`)}
                      </option>
                    ))}
                  </select>
                </label>
              </ActionForm>
              <ConfirmActionForm
                action={revokeKeyAction}
                labels={{ open: t("developers.revoke"), question: f("revokeKeyQuestion", { key: `${key.prefix}…` }), confirm: f("revokeKeyConfirm"), cancel: f("cancel") }}
              >
                <input type="hidden" name="keyId" value={key.id} />
              </ConfirmActionForm>
            </div>
          ) : null}
        </section>
      ))}
      {manageKeys ? (
        <section className="dash-card" aria-labelledby="new-key">
          <h3 id="new-key">{t("developers.newKey")}</h3>
          <ActionForm action={createKeyAction} submitLabel={t("developers.create")} secretLabel={t("developers.keyShownOnce")} copyLabels={copyLabels}>
            <label>
              {t("developers.name")}
              <input name="name" required maxLength={60} />
            </label>
            <fieldset>
              <legend>{t("developers.scopes")}</legend>
              {grantable.map((s) => (
                <label key={s}>
                  <input type="checkbox" name="scopes" value={s} defaultChecked />
                  {s}
                </label>
              ))}
            </fieldset>
          </ActionForm>
        </section>
      ) : null}

      <h2>{t("developers.secret")}</h2>
      <section className="dash-card" aria-label={t("developers.secret")}>
        <p>{t("developers.secretIntro")}</p>
        {secret.previousSecretValidUntil ? <p>{t("developers.previousUntil", { time: formatTime(secret.previousSecretValidUntil, locale) })}</p> : null}
        {manageWebhooks ? (
          <ConfirmActionForm
            action={rotateSecretAction}
            labels={{ open: t("developers.rotate"), question: f("rotateQuestion"), confirm: f("rotateConfirm"), cancel: f("cancel") }}
            secretLabels={shownOnce(t("developers.secretShownOnce"))}
          />
        ) : null}
      </section>

      {manageWebhooks ? (
        <>
          <h2>{t("developers.testEvent")}</h2>
          <section className="dash-card" aria-label={t("developers.testEvent")}>
            <ActionForm action={sendTestEventAction} submitLabel={t("developers.send")}>
              <label>
                {t("developers.testUrl")}
                <input name="url" type="url" required placeholder="https://example.com/webhooks" />
              </label>
            </ActionForm>
          </section>
        </>
      ) : null}

      <h2>{t("developers.log")}</h2>
      <p>
        <a href={dashboardPath(scope.environment, "/developers/events")}>{t("events.viewAll")}</a>
      </p>
      {log.items.length === 0 ? <p>{t("developers.noDeliveries")}</p> : null}
      <DeliveryLog deliveries={log.items} replay={manageWebhooks ? replayDeliveryAction : undefined} />
      {log.nextCursor ? (
        <p className="dash-pager">
          <a href={`${dashboardPath(scope.environment, "/developers")}?cursor=${encodeURIComponent(log.nextCursor)}`}>{t("list.next")}</a>
        </p>
      ) : null}
    </>
  );
}
