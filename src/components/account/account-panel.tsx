"use client";
// The home page's interactive part: signed out it offers sign-up and log-in, signed in it shows the
// account. The server renders the first state from the session cookie.
import { useState } from "react";
import type { Account } from "@/trpc/types";
import { AccountOverview } from "./account-overview";
import { AuthForms } from "./auth-forms";

export function AccountPanel({ initialAccount }: { initialAccount: Account | null }) {
  const [account, setAccount] = useState<Account | null>(initialAccount);
  const [notice, setNotice] = useState<string | null>(null);

  if (!account) {
    return (
      <AuthForms
        notice={notice}
        onSignedIn={(next) => {
          setNotice(null);
          setAccount(next);
        }}
      />
    );
  }
  return (
    <AccountOverview
      account={account}
      onChange={setAccount}
      onSignedOut={(message) => {
        setNotice(message);
        setAccount(null);
      }}
    />
  );
}
