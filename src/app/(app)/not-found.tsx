import type { Metadata } from "next";
import { NotFoundPage } from "@/components/shell/not-found-page";

export const metadata: Metadata = { title: "Not found" };

export default function AppNotFound() {
  return <NotFoundPage />;
}
