// GET /dashboard/developers/events/[id] - one webhook event: its payload and every delivery attempt
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { DeliveryLog } from "@/components/dashboard/delivery-log";
import { formatTime } from "@/components/dashboard/format";
import { pageTitle } from "@/components/page-title";
import { can } from "@/lib/features/auth/member-permissions";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { getEventPage } from "@/lib/surfaces/dashboard/developers-queries";
import { requirePageMember } from "@/lib/surfaces/dashboard/require-member";
import { replayDeliveryAction } from "../../../links/actions";

export const generateMetadata = pageTitle("event");

type Props = { params: Promise<{ id: string }> };

export default async function EventPage({ params }: Props) {
  const { member, scope } = await requirePageMember("/dashboard/developers/events/[id]");
  const { id } = await params;
  const [t, locale] = await Promise.all([getTranslations("dashboard"), getLocale()]);
  // Another merchant's event, or the other environment's, is not found, as in the API.
  const event = await getEventPage(scope, id);
  if (!event) notFound();
  return (
    <>
      <p>
        <a href={dashboardPath(scope.environment, "/developers/events")}>{t("events.back")}</a>
      </p>
      <h1>{t("events.detailHeading", { type: event.type })}</h1>
      <dl className="dash-fields dash-card">
        <dt>{t("events.id")}</dt>
        <dd>
          <code>{event.id}</code>
        </dd>
        <dt>{t("list.reference")}</dt>
        <dd>{event.reference}</dd>
        <dt>{t("list.created")}</dt>
        <dd>
          <time dateTime={event.createdAt}>{formatTime(event.createdAt, locale, member.timeZone)}</time>
        </dd>
      </dl>
      <h2 id="payload">{t("events.payload")}</h2>
      <pre className="dash-payload" tabIndex={0} aria-labelledby="payload">
        {event.payload}
      </pre>
      <h2>{t("events.deliveries")}</h2>
      {event.deliveries.length === 0 ? <p>{t("events.noDeliveries")}</p> : null}
      <DeliveryLog deliveries={event.deliveries} replay={can(member.role, "webhooks:manage") ? replayDeliveryAction : undefined} timeZone={member.timeZone} />
    </>
  );
}
