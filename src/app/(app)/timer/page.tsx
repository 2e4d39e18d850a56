import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";

export const metadata: Metadata = { title: "Timer" };

export default function Page() {
  return <PlaceholderPage title="Timer" description="Start and stop the clock, and see today's time." />;
}
