/** Set by the checkout island once hydrated: from then on it polls the state itself. */
export const ISLAND_MARK = "__pcsCheckoutIsland";

/**
 * While a DIRECT attempt waits for the customer's approval and the island's scripts are still on
 * their way (on a slow phone they arrive seconds after the page: issue 35's bench), a few hundred
 * bytes of inline script ask the state every second and reload the page once it has settled. The
 * island, once hydrated, takes over; without JavaScript the waiting screen's <noscript> refresh does it.
 */
export function WaitingPoller({ stateUrl, nonce }: { stateUrl: string; nonce: string | undefined }) {
  const code = `(function(){function poll(){if(window.${ISLAND_MARK})return;fetch(${JSON.stringify(stateUrl)},{cache:"no-store"}).then(function(r){if(!r.ok)throw r;return r.json()}).then(function(s){if(window.${ISLAND_MARK})return;var a=s.attempt;if(s.status!=="pending"||!a||a.status!=="pending")location.reload();else setTimeout(poll,1000)},function(){setTimeout(poll,2000)})}setTimeout(poll,1000)})()`;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: code }} />;
}
