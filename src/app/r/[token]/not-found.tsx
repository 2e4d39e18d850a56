import type { Metadata } from "next";

export const metadata: Metadata = { title: "Report not found" };

/** An unknown or revoked link: nothing says whether it ever existed. */
export default function SharedReportNotFound() {
  return (
    <div className="mx-auto max-w-[560px] py-10 text-center">
      <h1 className="m-0 text-2xl">This report is not available</h1>
      <p className="text-muted-foreground">The link is not valid, or its owner stopped sharing it. Ask them for a new link.</p>
    </div>
  );
}
