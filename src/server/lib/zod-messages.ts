// The words of a field's error where a schema gives none of its own: zod's defaults ("Invalid input:
// expected string, received undefined", "Too small: expected number to be >=1") are a schema's text,
// and every 400's `details[].message` is read by people (the API's integrators, the app's forms). A
// schema's own message still wins; this is zod's global fallback, installed once with the procedures.
import { z } from "zod";
import type { $ZodRawIssue } from "zod/v4/core";

type Issue = $ZodRawIssue;

const TYPE_NAMES: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  date: "a date",
  bigint: "a whole number",
};

const FORMAT_NAMES: Record<string, string> = {
  email: "an email address",
  url: "a URL",
  uuid: "a UUID",
  datetime: "an ISO 8601 date and time",
  date: "a date (YYYY-MM-DD)",
  regex: "in the expected format",
};

const listed = (values: readonly unknown[]) => values.map((value) => String(value)).join(", ");

/** A bound's words: characters of a string, items of a list, the value of anything else. */
function bound(issue: { origin?: unknown; inclusive?: boolean }, side: "least" | "most", limit: unknown): string {
  if (issue.origin === "string") return `must be at ${side} ${limit} character${limit === 1 ? "" : "s"}`;
  if (issue.origin === "array" || issue.origin === "set") return `must have at ${side} ${limit} item${limit === 1 ? "" : "s"}`;
  if (issue.inclusive === false) return `must be ${side === "least" ? "greater" : "less"} than ${limit}`;
  return `must be at ${side} ${limit}`;
}

/** The message of an issue a schema left to the default, or undefined to keep zod's. */
export function plainIssueMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "is required";
      return `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case "invalid_value":
      return issue.values.length === 1 ? `must be ${listed(issue.values)}` : `must be one of ${listed(issue.values)}`;
    case "too_small":
      if (issue.origin === "string" && issue.minimum === 1) return "must not be empty";
      return bound(issue, "least", issue.minimum);
    case "too_big":
      return bound(issue, "most", issue.maximum);
    case "invalid_format":
      return `must be ${FORMAT_NAMES[issue.format] ?? `a valid ${issue.format}`}`;
    case "not_multiple_of":
      return `must be a multiple of ${issue.divisor}`;
    case "unrecognized_keys":
      return `does not take ${listed(issue.keys)}`;
    case "invalid_union":
    case "invalid_key":
    case "invalid_element":
    case "custom":
      return "is not valid";
    default:
      return undefined;
  }
}

z.config({ customError: plainIssueMessage });
