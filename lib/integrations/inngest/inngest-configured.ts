/**
 * Whether Inngest runs the background work: an event key (Inngest cloud or self-hosted) or the
 * dev server's flag. Otherwise the embedded runner does it from the database.
 */
export function inngestConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.INNGEST_EVENT_KEY || env.INNGEST_DEV);
}
