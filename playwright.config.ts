import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3210);
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    // Debian's Chromium: Playwright's own browser download is not available on these machines.
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  },
};

// The journeys CI's PostgreSQL pass runs on desktop (and its embedded pass at 360 px only).
const ON_POSTGRES_DESKTOP = /browser\/(checkout|payment-in-progress|dashboard-journey|live-operators|operator-availability)\.spec\.ts/;

// Runs against the production build (`npm run build` first; `npm test` does it).
export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  // One retry in CI, reported as "flaky" in the output: a timing hiccup on a loaded machine should
  // be visible without failing the run; a real failure fails twice.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // A trace records every action's snapshots and screencast: in CI only on the retry of a test that
  // failed once (a real failure fails twice, so it has its trace), which took an eighth of the
  // browser projects' time when every test recorded one.
  use: { baseURL: `http://127.0.0.1:${port}`, trace: process.env.CI ? "on-first-retry" : "retain-on-failure", screenshot: "only-on-failure" },
  projects: [
    { name: "api", testMatch: /api\/.*\.spec\.ts/ },
    // On PostgreSQL (CI's second pass) the browser project runs the journeys that write through
    // every layer (a payment, a payment in progress, the dashboard's journey, the live operators and
    // their availability, which needs the server's database reachable from the test), on desktop;
    // on PGlite the same journeys run at 360 px only (the mobile project; live-operators runs on
    // PostgreSQL only), and so do the checkout's paid and failed screens: the checkout is
    // phone-first. The pages whose behaviour does not depend on the database engine (support view,
    // docs, content policy, the dashboard's access rules) run on PGlite only, and their rules are
    // tested on both databases by the integration tests.
    {
      name: "browser",
      testMatch: process.env.DATABASE_URL ? ON_POSTGRES_DESKTOP : /browser\/.*\.spec\.ts/,
      testIgnore: process.env.DATABASE_URL ? undefined : [ON_POSTGRES_DESKTOP, /browser\/checkout-(polish|no-javascript)\.spec\.ts|payment-page\.spec\.ts|charge-lookup\.spec\.ts/],
      use: chromium,
    },
    // The checkout with JavaScript off (issue 35): its journeys once, on desktop (the payment page's
    // spec and the charge lookup's set a 360 px phone in French themselves, issues 36 and 51) and on the embedded database only (the forms call the same functions as the JSON checkout API, which the
    // PostgreSQL pass runs through the journeys above; CI's minutes are counted).
    ...(process.env.DATABASE_URL ? [] : [{ name: "no-javascript", testMatch: /browser\/(checkout-no-javascript|payment-page|charge-lookup)\.spec\.ts/, use: { ...chromium, locale: "en-GB", javaScriptEnabled: false } }]),
    // The support view is a desktop tool; the customer pages and the dashboard's journey are tested
    // on a small phone too (the live-operator journeys once, on desktop: they share the fakes'
    // customers and one receiver). The dashboard's access rules (isolation, team, memberships,
    // accounts, links) and the sign-in limits do not depend on the screen: desktop only. Nor do the
    // headers (content security policy); the developers' pages (docs, events) are desktop tools, and
    // the dashboard's not-found page is walked at 360 px by dashboard-360.spec.ts: desktop only too
    // (CI's minutes are counted).
    // On the embedded database only: the layout at 360 px does not depend on the database, and the
    // suite runs again on PostgreSQL for what does (CI runs both: .ci/run).
    ...(process.env.DATABASE_URL
      ? []
      : [{ name: "mobile", testMatch: /browser\/.*\.spec\.ts/, testIgnore: /support(-sessions|-staff)?\.spec\.ts|checkout-no-javascript\.spec\.ts|docs\.spec\.ts|content-security-policy\.spec\.ts|dashboard-(events|not-found)\.spec\.ts|payment-page\.spec\.ts|payment-alerts\.spec\.ts|charge-lookup\.spec\.ts|live-operators\.spec\.ts|sign-in-limits\.spec\.ts|forms-without-javascript\.spec\.ts|dashboard-(isolation|team|memberships|accounts|links)\.spec\.ts/, use: { ...chromium, viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true } }]),
  ],
  webServer: {
    command: "node_modules/.bin/tsx e2e/serve.ts",
    url: `http://127.0.0.1:${port}/public/gateways/deposit/list`,
    // Every test is a customer (or a merchant or staff member signing in) at 127.0.0.1: lift the
    // per-address limits (tested in integration). An account waits 1 s after five wrong passwords,
    // then 2 s at most (e2e/browser/sign-in-limits.spec.ts waits those out; the other specs
    // never guess).
    env: { E2E_PORT: String(port), LOG_LEVEL: "silent", CHECKOUT_READS_PER_MINUTE_PER_IP: "100000", CHECKOUT_WRITES_PER_MINUTE_PER_IP: "100000",
      API_REQUESTS_PER_MINUTE_PER_IP: "100000", SANDBOX_API_REQUESTS_PER_MINUTE_PER_IP: "100000",
      API_REQUESTS_PER_MINUTE_PER_KEY: "100000", SANDBOX_API_REQUESTS_PER_MINUTE_PER_KEY: "100000", OTP_CONFIRMS_PER_MINUTE_PER_IP: "100000",
      SIGN_IN_ATTEMPTS_PER_15_MIN_PER_IP: "100000", SIGN_UPS_PER_HOUR_PER_IP: "100000", ACCOUNT_MAILS_PER_HOUR_PER_IP: "100000",
      INVITATION_MAILS_PER_DAY_PER_MERCHANT: "100000", INVITATION_MAILS_PER_DAY_PER_ADDRESS: "100000",
      SIGN_IN_LOCK_FIRST_SECONDS: "1", SIGN_IN_LOCK_MAX_SECONDS: "2", CHARGE_LOOKUPS_PER_HOUR_PER_IP: "100000" },
    reuseExistingServer: false,
    // e2e/serve.ts makes a fresh database, its accounts and the operator fakes before `next start`:
    // on PostgreSQL on a busy 2-core machine that once passed 120 s.
    timeout: 300_000,
  },
});
