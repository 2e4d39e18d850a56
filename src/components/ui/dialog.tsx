"use client";
// Dialogs on Radix primitives (focus trap, Escape, focus return, aria wiring): `Dialog` for content
// (forms go in a `FormDialog`), `ConfirmDialog` for destructive actions that need a second, explicit yes.
import * as AlertDialog from "@radix-ui/react-alert-dialog";
import * as RadixDialog from "@radix-ui/react-dialog";
import { useState, type ReactNode } from "react";
import { describeError, type DisplayError } from "@/trpc/errors";
import { Button } from "./button";
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
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content className="dialog">
          <div className="dialog-header">
            <RadixDialog.Title className="dialog-title">{title}</RadixDialog.Title>
            <RadixDialog.Close asChild>
              <button type="button" className="icon-button" aria-label="Close">
                ×
              </button>
            </RadixDialog.Close>
          </div>
          {description ? <RadixDialog.Description className="muted small">{description}</RadixDialog.Description> : <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>}
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
}

export function ConfirmDialog({ title, description, confirmLabel, trigger, onConfirm, variant = "danger" }: ConfirmDialogProps) {
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
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog dialog-narrow">
          <AlertDialog.Title className="dialog-title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="muted">{description}</AlertDialog.Description>
          <FormError error={error} />
          <div className="dialog-actions">
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
