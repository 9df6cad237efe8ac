import type { ComponentProps } from "react";
import type { getDevelopersPage } from "@/lib/surfaces/dashboard/developers-queries";
import type { ActionState } from "@/lib/surfaces/dashboard/dashboard-action";
import type { Environment } from "@/lib/core/domain/environment";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { ActionForm } from "./action-form";
import { ConfirmActionForm } from "./confirm-action-form";
import { DeliveryLog } from "./delivery-log";
import { secretLabels } from "./developers-api-keys";
import { formatTime } from "./format";
import type { Translator } from "./translator";

type DevelopersPage = Awaited<ReturnType<typeof getDevelopersPage>>;
type FormAction = (state: ActionState, form: FormData) => Promise<ActionState>;

/** The webhook signing secret: until when the previous one still signs, and its rotation for members who may. */
export function DevelopersSigningSecret({ secret, rotate, t, f, locale, timeZone }: { secret: DevelopersPage["secret"]; rotate: FormAction | null; t: Translator; f: Translator; locale: string; timeZone: string }) {
  const { shownOnce } = secretLabels(t, f);
  return (
    <>
      <h2>{t("developers.secret")}</h2>
      <section className="dash-card" aria-label={t("developers.secret")}>
        <p>{t("developers.secretIntro")}</p>
        {secret.previousSecretValidUntil ? <p>{t("developers.previousUntil", { time: formatTime(secret.previousSecretValidUntil, locale, timeZone) })}</p> : null}
        {rotate ? (
          <ConfirmActionForm
            action={rotate}
            labels={{ open: t("developers.rotate"), question: f("rotateQuestion"), confirm: f("rotateConfirm"), cancel: f("cancel") }}
            secretLabels={shownOnce(t("developers.secretShownOnce"))}
          />
        ) : null}
      </section>
    </>
  );
}

/** A test event sent to an address the member gives. */
export function DevelopersTestEvent({ send, t }: { send: FormAction; t: Translator }) {
  return (
    <>
      <h2>{t("developers.testEvent")}</h2>
      <section className="dash-card" aria-label={t("developers.testEvent")}>
        <ActionForm action={send} submitLabel={t("developers.send")}>
          <label>
            {t("developers.testUrl")}
            <input name="url" type="url" required placeholder="https://example.com/webhooks" />
          </label>
        </ActionForm>
      </section>
    </>
  );
}

type LogProps = {
  log: DevelopersPage["log"];
  environment: Environment;
  replay: ComponentProps<typeof DeliveryLog>["replay"];
  t: Translator;
  timeZone: string;
};

/** The latest webhook deliveries, a page at a time, and the way to every event. */
export function DevelopersDeliveryLog({ log, environment, replay, t, timeZone }: LogProps) {
  return (
    <>
      <h2>{t("developers.log")}</h2>
      <p>
        <a href={dashboardPath(environment, "/developers/events")}>{t("events.viewAll")}</a>
      </p>
      {log.items.length === 0 ? <p>{t("developers.noDeliveries")}</p> : null}
      <DeliveryLog deliveries={log.items} replay={replay} timeZone={timeZone} />
      {log.nextCursor ? (
        <p className="dash-pager">
          <a href={`${dashboardPath(environment, "/developers")}?cursor=${encodeURIComponent(log.nextCursor)}`}>{t("list.next")}</a>
        </p>
      ) : null}
    </>
  );
}
