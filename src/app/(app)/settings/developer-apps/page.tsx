import type { Metadata } from "next";
import { DeveloperAppsPage } from "@/components/apps/developer-apps-page";

export const metadata: Metadata = { title: "Developer apps" };

export default function Page() {
  return <DeveloperAppsPage />;
}
