import { getLocale, getTranslations } from "next-intl/server";
import { formatTime } from "@/components/dashboard/format";
import { pageTitle } from "@/components/page-title";
import { formatMinor } from "@/lib/core/domain/money";
import { can } from "@/lib/features/auth/member-permissions";
import { listBatches } from "@/lib/surfaces/dashboard/batches-queries";
import { cardColumns } from "@/lib/surfaces/dashboard/card-columns";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { requirePageMember } from "@/lib/surfaces/dashboard/require-member";

export const generateMetadata = pageTitle("batches");

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// The merchant's bulk payouts (issue 49), newest first.
export default async function BatchesPage({ searchParams }: Props) {
  const { member, scope } = await requirePageMember("/dashboard/batches");
  const [tb, t, locale, query] = await Promise.all([getTranslations("batches"), getTranslations("dashboard"), getLocale(), searchParams]);
  const page = await listBatches(scope, typeof query.after === "string" ? query.after : undefined);
  const path = (p: string) => dashboardPath(scope.environment, p);
  const columns = [tb("list.title"), tb("list.reference"), tb("list.status"), tb("list.lines"), tb("list.total"), tb("list.created")];
  return (
    <>
      <h1>{tb("heading")}</h1>
      <p>{tb("intro")}</p>
      <p className="dash-actions">
        {can(member.role, "transfers:request") ? (
          <a className="dash-button dash-button-primary" href={path("/batches/new")}>
            {tb("new")}
          </a>
        ) : null}
        <a className="dash-button" href={path("/batches/template.csv")} download>
          {tb("template")}
        </a>
      </p>
      {page.items.length === 0 ? (
        <p>{tb("empty")}</p>
      ) : (
        <div className="dash-table-wrap" tabIndex={0} role="region" aria-label={tb("heading")}>
          <table className="dash-table dash-cards" style={cardColumns(columns)} aria-label={tb("heading")}>
            <thead>
              <tr>
                {columns.map((column, index) => (
                  <th key={column} scope="col" className={index === 3 || index === 4 ? "num" : undefined}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {page.items.map((batch) => (
                <tr key={batch.id}>
                  <td>
                    <a href={path(`/batches/${batch.reference}`)}>{batch.title ?? tb("untitled")}</a>
                  </td>
                  <td>{batch.reference}</td>
                  <td>
                    <span className={`badge badge-${batch.status}`}>{tb(`status.${batch.status}`)}</span>
                  </td>
                  <td className="num">{batch.lineCount}</td>
                  <td className="num">{formatMinor(batch.amountMinor + batch.feesMinor, batch.currency, locale)}</td>
                  <td>{formatTime(batch.createdAt, locale, member.timeZone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page.next ? (
        <p className="dash-pager">
          <a href={path("/batches")}>{t("list.first")}</a>
          <a href={`${path("/batches")}?after=${encodeURIComponent(page.next)}`}>{t("list.next")}</a>
        </p>
      ) : null}
    </>
  );
}
