// JSON log lines (pino) at LOG_LEVEL. Secrets are redacted by configuration, wherever they appear in
// a logged object: keys, passwords, cookies, signatures, tokens and bodies never reach the log.
import pino, { type DestinationStream, type Logger } from "pino";
import { getEnv } from "@/env";
import { processState } from "@/server/process-state";

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

/** Queued log output written at once (about 20 request lines). */
const LOG_BUFFER_BYTES = 4096;
/** The longest a queued log line waits to be written. */
const LOG_FLUSH_MS = 250;

const processLogger = processState("logger", () => ({ logger: undefined as Logger | undefined }));

/** The process's logger (one across the server's bundles). */
export function getLogger(): Logger {
  // Asynchronous stdout: a line is queued and written without blocking the request. Lines go out
  // together, once LOG_BUFFER_BYTES are queued and at least every LOG_FLUSH_MS: a write per line cost
  // the server about 5% of its CPU under API load. pino flushes what is left on exit.
  processLogger.logger ??= createLogger(
    getEnv().logLevel,
    pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES, periodicFlush: LOG_FLUSH_MS }),
  );
  return processLogger.logger;
}

const requestLoggers = new WeakMap<Logger, Logger>();

/**
 * The process's logger for the one line each answered request gets. That line holds only Orbit's own
 * values (request id, method, route template, status, duration), so it skips the redaction scan,
 * which cost more than the rest of writing it.
 */
export function getRequestLogger(): Logger {
  const logger = getLogger();
  let requestLogger = requestLoggers.get(logger);
  if (!requestLogger) {
    requestLogger = logger.child({}, { redact: [] });
    requestLoggers.set(logger, requestLogger);
  }
  return requestLogger;
}

/** Makes `logger` the process's (tests read the lines it writes); returns the one it replaces, if any. */
export function replaceLogger(logger: Logger | undefined): Logger | undefined {
  const replaced = processLogger.logger;
  processLogger.logger = logger;
  return replaced;
}
