import type { getDevelopersPage } from "@/lib/surfaces/dashboard/developers-queries";
import { formatDuration, formatShare } from "./format";
import type { Translator } from "./translator";

// The merchant's own view of its integration (issue 48 item 5): its webhook endpoints' figures,
// drawn on the server like the rest of the page (no script), in the dashboard's cards.

type DevelopersPage = Awaited<ReturnType<typeof getDevelopersPage>>;
type Usage = DevelopersPage["keys"][number]["usage"];

/** A key's requests of the last 24 hours and its error rates, 4xx and 5xx apart: fields of its card's list. */
export function KeyUsageFields({ usage, t, locale }: { usage: Usage; t: Translator; locale: string }) {
  const errors = (count: number, rate: number | null) => t("developers.errorsValue", { count, rate: formatShare(rate, locale) });
  return (
    <>
      <dt>{t("developers.requests24h")}</dt>
      <dd>{usage.requests}</dd>
      <dt>{t("developers.clientErrors24h")}</dt>
      <dd>{errors(usage.clientErrors, usage.clientErrorRate)}</dd>
      <dt>{t("developers.serverErrors24h")}</dt>
      <dd>{errors(usage.serverErrors, usage.serverErrorRate)}</dd>
    </>
  );
}

/** Each webhook endpoint's success rate, lag and backlog; a clear sentence when there were no deliveries. */
export function DevelopersEndpointFigures({ endpoints, t, locale }: { endpoints: DevelopersPage["endpoints"]; t: Translator; locale: string }) {
  return (
    <>
      <h2 id="endpoint-figures">{t("developers.endpoints")}</h2>
      <p>{t("developers.endpointsIntro")}</p>
      {endpoints.length === 0 ? <p>{t("developers.noEndpointFigures")}</p> : null}
      {endpoints.map((endpoint) => {
        const { lastDay, lastHour } = endpoint;
        const success = (w: typeof lastDay) => (w.attempts === 0 ? "—" : t("developers.successValue", { rate: formatShare(w.successRate, locale), succeeded: w.succeeded, attempts: w.attempts }));
        return (
          <section key={endpoint.url} className="dash-card" aria-label={endpoint.url}>
            <h3>
              <code>{endpoint.url}</code>
            </h3>
            <dl className="dash-fields">
              <dt>{t("developers.successRate24h")}</dt>
              <dd>{success(lastDay)}</dd>
              <dt>{t("developers.lag24h")}</dt>
              <dd>{t("developers.lagValue", { p50: formatDuration(lastDay.lagP50Ms, locale), p95: formatDuration(lastDay.lagP95Ms, locale) })}</dd>
              <dt>{t("developers.delivered24h")}</dt>
              <dd>{lastDay.delivered}</dd>
              <dt>{t("developers.dead24h")}</dt>
              <dd>{lastDay.dead}</dd>
              <dt>{t("developers.successRateHour")}</dt>
              <dd>{success(lastHour)}</dd>
              <dt>{t("developers.backlog")}</dt>
              <dd>{endpoint.pending}</dd>
              <dt>{t("developers.oldestPending")}</dt>
              <dd>{endpoint.oldestPendingAgeMs === null ? "—" : formatDuration(endpoint.oldestPendingAgeMs, locale)}</dd>
            </dl>
          </section>
        );
      })}
    </>
  );
}
