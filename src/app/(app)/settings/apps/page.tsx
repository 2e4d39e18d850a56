import type { Metadata } from "next";
import { InstalledAppsPage } from "@/components/apps/installed-apps-page";

export const metadata: Metadata = { title: "Apps" };

export default function Page() {
  return <InstalledAppsPage />;
}
