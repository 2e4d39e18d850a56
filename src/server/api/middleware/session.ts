// In-app sessions: an iron-session sealed cookie `tt_session` holding the user id. The user, role and
// organization are re-read on every request, so a role or plan change applies at once.
import { sealData, unsealData } from "iron-session";
import { getEnv } from "@/env";
import type { Organization, PrismaClient, User } from "@/generated/prisma/client";
import { AppError } from "@/server/errors";
import { middleware } from "@/server/api/trpc";
import { isSameOrigin } from "@/server/http/origin";
import { withinOrganizationLimit } from "@/server/api/middleware/organization-load";

export const SESSION_COOKIE = "tt_session";
const SESSION_TTL_SECONDS = 60 * 60 * 24 * 14;

export interface SessionData {
  userId: string;
  /** The user's sessionVersion when the session was issued; a bumped version revokes it. */
  version: number;
}

/** Read once per request from the cookie; `save`/`destroy` queue the Set-Cookie header. */
export interface SessionHandle {
  data: SessionData | null;
  save(data: SessionData): Promise<void>;
  destroy(): void;
}

function parseCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header?.split(";") ?? []) {
    const index = part.indexOf("=");
    if (index > 0) cookies.set(part.slice(0, index).trim(), part.slice(index + 1).trim());
  }
  return cookies;
}

function cookieAttributes(maxAge: number): string {
  const secure = getEnv().appEnv === "production" ? "; Secure" : "";
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

/** The session of a request that carries none and can start none (the public API's). */
export const NO_SESSION: SessionHandle = {
  data: null,
  save: () => Promise.reject(new Error("An API request cannot start a session.")),
  destroy() {},
};

/**
 * The session a cookie value holds, or null. Anything malformed (an undecodable escape, a forged or
 * expired seal, a wrong shape) is no session: a cookie planted by a sibling subdomain must not break
 * the routes that work signed out.
 */
async function unsealSession(sealed: string | undefined, password: string): Promise<SessionData | null> {
  if (!sealed) return null;
  try {
    const unsealed = await unsealData<Partial<SessionData>>(decodeURIComponent(sealed), { password, ttl: SESSION_TTL_SECONDS });
    return typeof unsealed.userId === "string" && typeof unsealed.version === "number" ? { userId: unsealed.userId, version: unsealed.version } : null;
  } catch {
    return null;
  }
}

export async function readSession(requestHeaders: Headers, resHeaders: Headers): Promise<SessionHandle> {
  const password = getEnv().sessionSecret;
  const data = await unsealSession(parseCookies(requestHeaders.get("cookie")).get(SESSION_COOKIE), password);
  const handle: SessionHandle = {
    data,
    async save(next) {
      const value = await sealData(next, { password, ttl: SESSION_TTL_SECONDS });
      handle.data = next;
      resHeaders.append("set-cookie", `${SESSION_COOKIE}=${value}; ${cookieAttributes(SESSION_TTL_SECONDS)}`);
    },
    destroy() {
      handle.data = null;
      resHeaders.append("set-cookie", `${SESSION_COOKIE}=; ${cookieAttributes(0)}`);
    },
  };
  return handle;
}

/** Mutating requests must come from our own origin (cookies are sent cross-site on top-level POSTs). */
export function assertSameOrigin(method: string, headers: Headers, requestUrl: string): void {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return;
  const origin = headers.get("origin");
  if (origin && !isSameOrigin(origin, headers, requestUrl)) {
    throw new AppError("forbidden", "Cross-origin request refused.", { details: [{ field: "origin", message: "origin not allowed" }] });
  }
}

/** The signed-in member a session procedure acts as: the user, the organization and the role. */
export interface SessionActor {
  user: User;
  organization: Organization;
  userId: string;
  organizationId: string;
  role: User["role"];
}

/** Loads the signed-in user with organization and role (401 without a valid session), then runs within the organization's bound. */
export async function withSessionActor<T>(ctx: { db: PrismaClient; session: SessionHandle }, run: (actor: SessionActor) => Promise<T>): Promise<T> {
  const session = ctx.session.data;
  const user = session
    ? await ctx.db.user.findFirst({ where: { id: session.userId, sessionVersion: session.version, deactivatedAt: null }, include: { organization: true } })
    : null;
  if (!user) throw new AppError("unauthorized", "Sign in to continue.");
  const { organization, ...rest } = user;
  return withinOrganizationLimit(organization.id, () => run({ user: rest, organization, userId: user.id, organizationId: organization.id, role: user.role }));
}

export const requireSession = middleware(({ ctx, next }) => withSessionActor(ctx, (actor) => next({ ctx: { actor } })));
