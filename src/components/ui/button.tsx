// The one button: a native <button> (type="button" unless told), named by its text or `aria-label`.
import { forwardRef, type ButtonHTMLAttributes } from "react";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: "sm" | "md";
  /** Disables the button and marks it busy while its action runs; the label stays, so its name does not change. */
  isPending?: boolean;
}

export function buttonClass(variant: ButtonVariant = "secondary", size: "sm" | "md" = "md"): string {
  return ["button", variant !== "secondary" && `button-${variant}`, size === "sm" && "button-sm"].filter(Boolean).join(" ");
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "secondary", size = "md", isPending = false, className, disabled, type = "button", children, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={[buttonClass(variant, size), className].filter(Boolean).join(" ")}
      disabled={disabled || isPending}
      aria-busy={isPending || undefined}
      {...rest}
    >
      {children}
    </button>
  );
});
