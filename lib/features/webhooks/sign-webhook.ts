import { Webhook } from "standardwebhooks";

export type SigningSecrets = { webhookSecret: string; previousWebhookSecret: string | null; previousSecretExpiresAt: Date | null };

/**
 * The Standard Webhooks headers for one attempt. While a rotated-out secret is still within its
 * grace period, the body is signed with both, space-separated, so a receiver that has either
 * secret verifies it. The id is the event's, identical on every retry, for deduplication.
 */
export function signWebhook(options: { id: string; body: string; at: Date; secrets: SigningSecrets }): Record<string, string> {
  const { id, body, at, secrets } = options;
  const keys = [secrets.webhookSecret];
  if (secrets.previousWebhookSecret && secrets.previousSecretExpiresAt && secrets.previousSecretExpiresAt > at) {
    keys.push(secrets.previousWebhookSecret);
  }
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": keys.map((key) => new Webhook(key).sign(id, at, body)).join(" "),
  };
}
