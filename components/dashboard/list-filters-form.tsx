import type { ListFilters } from "@/lib/core/domain/list-filters";

type Labels = Record<"filters" | "status" | "anyStatus" | "from" | "to" | "minAmount" | "maxAmount" | "search" | "searchHint" | "apply" | "reset", string>;

/** A plain GET form: filters live in the URL, so a filtered list can be bookmarked and shared. */
export function ListFiltersForm({ action, filters, statuses, labels }: { action: string; filters: ListFilters; statuses: { value: string; label: string }[]; labels: Labels }) {
  return (
    <form method="get" action={action} className="dash-filters" aria-label={labels.filters}>
      <label>
        {labels.search}
        <input type="search" name="q" defaultValue={filters.q ?? ""} placeholder={labels.searchHint} />
      </label>
      <label>
        {labels.status}
        <select name="status" defaultValue={filters.status ?? ""}>
          <option value="">{labels.anyStatus}</option>
          {statuses.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        {labels.from}
        <input type="date" name="from" defaultValue={filters.from ?? ""} />
      </label>
      <label>
        {labels.to}
        <input type="date" name="to" defaultValue={filters.to ?? ""} />
      </label>
      <label>
        {labels.minAmount}
        <input type="text" inputMode="decimal" name="minAmount" defaultValue={filters.minAmount ?? ""} />
      </label>
      <label>
        {labels.maxAmount}
        <input type="text" inputMode="decimal" name="maxAmount" defaultValue={filters.maxAmount ?? ""} />
      </label>
      <div className="dash-filter-buttons">
        <button type="submit" className="dash-button dash-button-primary">
          {labels.apply}
        </button>
        <a href={action} className="dash-button">
          {labels.reset}
        </a>
      </div>
    </form>
  );
}

/** "First page" while paging, "Next" while there is more: links that keep the filters. */
export function ListPager({ action, filters, nextCursor, labels }: { action: string; filters: ListFilters; nextCursor: string | null | undefined; labels: { first: string; next: string } }) {
  return (
    <p className="dash-pager">
      {filters.cursor ? <a href={nextPageHref(action, { ...filters, cursor: undefined }, "")}>{labels.first}</a> : null}
      {nextCursor ? <a href={nextPageHref(action, filters, nextCursor)}>{labels.next}</a> : null}
    </p>
  );
}

/** The URL of the next page: the same filters, the cursor after the last row shown. */
function nextPageHref(action: string, filters: ListFilters, cursor: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, cursor })) if (value) params.set(key, value);
  return `${action}?${params}`;
}
