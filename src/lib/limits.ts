// Every length and count limit of the contract (section 8) and app-api.md (section 6), in one place,
// shared by the server and the browser: schemas, services, forms and the OpenAPI document read them here.

/** Characters of any id in a path, query or body. Longer is a 400; shorter but unknown is a 404. */
export const MAX_ID_LENGTH = 200;

/** A name or title: task title, customer and project name or title, key name, person's name. */
export const MAX_NAME_LENGTH = 200;
/** A saved report's name. */
export const MAX_REPORT_NAME_LENGTH = 200;
/** An email address (RFC 5321's longest path). */
export const MAX_EMAIL_LENGTH = 254;
/** A password's length, at sign-up, when a member is added, and when it is changed. */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;
/** An ISO 4217 currency code. */
export const CURRENCY_CODE_LENGTH = 3;

/** Long text: a task's description, a comment, a customer's notes, a project's goal. */
export const MAX_LONG_TEXT_LENGTH = 10_000;
/** A checklist item's title (contract section 8). */
export const MAX_SUBTASK_TITLE_LENGTH = 500;
/** Checklist items in one task create, one PATCH, or one append call. */
export const MAX_SUBTASKS_PER_CALL = 100;

/** Tags on a task, time log or timer, and characters per tag. */
export const MAX_TAGS = 50;
export const MAX_TAG_LENGTH = 50;

/** A time log's or timer's description. */
export const MAX_LOG_DESCRIPTION_LENGTH = 500;
/** Entries per offline-sync request. */
export const MAX_SYNC_ENTRIES = 500;
/** Longest log: the 12-hour clamp of a timer and the ceiling of a synced duration. */
export const MAX_LOG_SECONDS = 12 * 60 * 60;

/** A webhook endpoint's URL and description, and endpoints per organization. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 500;
export const MAX_WEBHOOK_ENDPOINTS = 20;

/** Request bodies over this are a 413 `payload_too_large`. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Invoicing details: a postal address (several lines), a VAT ID, an invoice's notes, and payment terms in days. */
export const MAX_ADDRESS_LENGTH = 500;
export const MAX_VAT_ID_LENGTH = 32;
export const MAX_INVOICE_NOTES_LENGTH = 2000;
export const MAX_PAYMENT_TERMS_DAYS = 365;
/** Payment terms of an organization that has not chosen any: 14 days, the common term in the EU. */
export const DEFAULT_PAYMENT_TERMS_DAYS = 14;

/** How long a web app session lasts from sign-in: its record and its cookie's seal alike. */
export const SESSION_TTL_MS = 14 * 24 * 60 * 60_000;

/** Two-factor sign-in: digits of an authenticator app's code (RFC 6238), and the longest code field (a recovery code with spaces or hyphens). */
export const TOTP_CODE_DIGITS = 6;
export const MAX_SECOND_FACTOR_CODE_LENGTH = 64;

/** An admin's note on a week's approval (a rejection's reason). */
export const MAX_APPROVAL_NOTE_LENGTH = 2000;

/** A developer app's name and description as the consent page shows them. */
export const MAX_APP_NAME_LENGTH = 100;
export const MAX_APP_DESCRIPTION_LENGTH = 500;
