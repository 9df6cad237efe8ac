"use client";

import { useEffect, useState } from "react";

type Props = { environment: "sandbox" | "live"; labels: { toLive: string; toTest: string } };

/**
 * The test/live switch: the same dashboard section in the other environment (a detail page's
 * reference exists in only one of them, so the switch goes to its section). Rendered on the
 * server as a link to the other environment's home, refined once the page knows its own path.
 */
export function EnvironmentToggle({ environment, labels }: Props) {
  const other = environment === "sandbox" ? "" : "/test";
  const [href, setHref] = useState(`${other}/dashboard`);
  useEffect(() => {
    const path = window.location.pathname.replace(/^\/test(?=\/)/, "");
    const section = /^\/dashboard(\/[^/]+)?/.exec(path)?.[0] ?? "/dashboard";
    setHref(`${other}${section === "/dashboard/links" && path.endsWith("/new") ? path : section}`);
  }, [other]);
  return (
    <a href={href} className={`dash-env-toggle dash-env-${environment}`}>
      {environment === "sandbox" ? labels.toLive : labels.toTest}
    </a>
  );
}
