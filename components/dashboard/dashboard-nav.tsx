"use client";

import { useSelectedLayoutSegment } from "next/navigation";
import { useLayoutEffect, useRef } from "react";

type Props = { base: string; label: string; items: { segment: string | null; href: string; label: string; developer?: boolean }[] };

/**
 * The section links; the current section is marked for screen readers and by its underline. On a
 * phone the links scroll sideways in their bar: the current one is brought into view (centred in
 * the bar, the page itself not scrolled) when the page opens. Wider screens wrap the links (CSS).
 */
export function DashboardNav({ label, items }: Props) {
  const segment = useSelectedLayoutSegment();
  const bar = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const nav = bar.current;
    const current = nav?.querySelector<HTMLElement>('a[aria-current="page"]');
    if (!nav || !current) return;
    const left = current.offsetLeft - (nav.clientWidth - current.offsetWidth) / 2;
    nav.scrollLeft = Math.max(0, Math.min(left, nav.scrollWidth - nav.clientWidth));
  }, [segment]);
  return (
    <nav ref={bar} className="dash-nav" aria-label={label}>
      <ul>
        {items.map((item, i) => (
          <li key={item.href} className={item.developer ? (items[i - 1]?.developer ? "dash-nav-dev" : "dash-nav-dev dash-nav-dev-first") : undefined}>
            <a href={item.href} aria-current={item.segment === segment ? "page" : undefined}>
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
