// OAuth access tokens (MTN MoMo, Orange Money) kept for their lifetime: one token call serves
// every request until shortly before it expires, and concurrent requests wait for the same
// token call instead of each asking for one.

export type IssuedToken = { accessToken: string; expiresInSeconds: number };

export class AccessTokenCache {
  private current: { token: string; refreshAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly issue: () => Promise<IssuedToken>,
    private readonly now: () => number = Date.now,
  ) {}

  async get(): Promise<string> {
    if (this.current && this.now() < this.current.refreshAt) return this.current.token;
    if (!this.pending) {
      this.pending = this.issue()
        .then(({ accessToken, expiresInSeconds }) => {
          const lifetimeMs = Math.max(expiresInSeconds, 0) * 1000;
          // Renew a little early (a tenth of the lifetime, at most a minute) so a token never
          // expires between our check and the operator's.
          const marginMs = Math.min(60_000, lifetimeMs / 10);
          this.current = { token: accessToken, refreshAt: this.now() + lifetimeMs - marginMs };
          return accessToken;
        })
        .finally(() => {
          this.pending = null;
        });
    }
    return this.pending;
  }

  /** Forgets a token the operator refused (401) so the next call asks for a new one. */
  invalidate(token: string): void {
    if (this.current?.token === token) this.current = null;
  }
}
