// Orbit's name with its mark (a ring with a moon), linking home or to the app.
import Link from "next/link";
import { cn } from "./cn";

export function Brand({ href, className }: { href: string; className?: string }) {
  return (
    <Link href={href} className={cn("inline-flex items-center gap-2.5 text-[1.1rem] font-bold text-foreground hover:no-underline", className)}>
      <span
        className="relative size-[22px] rounded-full border-3 border-primary after:absolute after:-top-[5px] after:-right-[3px] after:size-[7px] after:rounded-full after:bg-primary after:shadow-[0_0_0_2px_var(--surface)]"
        aria-hidden="true"
      />
      Orbit
    </Link>
  );
}
