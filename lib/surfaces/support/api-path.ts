// The support view's data addresses and react-query keys, shared by the browser's hooks
// (components/support/queries.ts) and the X:
// the server fills the very keys the hooks ask for, so a page shows its data without a wait.

export type SupportParams = Record<string, string | undefined>;

/** `/admin/api/...` with the parameters that have a value, as a query string. */
export function supportApiPath(path: string, params: SupportParams = {}) {
  const query = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== ""));
  return query.size ? `${path}?${query}` : path;
}

/** The react-query key of one support API read. */
export const supportQueryKey = (path: string, params: SupportParams = {}) => ["support", path, params] as const;
