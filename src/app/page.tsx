// Home: sign up or log in; once signed in, the account, its organization and plan.
import { headers } from "next/headers";
import { AccountPanel } from "@/components/account/account-panel";
import { loadAccount } from "@/trpc/server";

// The first render depends on the request's session cookie.
export const dynamic = "force-dynamic";

export default async function HomePage() {
  const account = await loadAccount(await headers());
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
      </section>
      <AccountPanel initialAccount={account} />
    </div>
  );
}
