import type { Metadata } from "next";
import { ReportsPage } from "@/components/reports/reports-page";

export const metadata: Metadata = { title: "Reports" };

// The report lives in the address and is counted in the person's zone: the page asks for it once it runs.
export default function Page() {
  return <ReportsPage />;
}
