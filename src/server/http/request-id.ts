// X-Request-Id: a well-formed incoming id is kept (a proxy's or a client's), otherwise one is made.
import { randomUUID } from "node:crypto";

export const REQUEST_ID_HEADER = "x-request-id";
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdOf(headers: Headers): string {
  const incoming = headers.get(REQUEST_ID_HEADER)?.trim();
  return incoming && WELL_FORMED.test(incoming) ? incoming : randomUUID();
}
