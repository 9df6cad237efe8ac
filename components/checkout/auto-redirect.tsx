"use client";

import { useEffect } from "react";

/** Sends the customer on after a few seconds; the visible link beside it works without it. */
export function AutoRedirect({ url, seconds }: { url: string; seconds: number }) {
  useEffect(() => {
    const timer = setTimeout(() => window.location.assign(url), seconds * 1000);
    return () => clearTimeout(timer);
  }, [url, seconds]);
  return null;
}
