"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { SupportRequestError } from "./queries";

/** What a view shows until its data is there: loading, or the error. Use as `if (!q.isSuccess) return <QueryFallback query={q} />`. */
export function QueryFallback({ query }: { query: Pick<UseQueryResult, "isError" | "error"> }) {
  const t = useTranslations("support");
  if (query.error instanceof SupportRequestError && query.error.status === 404) return <p role="alert">{t("notFound")}</p>;
  if (query.isError) return <p role="alert">{t("error", { message: query.error?.message ?? "" })}</p>;
  return <p>{t("loading")}</p>;
}
