/** The country and method picked on the server-drawn first step, as the page shows them now. */
export type FormChoices = { country: string | null; gateway: string | null };

/**
 * What the customer chose on the first step before the scripts arrived (a slow phone draws the
 * form seconds before them): read from the page while the island's first render runs, before
 * hydration sets the controls back to the server's values. Null on the server.
 */
export function readChoicesBeforeHydration(): FormChoices | null {
  if (typeof document === "undefined") return null;
  return {
    country: document.querySelector<HTMLSelectElement>("main select#country")?.value ?? null,
    gateway: document.querySelector<HTMLInputElement>("main input[name=gateway]:checked")?.value ?? null,
  };
}
