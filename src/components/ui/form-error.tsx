// The form-level error: what no field of the form could show (a conflict, a plan gate, the network);
// a detail names its field in words, never by its code name.
import type { DisplayError } from "@/trpc/errors";
import { noticeClass } from "./styles";

/**
 * A server field name in words, for a message no field of the form shows: `rateLimitPerHour` → "Rate
 * limit per hour", `entries.2.constellationId` → "Project" (the app says project, never the API's word).
 */
export function fieldLabel(field: string): string {
  const name = [...field.split(".")].reverse().find((segment) => !/^\d+$/.test(segment)) ?? field;
  const words = name
    .replace(/constellation/gi, "project")
    .replace(/(Id|Ids|Seconds|Cents|Bps)$/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : "This field";
}

export function FormError({ error }: { error: DisplayError | null }) {
  if (!error) return null;
  return (
    <div className={noticeClass("error")} role="alert">
      <p>{error.message}</p>
      {error.details.length > 0 && (
        <ul>
          {error.details.map((detail) => (
            <li key={detail.field}>
              <strong>{fieldLabel(detail.field)}</strong>: {detail.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
