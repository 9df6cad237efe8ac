"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslations } from "next-intl";

/** What a view shows until its data is there: loading, or the error. Use as `if (!q.isSuccess) return <QueryFallback query={q} />`. */
export function QueryFallback({ query }: { query: Pick<UseQueryResult, "isError" | "error"> }) {
  const t = useTranslations("admin");
  if (query.isError) return <p role="alert">{t("error", { message: query.error?.message ?? "" })}</p>;
  return <p>{t("loading")}</p>;
}
