"use client";

import { useEffect, useState } from "react";
import { LocaleSwitchForm } from "@/components/locale-switch";

/** The fr/en switch, back to the page the member is on (its browser path, /test included). */
export function DashboardLocaleSwitch({ fallback, current, label }: { fallback: string; current: string; label: string }) {
  const [redirect, setRedirect] = useState(fallback);
  useEffect(() => setRedirect(window.location.pathname + window.location.search), []);
  return <LocaleSwitchForm redirect={redirect} current={current} label={label} />;
}
