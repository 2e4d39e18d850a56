// The invitation link's page: the organization, the role and the email invited; the invitee chooses a
// name and a password and lands in the app. A used, expired or unknown link gets a page that says so.
import type { Metadata } from "next";
import { headers } from "next/headers";
import { TRPCError } from "@trpc/server";
import { AcceptInviteForm, InviteGone } from "@/components/account/accept-invite";
import { AppError } from "@/server/errors";
import { createServerCaller } from "@/trpc/server";

export const metadata: Metadata = { title: "Invitation", robots: { index: false, follow: false }, referrer: "no-referrer" };
export const dynamic = "force-dynamic";

/** Used, expired, unknown, or not even the shape of a token (the input check refuses it). */
function isGone(error: unknown): boolean {
  if (error instanceof TRPCError && error.code === "BAD_REQUEST") return true;
  const cause = error instanceof TRPCError ? error.cause : error;
  return cause instanceof AppError && (cause.code === "not_found" || cause.code === "validation_error");
}

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const caller = await createServerCaller(await headers());
  try {
    const invite = await caller.invites.get({ token });
    return <AcceptInviteForm token={token} invite={invite} />;
  } catch (error) {
    if (isGone(error)) return <InviteGone />;
    throw error;
  }
}
