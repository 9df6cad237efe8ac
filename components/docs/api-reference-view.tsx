"use client";

import { useEffect, useRef } from "react";
import "@scalar/api-reference/style.css";

// Scalar's reference (a Vue app) mounted in the page from our own bundle: no CDN, no web fonts
// (withDefaultFonts: false), no telemetry, no AI agent, no MCP button, so nothing leaves the origin
// unless the reader sends a test request to our own API. Loaded after hydration: it needs a DOM.
export function ApiReferenceView({ document, locale }: { document: Record<string, unknown>; locale: string }) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    void (async () => {
      // Scalar validates with zod (our copy), which first probes whether it may compile code with
      // Function(""); under the page's CSP that probe is refused and reported as a violation.
      // jitless skips the probe: zod validates the same way, interpreted.
      (await import("zod")).config({ jitless: true });
      const { createApiReference } = await import("@scalar/api-reference");
      if (cancelled || !container.current) return;
      const reference = createApiReference(container.current, {
        content: document,
        withDefaultFonts: false,
        telemetry: false,
        agent: { disabled: true },
        mcp: { disabled: true },
        // Its developer tools (and their "Deploy" and "Share" buttons) are for Scalar's own users.
        showDeveloperTools: "never",
        documentDownloadType: "json",
        // No default client: Scalar then selects the document's first own sample (x-codeSamples,
        // lib/surfaces/openapi/code-samples.ts), the sandbox's curl, whose path and key work with
        // the sandbox key the dashboard shows.
        localization: { locale },
      });
      destroy = () => reference.destroy();
    })();
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [document, locale]);

  return <div ref={container} className="api-reference" />;
}
