"use client";
// The form shape every create/edit uses: `Form` sends, stays pending until the server answers, and
// shows the answer's field errors at the fields (the rest as its FormError); `FormDialog` is a Dialog
// holding one such form, with Cancel, closing once the form went through.
import { createContext, useContext, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Button, type ButtonVariant } from "./button";
import { Dialog, DialogClose } from "./dialog";
import { FormError } from "./form-error";
import type { ServerErrors } from "./form-errors";
import { cn } from "./cn";
import { FORM } from "./styles";

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
  /** The fields, and whatever the form shows before its error. */
  children: ReactNode;
  /** `stack`: fields one under the other, the button below; `inline`: one field and its button on a line. */
  layout?: "stack" | "inline";
  /** Where the submit button sits under a stacked form (dialogs: at the end). */
  actionsAlign?: "start" | "end" | "stretch";
  /** Beside the submit button: what the last submit did ("Saved."). */
  status?: ReactNode;
  /** Buttons of their own beside the submit button, after it (e.g. turning a setting off). */
  secondaryActions?: ReactNode;
  /** Keeps the button pending after the call (while the page moves on). */
  isPending?: boolean;
  isSubmitDisabled?: boolean;
  /** The browser checks required fields and lengths first (forms that work before the page is interactive). */
  validatesInBrowser?: boolean;
  /** `post` keeps what was typed out of the address should it be submitted before the page is interactive. */
  method?: "post";
  className?: string;
  "aria-label"?: string;
}

const ACTIONS = { start: "justify-start", end: "justify-end", stretch: "[&>button]:flex-1" } as const;

/**
 * After a refused submit the focus goes to the first field marked invalid (a group of checkboxes: its
 * first box), so a keyboard or screen-reader user lands on what to fix; with no field named, it stays
 * on the submit button (which was disabled while pending, dropping the focus to the page).
 */
function focusFirstProblem(form: HTMLFormElement | null) {
  if (!form) return;
  const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]');
  const target = invalid?.matches("fieldset") ? invalid.querySelector<HTMLElement>("input:not([disabled]), select:not([disabled]), textarea:not([disabled])") : invalid;
  (target ?? form.querySelector<HTMLElement>('button[type="submit"]'))?.focus();
}

export function Form({
  errors,
  onSubmit,
  submitLabel,
  submitVariant = "primary",
  children,
  layout = "stack",
  actionsAlign = "end",
  status,
  secondaryActions,
  isPending: isKeptPending = false,
  isSubmitDisabled = false,
  validatesInBrowser = false,
  method,
  className,
  "aria-label": ariaLabel,
}: FormProps) {
  const dialog = useContext(FormDialogContext);
  const [isPending, setIsPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Bumped by a refused submit: once the errors are on screen, the focus moves to the first.
  const [refusals, setRefusals] = useState(0);
  const { clear } = errors;
  // A dialog's form goes away when it closes; its errors go with it.
  useEffect(() => clear, [clear]);
  useEffect(() => {
    if (refusals) focusFirstProblem(formRef.current);
  }, [refusals]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    errors.clear();
    const form = event.currentTarget;
    setIsPending(true);
    try {
      const outcome = await onSubmit(new FormData(form), form);
      if (outcome === false) setRefusals((count) => count + 1);
      else dialog?.onSubmitted();
    } catch (caught) {
      errors.capture(caught);
      setRefusals((count) => count + 1);
    } finally {
      setIsPending(false);
    }
  }

  const isInline = layout === "inline";
  return (
    <form
      ref={formRef}
      className={cn(isInline ? "flex flex-wrap items-end gap-2 [&>*:first-child]:flex-[1_1_220px] [&>*:first-child]:min-w-0" : FORM, className)}
      onSubmit={submit}
      noValidate={!validatesInBrowser}
      method={method}
      aria-label={ariaLabel}
    >
      {children}
      {!isInline && <FormError error={errors.formError} />}
      <div className={cn("flex flex-wrap items-center gap-2", !isInline && ACTIONS[actionsAlign])}>
        {dialog && (
          <DialogClose asChild>
            <Button>Cancel</Button>
          </DialogClose>
        )}
        <Button type="submit" variant={submitVariant} isPending={isPending || isKeptPending} disabled={isSubmitDisabled}>
          {submitLabel}
        </Button>
        {secondaryActions}
        {status}
      </div>
      {isInline && errors.formError && (
        <div className="basis-full">
          <FormError error={errors.formError} />
        </div>
      )}
    </form>
  );
}

export interface FormDialogProps {
  title: string;
  description?: ReactNode;
  /** The button that opens it (none when the caller opens it through `open`). */
  trigger?: ReactNode;
  /** Opened by the caller (a calendar block, a drag): `open` with `onOpenChange` instead of the trigger's own state. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
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

export function FormDialog({ title, description, trigger, children, result, onClose, open: openByCaller, onOpenChange }: FormDialogProps) {
  const [openHere, setOpen] = useState(false);
  const open = openByCaller ?? openHere;
  const hasResult = result !== undefined;
  const showsResult = hasResult && result !== null && result !== false;
  function change(next: boolean) {
    setOpen(next);
    onOpenChange?.(next);
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
