"use client";

import { useEffect, useState } from "react";

/** "Print" for a page made to be printed: shown once its script runs (without it, the browser's own menu prints). */
export function PrintButton({ label }: { label: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return ready ? (
    <button type="button" className="dash-button dash-button-primary" onClick={() => window.print()}>
      {label}
    </button>
  ) : null;
}
