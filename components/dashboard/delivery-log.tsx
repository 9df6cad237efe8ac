import { getLocale, getTranslations } from "next-intl/server";
import type { DeliveryJson } from "@/lib/features/webhooks/list-deliveries";
import { ActionForm } from "./action-form";
import { formatTime } from "./format";
import type { ActionState } from "@/lib/surfaces/dashboard/dashboard-action";

type Props = {
  deliveries: DeliveryJson[];
  /** Absent for members who may not replay (viewers). */
  replay?: (state: ActionState, form: FormData) => Promise<ActionState>;
  headingLevel?: "h2" | "h3";
  timeZone: string;
};

/** Each delivery with every attempt's time, HTTP status and response excerpt, and a replay button. */
export async function DeliveryLog({ deliveries, replay, timeZone }: Props) {
  const [t, locale] = await Promise.all([getTranslations("dashboard"), getLocale()]);
  return (
    <>
      {deliveries.map((d) => (
        <section key={d.id} className="dash-card dash-delivery" aria-label={`${d.eventType} ${d.reference} (${d.id})`}>
          <h3>
            {/* The event's name is an identifier developers match on: shown as code, not words. */}
            <code>{d.eventType}</code> <span className={`badge badge-${d.status}`}>{t(`status.${d.status}`)}</span>
          </h3>
          <dl className="dash-fields">
            <dt>{t("deliveries.url")}</dt>
            <dd>{d.url}</dd>
            <dt>{t("list.reference")}</dt>
            <dd>{d.reference}</dd>
            {d.nextAttemptAt && d.status === "pending" ? (
              <>
                <dt>{t("deliveries.nextAttempt")}</dt>
                <dd>{formatTime(d.nextAttemptAt, locale, timeZone, { seconds: true })}</dd>
              </>
            ) : null}
          </dl>
          <ol className="dash-timeline">
            {d.attempts.map((a) => (
              <li key={a.number}>
                <time dateTime={a.startedAt}>{formatTime(a.startedAt, locale, timeZone, { seconds: true })}</time>
                {t("deliveries.attempt", { number: a.number })} · {t("deliveries.httpStatus")}: {a.httpStatus ?? t("deliveries.noAnswer")} ·{" "}
                {t("deliveries.duration", { ms: a.durationMs })}
                {a.error ? <pre>{`${t("deliveries.error")}: ${a.error}`}</pre> : null}
                {a.responseExcerpt ? <pre aria-label={t("deliveries.excerpt")}>{a.responseExcerpt}</pre> : null}
              </li>
            ))}
          </ol>
          {replay ? (
            <ActionForm action={replay} submitLabel={t("deliveries.replay")} className="dash-form dash-inline dash-no-print">
              <input type="hidden" name="deliveryId" value={d.id} />
            </ActionForm>
          ) : null}
        </section>
      ))}
    </>
  );
}
