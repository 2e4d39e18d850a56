// The form-level error: what no field of the form could show (a conflict, a plan gate, the network).
import type { DisplayError } from "@/trpc/errors";
import { noticeClass } from "./styles";

export function FormError({ error }: { error: DisplayError | null }) {
  if (!error) return null;
  return (
    <div className={noticeClass("error")} role="alert">
      <p>{error.message}</p>
      {error.details.length > 0 && (
        <ul>
          {error.details.map((detail) => (
            <li key={detail.field}>
              <strong>{detail.field}</strong>: {detail.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
