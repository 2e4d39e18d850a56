import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";

export const metadata: Metadata = { title: "Time logs" };

export default function Page() {
  return <PlaceholderPage title="Time logs" description="Your week of time, with filters and CSV export." />;
}
