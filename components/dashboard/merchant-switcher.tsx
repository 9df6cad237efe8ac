"use client";

import { useEffect, useState } from "react";

type Props = {
  merchants: { merchantId: string; merchantName: string }[];
  current: string;
  home: string;
  action: (form: FormData) => Promise<void>;
  labels: { label: string; submit: string };
};

/**
 * The merchants the member belongs to, to change the active one. The form sends the page's own
 * path (known once the page runs, like the environment switch's) so the server lands on the same
 * environment and section; without JavaScript it sends the environment's home.
 */
export function MerchantSwitcher({ merchants, current, home, action, labels }: Props) {
  const [path, setPath] = useState(home);
  useEffect(() => setPath(window.location.pathname), []);
  return (
    <form action={action} className="dash-switcher">
      <input type="hidden" name="path" value={path} />
      <label htmlFor="dash-switch-merchant" className="visually-hidden">
        {labels.label}
      </label>
      <select id="dash-switch-merchant" name="merchantId" defaultValue={current}>
        {merchants.map((m) => (
          <option key={m.merchantId} value={m.merchantId}>
            {m.merchantName}
          </option>
        ))}
      </select>
      <button type="submit">{labels.submit}</button>
    </form>
  );
}
