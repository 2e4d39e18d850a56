// Where OAuth clients find Orbit's authorization server (app-api section 14): the public paths, as the
// metadata document names them, the edge routes them and the consent page posts to them.
export const OAUTH_PATHS = {
  authorize: "/oauth/authorize",
  token: "/oauth/token",
  revoke: "/oauth/revoke",
  metadata: "/.well-known/oauth-authorization-server",
} as const;
