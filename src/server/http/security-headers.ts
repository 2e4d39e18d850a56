// Security headers of every page and API response (app-api.md section 10, issue 10 item 6).
import { getEnv } from "@/env";
import { expectedOrigin } from "@/server/http/origin";
import { OAUTH_PATHS } from "@/lib/oauth-paths";

/**
 * The pages run Next's inline bootstrap scripts and React's inline styles, hence 'unsafe-inline';
 * everything else is same-origin only, and no page may be framed (clickjacking).
 */
function contentSecurityPolicy(development: boolean): string {
  return [
    "default-src 'self'",
    // React's development build evaluates code for its debugging aids.
    `script-src 'self' 'unsafe-inline'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // The development server's hot reload talks over a WebSocket to the same host.
    `connect-src 'self'${development ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const DEVELOPMENT_POLICY = contentSecurityPolicy(true);
const PRODUCTION_POLICY = contentSecurityPolicy(false);

/**
 * The consent page's form is answered by a redirect to the app's redirect URI, and browsers hold that
 * redirect to `form-action` too: that page's policy also names the redirect URI's origin (only the
 * origin, of an http(s) URL; the decision itself checks that the URI is registered).
 */
function consentFormTarget(requestUrl: string): string | undefined {
  // Most answers are not the consent page's: they skip parsing their URL.
  if (!requestUrl.includes(OAUTH_PATHS.authorize)) return undefined;
  const url = new URL(requestUrl);
  if (url.pathname !== OAUTH_PATHS.authorize) return undefined;
  const redirectUri = url.searchParams.get("redirect_uri");
  if (!redirectUri || !URL.canParse(redirectUri)) return undefined;
  const target = new URL(redirectUri);
  return target.protocol === "https:" || target.protocol === "http:" ? target.origin : undefined;
}

/** Sets the headers on a response; HSTS only when the request reached us over https. */
export function applySecurityHeaders(responseHeaders: Headers, requestHeaders: Headers, requestUrl: string): void {
  const development = getEnv().appEnv === "development";
  const policy = development ? DEVELOPMENT_POLICY : PRODUCTION_POLICY;
  const formTarget = consentFormTarget(requestUrl);
  responseHeaders.set("content-security-policy", formTarget ? policy.replace("form-action 'self'", `form-action 'self' ${formTarget}`) : policy);
  responseHeaders.set("x-content-type-options", "nosniff");
  responseHeaders.set("referrer-policy", "strict-origin-when-cross-origin");
  responseHeaders.set("x-frame-options", "DENY");
  if (expectedOrigin(requestHeaders, requestUrl)?.startsWith("https:")) {
    responseHeaders.set("strict-transport-security", "max-age=31536000; includeSubDomains");
  }
}
