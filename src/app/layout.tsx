// The document of every page; the route groups bring their own frames: (site) the public pages,
// (auth) log-in and sign-up, (app) the product's shell.
import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { TRPCReactProvider } from "@/trpc/react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Orbit", template: "%s · Orbit" },
  description: "Time tracking for teams, with a public REST API and signed webhooks.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The (app) layout sets data-theme from the person's preference before React hydrates.
    <html lang="en" suppressHydrationWarning>
      <body>
        <TRPCReactProvider>{children}</TRPCReactProvider>
      </body>
    </html>
  );
}
