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
    <div className="home">
      <section className="intro">
        <h1>Track time across your team</h1>
        <p className="lead">
          Orbit records time against tasks, customers and projects, and hands the data to your own systems through a
          public REST API and signed webhooks.
        </p>
        <ul className="checks">
          <li>Timers and offline sync from every device</li>
          <li>Billing rates, rounding and invoices per customer</li>
          <li>
            API keys with scopes and rate limits on the <strong>Pro</strong> plan
          </li>
        </ul>
        <div className="cta">
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
