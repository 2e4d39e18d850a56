import type { Metadata } from "next";
import { CustomerDetail } from "@/components/customers/customer-detail";
import "../../areas.css";

export const metadata: Metadata = { title: "Customer" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <CustomerDetail id={id} />;
}
