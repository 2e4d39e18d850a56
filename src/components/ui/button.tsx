// The one button: a native <button> (type="button" unless told), named by its text or `aria-label`.
import { forwardRef, type ButtonHTMLAttributes } from "react";
import { cn } from "./cn";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: "sm" | "md";
  /** Disables the button and marks it busy while its action runs; the label stays, so its name does not change. */
  isPending?: boolean;
}

const BASE =
  "inline-block cursor-pointer whitespace-nowrap rounded-lg border text-center font-semibold no-underline hover:no-underline disabled:cursor-not-allowed disabled:opacity-55";
const VARIANTS: Record<ButtonVariant, string> = {
  primary: "border-primary bg-primary text-primary-foreground hover:text-primary-foreground not-disabled:hover:bg-primary-strong",
  secondary: "border-border bg-surface text-foreground hover:text-foreground not-disabled:hover:bg-subtle",
  danger: "border-danger-border bg-surface text-danger hover:text-danger not-disabled:hover:bg-danger-soft",
  ghost: "border-transparent bg-transparent text-foreground hover:text-foreground not-disabled:hover:bg-subtle",
};
const SIZES = { sm: "px-[11px] py-[5px] text-[0.85rem]", md: "px-4 py-[9px]" } as const;

/** The button's look, for a link that acts as one (`<Link className={buttonClass("primary")}>`). */
export function buttonClass(variant: ButtonVariant = "secondary", size: "sm" | "md" = "md"): string {
  return cn(BASE, VARIANTS[variant], SIZES[size]);
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "secondary", size = "md", isPending = false, className, disabled, type = "button", children, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={cn(buttonClass(variant, size), className)}
      disabled={disabled || isPending}
      aria-busy={isPending || undefined}
      {...rest}
    >
      {children}
    </button>
  );
});
