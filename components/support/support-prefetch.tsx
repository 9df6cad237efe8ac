import type { ReactNode } from "react";
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { getTranslations } from "next-intl/server";
import { supportQueryKey, type SupportParams } from "@/lib/surfaces/support/api-path";
import { readSupportApi } from "@/lib/surfaces/api-routes/support-read-in-process";

/** One read a page's view makes: `pages` for a list read page by page (useSupportPages). */
export type SupportRead = { path: string; params?: SupportParams; pages?: boolean };

/**
 * A support page's first data, read on the server and handed to the views' react-query hooks under
 * their own keys: the page arrives filled, with no "Chargement…" wait. Each read goes through its
 * support API route with the visitor's cookies (lib/surfaces/api-routes/support-read-in-process.ts), so the
 * same session and role checks apply. A record that does not exist is said at once; any other
 * refusal is left to the view, which asks again and says why.
 */
export async function SupportPrefetch({ reads, children }: { reads: SupportRead[]; children: ReactNode }) {
  const answers = await Promise.all(reads.map((read) => readSupportApi(read.path, read.params)));
  if (answers.some((answer) => answer.status === 404)) {
    const t = await getTranslations("support");
    return <p role="alert">{t("notFound")}</p>;
  }
  const client = new QueryClient();
  reads.forEach((read, index) => {
    const { status, body } = answers[index];
    if (status !== 200) return;
    client.setQueryData(supportQueryKey(read.path, read.params), read.pages ? { pages: [body], pageParams: [null] } : body);
  });
  return <HydrationBoundary state={dehydrate(client)}>{children}</HydrationBoundary>;
}
