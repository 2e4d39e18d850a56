"use client";
// What a member sees on an admin area: why it is not for them (the server refuses them anyway).
import { PageHeader } from "./page-header";
import { EmptyState } from "./states";

export function AdminOnly({ title, what }: { title: string; what: string }) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState title={`Only admins can ${what}.`}>Ask an admin of your organization if you need access.</EmptyState>
    </>
  );
}
