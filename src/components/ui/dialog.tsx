"use client";
// Dialogs on Radix primitives (focus trap, Escape, focus return, aria wiring): `Dialog` for content
// (forms go in a `FormDialog`), `ConfirmDialog` for destructive actions that need a second, explicit yes.
import * as AlertDialog from "@radix-ui/react-alert-dialog";
import * as RadixDialog from "@radix-ui/react-dialog";
import { useState, type ReactNode } from "react";
import { describeError, type DisplayError } from "@/trpc/errors";
import { Button } from "./button";
import { cn } from "./cn";

const OVERLAY = "fixed inset-0 z-40 bg-shadow/40";
/** Centred, scrolling when taller than the window; its paragraphs carry no margin. */
const PANEL =
  "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100vh-40px)] w-[min(560px,calc(100vw-24px))] -translate-x-1/2 -translate-y-1/2 gap-3.5 overflow-y-auto rounded-xl bg-surface px-[22px] pt-5 pb-[22px] shadow-[0_20px_50px_rgb(16_24_40/0.25)] [&_p]:m-0";
const TITLE = "m-0 text-[1.1rem]";
import { FormError } from "./form-error";

export interface DialogProps {
  title: string;
  description?: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The element that opens it (a Button), rendered in place. */
  trigger?: ReactNode;
  children: ReactNode;
}

export function Dialog({ title, description, open, onOpenChange, trigger, children }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={OVERLAY} />
        <RadixDialog.Content className={PANEL}>
          <div className="flex items-center justify-between gap-3">
            <RadixDialog.Title className={TITLE}>{title}</RadixDialog.Title>
            <RadixDialog.Close asChild>
              <button type="button" className="text-[1.2rem] leading-none size-9 rounded-lg border border-transparent bg-transparent text-foreground cursor-pointer hover:bg-subtle" aria-label="Close">
                ×
              </button>
            </RadixDialog.Close>
          </div>
          {description ? <RadixDialog.Description className="text-muted-foreground text-sm">{description}</RadixDialog.Description> : <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Closes the Dialog it is in (Cancel, Done); render a Button inside with `asChild`. */
export const DialogClose = RadixDialog.Close;

export interface ConfirmDialogProps {
  title: string;
  description: ReactNode;
  /** The confirming button's text, naming the action ("Revoke key", "Delete task"). */
  confirmLabel: string;
  /** The button that opens the confirmation. */
  trigger: ReactNode;
  /** Runs on confirm; the dialog stays open with the error shown if it throws. */
  onConfirm: () => Promise<unknown>;
  variant?: "danger" | "primary";
  /** Where the focus goes once it closes (default: back to the trigger); `event.preventDefault()` to move it elsewhere. */
  onCloseAutoFocus?: (event: Event) => void;
}

export function ConfirmDialog({ title, description, confirmLabel, trigger, onConfirm, variant = "danger", onCloseAutoFocus }: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<DisplayError | null>(null);

  async function confirm() {
    setIsPending(true);
    setError(null);
    try {
      await onConfirm();
      setOpen(false);
    } catch (caught) {
      setError(describeError(caught));
    } finally {
      setIsPending(false);
    }
  }

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setError(null);
      }}
    >
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={OVERLAY} />
        <AlertDialog.Content className={cn(PANEL, "w-[min(420px,calc(100vw-24px))]!")} onCloseAutoFocus={onCloseAutoFocus}>
          <AlertDialog.Title className={TITLE}>{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-muted-foreground">{description}</AlertDialog.Description>
          <FormError error={error} />
          <div className="flex justify-end gap-2 flex-wrap">
            <AlertDialog.Cancel asChild>
              <Button>Cancel</Button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that would close before the call has answered. */}
            <Button variant={variant} isPending={isPending} onClick={confirm}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * A row's destructive action (Delete, Revoke, Uninstall…): a small danger button named for its row
 * ("Delete Ledger Sync"), asking first.
 */
export function ConfirmRowAction({ action, name, ...confirm }: Omit<ConfirmDialogProps, "trigger" | "variant"> & { action: string; name: string }) {
  return (
    <ConfirmDialog
      {...confirm}
      trigger={
        <Button size="sm" variant="danger" aria-label={`${action} ${name}`}>
          {action}
        </Button>
      }
    />
  );
}
