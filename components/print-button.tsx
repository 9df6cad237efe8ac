"use client";

import { useEffect, useState } from "react";

/** "Print" (or save as PDF) for a page made to be printed: shown once its script runs (without it, the browser's own menu prints). */
export function PrintButton({ label, className = "dash-button dash-button-primary" }: { label: string; className?: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return ready ? (
    <button type="button" className={className} onClick={() => window.print()}>
      {label}
    </button>
  ) : null;
}
