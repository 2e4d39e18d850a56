// Home: what Orbit is and the way in. A signed-in person goes straight to the timer.
import Link from "next/link";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { buttonClass } from "@/components/ui/button";
import { loadAccount } from "@/trpc/server";

// The first render depends on the request's session cookie.
export const dynamic = "force-dynamic";

export default async function HomePage() {
  if (await loadAccount(await headers())) redirect("/timer");
  return (
    <div className="grid grid-cols-[1fr_440px] gap-12 items-start max-[860px]:grid-cols-1">
      <section className="pt-4">
        <h1>Track time across your team</h1>
        <p className="text-[1.08rem] text-muted-foreground max-w-[34em]">
          Orbit records time against tasks, customers and projects, and hands the data to your own systems through a
          public REST API and signed webhooks.
        </p>
        <ul className="list-none p-0 mt-5 mb-0 grid gap-2 [&_li]:before:content-['✓'] [&_li]:before:text-link [&_li]:before:font-bold [&_li]:before:mr-2.5">
          <li>Timers and offline sync from every device</li>
          <li>Billing rates, rounding and invoices per customer</li>
          <li>
            API keys with scopes and rate limits on the <strong>Pro</strong> plan
          </li>
        </ul>
        <div className="flex gap-2.5 mt-6">
          <Link href="/signup" className={buttonClass("primary")}>
            Create account
          </Link>
          <Link href="/login" className={buttonClass()}>
            Log in
          </Link>
        </div>
      </section>
    </div>
  );
}
