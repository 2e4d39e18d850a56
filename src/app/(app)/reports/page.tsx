import type { Metadata } from "next";
import { ReportsPage } from "@/components/reports/reports-page";
import "../areas.css";

export const metadata: Metadata = { title: "Reports" };

export default function Page() {
  return <ReportsPage />;
}
