import type { Metadata } from "next";
import { ProjectDetail } from "@/components/projects/project-detail";
import "../../areas.css";

export const metadata: Metadata = { title: "Project" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ProjectDetail id={id} />;
}
