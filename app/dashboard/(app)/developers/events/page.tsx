// GET /dashboard/developers/events - the webhook events of the member's merchant and environment, newest first
import { getLocale, getTranslations } from "next-intl/server";
import { formatTime } from "@/components/dashboard/format";
import { pageTitle } from "@/components/page-title";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { getEventsPage } from "@/lib/surfaces/dashboard/developers-queries";
import { requirePageMember } from "@/lib/surfaces/dashboard/require-member";

export const generateMetadata = pageTitle("events");

type Props = { searchParams: Promise<{ cursor?: string }> };

export default async function EventsPage({ searchParams }: Props) {
  const { member, scope } = await requirePageMember("/dashboard/developers/events");
  const [t, locale] = await Promise.all([getTranslations("dashboard"), getLocale()]);
  const { cursor } = await searchParams;
  const { items, nextCursor } = await getEventsPage(scope, cursor);
  const base = dashboardPath(scope.environment, "/developers/events");
  return (
    <>
      <p>
        <a href={dashboardPath(scope.environment, "/developers")}>{t("developers.heading")}</a>
      </p>
      <h1>{t("events.heading")}</h1>
      <p>{t("events.intro")}</p>
      {items.length === 0 ? <p>{t("events.empty")}</p> : null}
      {/* Cards, not a table: an event id, a reference and a type side by side are wider than a phone. */}
      <ul className="dash-event-list">
        {items.map((event) => (
          <li key={event.id} className="dash-card">
            <a href={`${base}/${event.id}`} aria-label={t("events.open", { id: event.id })}>
              <code>{event.type}</code>
            </a>
            <dl className="dash-fields">
              <dt>{t("list.reference")}</dt>
              <dd>{event.reference}</dd>
              <dt>{t("list.created")}</dt>
              <dd>
                <time dateTime={event.createdAt}>{formatTime(event.createdAt, locale, member.timeZone, { seconds: true })}</time>
              </dd>
              <dt>{t("events.delivery")}</dt>
              <dd>
                {event.delivery ? (
                  <>
                    <span className={`badge badge-${event.delivery.status}`}>{t(`status.${event.delivery.status}`)}</span>{" "}
                    {t("events.attempts", { count: event.delivery.attempts })}
                  </>
                ) : (
                  t("events.notSent")
                )}
              </dd>
            </dl>
          </li>
        ))}
      </ul>
      {cursor || nextCursor ? (
        <p className="dash-pager">
          {cursor ? <a href={base}>{t("list.first")}</a> : null} {nextCursor ? <a href={`${base}?cursor=${encodeURIComponent(nextCursor)}`}>{t("list.next")}</a> : null}
        </p>
      ) : null}
    </>
  );
}
