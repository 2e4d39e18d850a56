import type { Metadata } from "next";
import { ProjectsPage } from "@/components/projects/projects-page";
import "../areas.css";

export const metadata: Metadata = { title: "Projects" };

export default function Page() {
  return <ProjectsPage />;
}
