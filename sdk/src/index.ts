// orbit/sdk: a typed client of Orbit's /api/v1, webhook verification and the OAuth app flow.
export { Orbit } from "./client.js";
export type { OrbitOptions, Task, Subtask, Customer, Constellation, TimeLog, OrbitEvent, Tombstone, TimeReport, TimeReportQuery, Schemas } from "./client.js";
export { OrbitError, OrbitOAuthError, WebhookVerificationError } from "./errors.js";
export type { OrbitErrorCode, OrbitErrorDetail, WebhookRefusal } from "./errors.js";
export type { RetryOptions } from "./retries.js";
export { verifyWebhook } from "./webhooks.js";
export type { WebhookEvent, WebhookEventType, WebhookHeaders, VerifyWebhookOptions } from "./webhooks.js";
export { authorizeUrl, exchangeCode, codeChallengeOf } from "./oauth.js";
export type { AuthorizeUrlOptions, AuthorizeRequest, ExchangeCodeOptions, TokenResponse } from "./oauth.js";
export type { paths, components, webhooks } from "./generated/openapi.js";
