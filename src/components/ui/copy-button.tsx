"use client";
// Copies a value to the clipboard and says so, for secrets and URLs shown once.
import { useState } from "react";
import { Button } from "./button";

/** `value` is the text, or reads it when clicked (a secret fetched only then). */
export function CopyButton({ value, label = "Copy" }: { value: string | (() => Promise<string>); label?: string }) {
  const [hasCopied, setHasCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(typeof value === "string" ? value : await value());
      setHasCopied(true);
      setTimeout(() => setHasCopied(false), 2000);
    } catch {
      // Clipboard refused (insecure origin, permissions) or the read failed: the value stays selectable on screen (revealed).
      setHasCopied(false);
    }
  }
  return (
    <>
      <Button size="sm" onClick={copy}>
        {label}
      </Button>
      <span className="sr-only" role="status">
        {hasCopied ? "Copied to the clipboard" : ""}
      </span>
      {hasCopied && (
        <span className="text-muted-foreground text-sm" aria-hidden="true">
          Copied
        </span>
      )}
    </>
  );
}

/** A secret shown in full (once, after creating or rotating it) with its copy button. */
export function SecretValue({ value, copyLabel, testId }: { value: string; copyLabel: string; testId: string }) {
  return (
    <div className="flex items-center gap-2 flex-wrap">
      <code className="block flex-[1_1_260px] px-[11px] py-[9px] rounded-md bg-subtle font-mono break-all" data-testid={testId}>
        {value}
      </code>
      <CopyButton value={value} label={copyLabel} />
    </div>
  );
}
