import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";

export const metadata: Metadata = { title: "Tasks" };

export default function Page() {
  return <PlaceholderPage title="Tasks" description="Everything your team is working on." />;
}
