"use client";

import { useSelectedLayoutSegment } from "next/navigation";

type Props = { base: string; label: string; items: { segment: string | null; href: string; label: string }[] };

/** The section links; the current section is marked for screen readers and by its underline. */
export function DashboardNav({ label, items }: Props) {
  const segment = useSelectedLayoutSegment();
  return (
    <nav className="dash-nav" aria-label={label}>
      <ul>
        {items.map((item) => (
          <li key={item.href}>
            <a href={item.href} aria-current={item.segment === segment ? "page" : undefined}>
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
