import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";

export const metadata: Metadata = { title: "API keys" };

export default function Page() {
  return <PlaceholderPage title="API keys" description="Keys for the public API." />;
}
