"use client";
import { Button } from "@/components/ui";

/** "Archive" or "Unarchive", named for what it does. */
export function ArchiveButton({ row, isPending, onToggle }: { row: { id: string; archived: boolean }; isPending: boolean; onToggle: () => void }) {
  return (
    <Button size="sm" variant={row.archived ? "secondary" : "ghost"} isPending={isPending} onClick={onToggle}>
      {row.archived ? "Unarchive" : "Archive"}
    </Button>
  );
}
