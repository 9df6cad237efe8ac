"use client";

import { useEffect, useState } from "react";

/**
 * Sends the customer on after a few seconds, saying so, with a button that stays on the page
 * (WCAG 2.2.1: a time limit the user can turn off, e.g. to note the reference first). The
 * visible link below it works without JavaScript.
 */
export function AutoRedirect({ url, seconds, notice, stayLabel }: { url: string; seconds: number; notice: string; stayLabel: string }) {
  const [staying, setStaying] = useState(false);
  useEffect(() => {
    if (staying) return;
    const timer = setTimeout(() => window.location.assign(url), seconds * 1000);
    return () => clearTimeout(timer);
  }, [url, seconds, staying]);
  if (staying) return null;
  return (
    <p role="status" className="auto-redirect">
      {notice}{" "}
      <button type="button" className="link-button" onClick={() => setStaying(true)}>
        {stayLabel}
      </button>
    </p>
  );
}
