import type { Metadata } from "next";
import { TimerPage } from "@/components/timer/timer-page";

export const metadata: Metadata = { title: "Timer" };

export default function Page() {
  return <TimerPage />;
}
