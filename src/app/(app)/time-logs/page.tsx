import type { Metadata } from "next";
import { Suspense } from "react";
import { TimeLogsPage } from "@/components/time-logs/time-logs-page";
import { LoadingState } from "@/components/ui";

export const metadata: Metadata = { title: "Time logs" };

export default function Page() {
  // The week comes from the address; Suspense lets the page render around the search parameters.
  return (
    <Suspense fallback={<LoadingState />}>
      <TimeLogsPage />
    </Suspense>
  );
}
