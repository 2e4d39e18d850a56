// How a failed request is shown: the contract's error code, the server's sentence, and the fields.
import type { DisplayError } from "@/trpc/errors";

export function ErrorNotice({ error }: { error: DisplayError | null }) {
  if (!error) return null;
  return (
    <div className="notice notice-error" role="alert">
      <p>
        <code className="notice-code">{error.code}</code> {error.message}
      </p>
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
