"use client";
// The form shape every create/edit uses: `Form` sends, stays pending until the server answers, and
// shows the answer's field errors at the fields (the rest as its FormError); `FormDialog` is a Dialog
// holding one such form, with Cancel, closing once the form went through.
import { FORM } from "./styles";
import { createContext, useContext, useEffect, useState, type FormEvent, type ReactNode } from "react";
import { Button, type ButtonVariant } from "./button";
import { Dialog, DialogClose } from "./dialog";
import { FormError } from "./form-error";
import type { ServerErrors } from "./form-errors";

/** What a Form inside a FormDialog tells it; null outside one. */
const FormDialogContext = createContext<{ onSubmitted: () => void } | null>(null);

export interface FormProps {
  /** The form's `useServerErrors`: cleared before each submit, filled with what `onSubmit` throws. */
  errors: ServerErrors;
  /**
   * Sends the form; the submit button is pending until it settles. Return `false` when nothing was
   * sent (a problem found in the browser): the form stays as it is.
   */
  onSubmit: (data: FormData, form: HTMLFormElement) => Promise<unknown> | unknown;
  submitLabel: string;
  submitVariant?: ButtonVariant;
  /** What the form shows between its fields and its error (a "Saved." notice). */
  children: ReactNode;
}

export function Form({ errors, onSubmit, submitLabel, submitVariant = "primary", children }: FormProps) {
  const dialog = useContext(FormDialogContext);
  const [isPending, setIsPending] = useState(false);
  const { clear } = errors;
  // A dialog's form goes away when it closes; its errors go with it.
  useEffect(() => clear, [clear]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    errors.clear();
    const form = event.currentTarget;
    setIsPending(true);
    try {
      const outcome = await onSubmit(new FormData(form), form);
      if (outcome !== false) dialog?.onSubmitted();
    } catch (caught) {
      errors.capture(caught);
    } finally {
      setIsPending(false);
    }
  }

  return (
    <form className={FORM} onSubmit={submit} noValidate>
      {children}
      <FormError error={errors.formError} />
      <div className="flex justify-end gap-2 flex-wrap">
        {dialog && (
          <DialogClose asChild>
            <Button>Cancel</Button>
          </DialogClose>
        )}
        <Button type="submit" variant={submitVariant} isPending={isPending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

export interface FormDialogProps {
  title: string;
  description?: ReactNode;
  /** The button that opens it. */
  trigger: ReactNode;
  /** The dialog's `Form`, or a component that renders one. */
  children: ReactNode;
  /**
   * Shown instead of the form once it went through (a new key, a count), when not null. A dialog
   * with a `result` stays open after submitting; one without closes.
   */
  result?: ReactNode;
  /** Runs each time it closes: reset what the caller keeps for the form. */
  onClose?: () => void;
}

export function FormDialog({ title, description, trigger, children, result, onClose }: FormDialogProps) {
  const [open, setOpen] = useState(false);
  const hasResult = result !== undefined;
  const showsResult = hasResult && result !== null && result !== false;
  function change(next: boolean) {
    setOpen(next);
    if (!next) onClose?.();
  }
  return (
    <Dialog title={title} description={description} open={open} onOpenChange={change} trigger={trigger}>
      {showsResult ? (
        result
      ) : (
        <FormDialogContext.Provider value={{ onSubmitted: () => !hasResult && change(false) }}>{children}</FormDialogContext.Provider>
      )}
    </Dialog>
  );
}
