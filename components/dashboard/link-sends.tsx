import { cardColumns } from "@/lib/surfaces/dashboard/card-columns";
import { getLocale, getTranslations } from "next-intl/server";
import type { getMerchantLinkSending } from "@/lib/surfaces/dashboard/links-queries";
import { formatPhone } from "@/lib/core/domain/phone-display";
import { formatTime } from "./format";

type LinkSend = Awaited<ReturnType<typeof getMerchantLinkSending>>["sends"][number];

/** A link's sends on its page, newest first: the link or its receipt, by what, to whom, their delivery state and why one failed. */
export async function LinkSends({ sends, timeZone }: { sends: LinkSend[]; timeZone: string }) {
  const [t, locale] = await Promise.all([getTranslations("linkSending"), getLocale()]);
  if (sends.length === 0) return <p>{t("history.none")}</p>;
  const why = (send: LinkSend) => (send.failureReason ? (t.has(`failures.${send.failureReason}`) ? t(`failures.${send.failureReason}`) : send.failureReason) : "");
  return (
    <div className="dash-table-wrap" tabIndex={0}>
      {/* One card per send on a phone (.dash-cards): the columns were 515 px wide at 360. */}
      <table className="dash-table dash-cards" data-testid="link-sends" style={cardColumns([t("history.what"), t("history.channel"), t("history.to"), t("history.status"), t("history.when"), t("history.why")])}>
        <caption>{t("history.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("history.what")}</th>
            <th scope="col">{t("history.channel")}</th>
            <th scope="col">{t("history.to")}</th>
            <th scope="col">{t("history.status")}</th>
            <th scope="col">{t("history.when")}</th>
            <th scope="col">{t("history.why")}</th>
          </tr>
        </thead>
        <tbody>
          {sends.map((send) => (
            <tr key={send.id}>
              <td>{t(`purpose.${send.purpose}`)}</td>
              <td>{t(`form.${send.channel}`)}</td>
              <td>{send.channel === "sms" ? formatPhone(send.recipient) : send.recipient}</td>
              <td>
                <span className={`badge badge-${send.status}`}>{t(`status.${send.status}`)}</span>
              </td>
              <td>{formatTime(send.deliveredAt ?? send.failedAt ?? send.sentAt ?? send.createdAt, locale, timeZone)}</td>
              <td>{why(send)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
