"use client";

import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";

type Props = {
  /** Whether something on the page is still pending: polling stops once nothing is. */
  pending: boolean;
  /** How often to look again while pending. */
  intervalMs?: number;
  /** Shown while pending: with JavaScript that it updates itself, without it a link to reload. */
  labels: { live: string; refresh: string };
  /** The page's address, for the reload link. */
  href: string;
};

/**
 * Statuses that change on the server (a payout "En attente" until its operator answers) update on
 * the page by themselves: while one is pending, react-query polls and each poll re-renders the
 * page's server components (router.refresh), and stops once none is pending. Without JavaScript
 * the same place offers a link that reloads the page.
 */
export function RefreshWhilePending(props: Props) {
  const [client] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={client}>
      <Poller {...props} />
    </QueryClientProvider>
  );
}

function Poller({ pending, intervalMs = 2000, labels, href }: Props) {
  const router = useRouter();
  const [hydrated, setHydrated] = useState(false);
  useQuery({
    queryKey: ["refresh-while-pending", href],
    queryFn: () => {
      setHydrated(true);
      router.refresh();
      return Date.now();
    },
    enabled: pending,
    refetchInterval: pending ? intervalMs : false,
    refetchIntervalInBackground: false,
  });
  if (!pending) return null;
  return (
    <p className="dash-hint" data-testid="refresh-while-pending">
      {hydrated ? labels.live : <a href={href}>{labels.refresh}</a>}
    </p>
  );
}
