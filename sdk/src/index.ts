// orbit/sdk: a typed client of Orbit's /api/v1, webhook verification and the OAuth app flow.
export { Orbit } from "./client";
export type { OrbitOptions, Task, Subtask, Customer, Constellation, TimeLog, OrbitEvent, Tombstone, TimeReport, TimeReportQuery, Schemas } from "./client";
export { OrbitError, OrbitOAuthError, WebhookVerificationError } from "./errors";
export type { OrbitErrorCode, OrbitErrorDetail, WebhookRefusal } from "./errors";
export type { RetryOptions } from "./retries";
export { verifyWebhook } from "./webhooks";
export type { WebhookEvent, WebhookEventType, WebhookHeaders, VerifyWebhookOptions } from "./webhooks";
export { authorizeUrl, exchangeCode, codeChallengeOf } from "./oauth";
export type { AuthorizeUrlOptions, AuthorizeRequest, ExchangeCodeOptions, TokenResponse } from "./oauth";
export type { paths, components, webhooks } from "./generated/openapi";
