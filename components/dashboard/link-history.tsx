import { formatPhone } from "@/lib/core/domain/phone-display";
import { cardColumns } from "@/lib/surfaces/dashboard/card-columns";
import type { getMerchantLink } from "@/lib/surfaces/dashboard/links-queries";
import type { Translator } from "./translator";
import { gatewayLabel } from "@/lib/core/i18n/code-labels";
import { formatTime } from "./format";
import type { ReasonText } from "./link-details";
import { timelineSentence } from "./timeline-sentence";

type LinkDetail = Awaited<ReturnType<typeof getMerchantLink>>;

/** What happened to a link, step by step, in sentences a shopkeeper reads. */
export function LinkTimeline({ timeline, t, labels, steps, locale, timeZone }: { timeline: LinkDetail["timeline"]; t: Translator; labels: Translator; steps: Translator; locale: string; timeZone: string }) {
  return (
    <>
      <h2>{t("link.timeline")}</h2>
      <ol className="dash-timeline dash-card">
        {timeline.map((entry, i) => (
          <li key={i}>
            <time dateTime={entry.at}>{formatTime(entry.at, locale, timeZone)}</time>
            {timelineSentence(steps, labels, entry)} <span className="dash-hint">{entry.reference}</span>
          </li>
        ))}
      </ol>
    </>
  );
}

/** A link's payment attempts: gateway, status (and why one failed), customer's phone, when. */
export function LinkAttempts({ attempts, t, labels, locale, timeZone, reasonText }: { attempts: LinkDetail["attempts"]; t: Translator; labels: Translator; locale: string; timeZone: string; reasonText: ReasonText }) {
  return (
    <>
      <h2>{t("link.attempts")}</h2>
      {attempts.length === 0 ? (
        <p>{t("link.noAttempts")}</p>
      ) : (
        <div className="dash-table-wrap" tabIndex={0}>
          <table className="dash-table dash-cards" style={cardColumns([t("list.reference"), t("link.gateway"), t("list.status"), t("list.customer"), t("list.created")])}>
            <thead>
              <tr>
                <th scope="col">{t("list.reference")}</th>
                <th scope="col">{t("link.gateway")}</th>
                <th scope="col">{t("list.status")}</th>
                <th scope="col">{t("list.customer")}</th>
                <th scope="col">{t("list.created")}</th>
              </tr>
            </thead>
            <tbody>
              {attempts.map((a) => (
                <tr key={a.reference}>
                  <td>{a.reference}</td>
                  <td>{gatewayLabel(labels, a.gatewayName)}</td>
                  <td>
                    <span className={`badge badge-${a.status}`}>{t(`status.${a.status}`)}</span>
                    {a.status === "failed" && a.failureReason ? <span className="dash-hint"> {reasonText(a.failureReason)}</span> : null}
                  </td>
                  <td>{formatPhone(a.customerPhone)}</td>
                  <td>{formatTime(a.createdAt, locale, timeZone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
