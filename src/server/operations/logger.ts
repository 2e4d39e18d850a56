// JSON log lines (pino) at LOG_LEVEL. Secrets are redacted by configuration, wherever they appear in
// a logged object: keys, passwords, cookies, signatures, tokens and bodies never reach the log.
import pino, { type DestinationStream, type Logger } from "pino";
import { getEnv } from "@/env";

export const REDACTED_PATHS = [
  "password",
  "*.password",
  "passwordHash",
  "*.passwordHash",
  "secret",
  "*.secret",
  "token",
  "*.token",
  "key",
  "*.key",
  "apiKey",
  "*.apiKey",
  "authorization",
  "*.authorization",
  "cookie",
  "*.cookie",
  "set-cookie",
  '*["set-cookie"]',
  "signature",
  "*.signature",
  '*["orbit-signature"]',
  '*["webhook-signature"]',
  "body",
  "*.body",
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "orbit" },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    },
    destination,
  );
}

const globalForLogger = globalThis as unknown as { orbitLogger?: Logger };

/** The process's logger (one across the server's bundles). */
export function getLogger(): Logger {
  // Asynchronous stdout: a line is queued and written without blocking the request, and lines that
  // pile up while a write is in flight go out in one write (pino flushes what is left on exit).
  globalForLogger.orbitLogger ??= createLogger(getEnv().logLevel, pino.destination({ dest: 1, sync: false }));
  return globalForLogger.orbitLogger;
}
