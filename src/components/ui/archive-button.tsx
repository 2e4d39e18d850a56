"use client";
import { Button } from "./button";
import type { ArchiveToggle } from "./use-archive";

/** "Archive" or "Unarchive", named for what it does. */
export function ArchiveButton({ row, archive }: { row: { id: string; archived: boolean }; archive: ArchiveToggle }) {
  return (
    <Button size="sm" variant={row.archived ? "secondary" : "ghost"} isPending={archive.pendingId === row.id} onClick={() => archive.toggle(row)}>
      {row.archived ? "Unarchive" : "Archive"}
    </Button>
  );
}
