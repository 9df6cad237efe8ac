import type { getDevelopersPage } from "@/lib/surfaces/dashboard/developers-queries";
import type { ActionState } from "@/lib/surfaces/dashboard/dashboard-action";
import { KEY_OVERLAPS } from "@/lib/features/api-keys/manage-api-keys";
import { ActionForm } from "./action-form";
import { ConfirmActionForm } from "./confirm-action-form";
import { KeyUsageFields } from "./developers-figures";
import { formatTime } from "./format";
import type { Translator } from "./translator";

type FormAction = (state: ActionState, form: FormData) => Promise<ActionState>;
type ApiKey = Awaited<ReturnType<typeof getDevelopersPage>>["keys"][number];

/** What the Developers page's secrets shown once say around them (a new key, a rotated signing secret). */
export function secretLabels(t: Translator, f: Translator) {
  const copyLabels = { copy: t("copy"), copied: t("copied") };
  return { copyLabels, shownOnce: (title: string) => ({ title, warning: f("notShownAgain"), ...copyLabels }) };
}

/** The actions on keys, for members who may manage them. */
export type KeyActions = { create: FormAction; regenerate: FormAction; revoke: FormAction };

type Props = {
  keys: ApiKey[];
  /** The scopes this member may give a key (keyScopesFor). */
  grantable: string[];
  /** Null for members who may not manage keys: the keys are listed, without forms. */
  manage: KeyActions | null;
  t: Translator;
  /** The firstSteps namespace. */
  f: Translator;
  locale: string;
  timeZone: string;
};

/** The Developers page's API keys: one card per key, and the form for a new one. */
export function DevelopersApiKeys({ keys, grantable, manage, t, f, locale, timeZone }: Props) {
  // A key carrying scopes beyond the member's is not theirs to regenerate, since they would
  // receive it, nor to revoke (a developer cannot cut the owner's payouts): the same rule as the
  // server's (manage-api-keys.ts).
  const mayManage = (key: { scopes: string[] }) => key.scopes.every((s) => grantable.includes(s));
  return (
    <>
      <h2>{t("developers.keys")}</h2>
      <p>{t("developers.keysIntro")}</p>
      {keys.length === 0 ? <p>{t("developers.noKeys")}</p> : null}
      {keys.map((key) => (
        <ApiKeyCard key={key.id} apiKey={key} manage={manage && !key.expiresAt && mayManage(key) ? manage : null} t={t} f={f} locale={locale} timeZone={timeZone} />
      ))}
      {manage ? <NewApiKeyForm create={manage.create} grantable={grantable} t={t} f={f} /> : null}
    </>
  );
}

/** One key: its name, prefix, scopes, maker and use; regenerate and revoke when this member may. */
export function ApiKeyCard({ apiKey: key, manage, t, f, locale, timeZone }: { apiKey: ApiKey; manage: KeyActions | null; t: Translator; f: Translator; locale: string; timeZone: string }) {
  const { copyLabels } = secretLabels(t, f);
  return (
    <section className="dash-card" aria-label={`${key.name ?? ""} ${key.prefix}…`.trim()}>
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
        <dd>{formatTime(key.createdAt, locale, timeZone)}</dd>
        <dt>{t("developers.madeBy")}</dt>
        <dd>{key.madeBy ? `${key.madeBy.name || key.madeBy.email} (${key.madeBy.email})` : t("developers.makerUnknown")}</dd>
        <dt>{t("developers.lastUsed")}</dt>
        <dd>{key.lastUsedAt ? formatTime(key.lastUsedAt, locale, timeZone) : t("developers.never")}</dd>
        <KeyUsageFields usage={key.usage} t={t} locale={locale} />
        {key.expiresAt ? (
          <>
            <dt>{t("developers.expires")}</dt>
            <dd>{formatTime(key.expiresAt, locale, timeZone)}</dd>
          </>
        ) : null}
      </dl>
      {manage ? (
        <div className="dash-actions">
          <ActionForm action={manage.regenerate} submitLabel={t("developers.regenerate")} secretLabel={t("developers.keyShownOnce")} copyLabels={copyLabels} className="dash-form dash-inline">
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
            action={manage.revoke}
            labels={{ open: t("developers.revoke"), question: f("revokeKeyQuestion", { key: `${key.prefix}…` }), confirm: f("revokeKeyConfirm"), cancel: f("cancel") }}
          >
            <input type="hidden" name="keyId" value={key.id} />
          </ConfirmActionForm>
        </div>
      ) : null}
    </section>
  );
}

/** A new key: its name and the scopes it carries, all of the member's ticked. */
export function NewApiKeyForm({ create, grantable, t, f }: { create: FormAction; grantable: string[]; t: Translator; f: Translator }) {
  const { copyLabels } = secretLabels(t, f);
  return (
    <section className="dash-card" aria-labelledby="new-key">
      <h3 id="new-key">{t("developers.newKey")}</h3>
      <ActionForm action={create} submitLabel={t("developers.create")} secretLabel={t("developers.keyShownOnce")} copyLabels={copyLabels}>
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
  );
}
