export { PcsClient, environmentBaseUrl, type AnalyticsQuery, type BatchLinesQuery, type CreateOptions, type PcsClientOptions, type RequestOptions } from "./client.js";
export { PcsError } from "./errors.js";
export { retryAfterMs, retryingFetch, type RetryOptions } from "./retry.js";
export { PcsWebhookError, verifyWebhook, type WebhookEvent } from "./webhooks.js";
export type * from "./types.js";
export type { components, operations, paths, webhooks } from "./schema.js";
