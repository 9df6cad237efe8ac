"use client";

import { createContext, useCallback, useContext, useState, type ReactNode } from "react";

// What the dashboard says after an action whose form goes away with what it acted on (a revoked
// key's card, a removed member's row): the page re-renders without them, so the message is shown
// here, in the layout, which stays. The live region is always in the page, so a screen reader
// announces each new message.

const NoticeContext = createContext<((message: string) => void) | null>(null);

/** The layout's notice area, above the page it wraps. */
export function NoticeArea({ children, dismissLabel }: { children: ReactNode; dismissLabel: string }) {
  const [notice, setNotice] = useState<{ text: string; n: number } | null>(null);
  const show = useCallback((text: string) => setNotice((previous) => ({ text, n: (previous?.n ?? 0) + 1 })), []);
  return (
    <NoticeContext.Provider value={show}>
      <div role="status" className="dash-notice-area" data-testid="dash-notice">
        {notice ? (
          <p key={notice.n} className="dash-notice">
            <span>{notice.text}</span>
            <button type="button" className="dash-notice-close" onClick={() => setNotice(null)} aria-label={dismissLabel}>
              ×
            </button>
          </p>
        ) : null}
      </div>
      {children}
    </NoticeContext.Provider>
  );
}

/** The layout's notice, or null outside the dashboard's layout (the account pages): then the form shows its own message. */
export function useNotice() {
  return useContext(NoticeContext);
}
