// An audit entry's metadata as lines people read: each changed field `old → new`, each fact beside
// its name, nested facts under their parent's name. The raw JSON stays in the CSV.

export interface AuditDetail {
  label: string;
  value: string;
}

/** Words spelled as people write them in a label. */
const ACRONYMS: Record<string, string> = { sso: "SSO", ip: "IP", id: "ID", ids: "IDs", url: "URL", urls: "URLs", uris: "URIs", api: "API", csv: "CSV", oauth: "OAuth" };

/** `requireTwoFactor`, `api_key_id` → "Require two factor", "API key ID". */
export function fieldInWords(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[\s_.-]+/)
    .filter(Boolean)
    .map((word) => ACRONYMS[word.toLowerCase()] ?? word.toLowerCase());
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isChange = (value: unknown): value is { from: unknown; to: unknown } => isRecord(value) && "from" in value && "to" in value && Object.keys(value).length === 2;

/** One value in words: yes/no, "none", a list joined, an object as `name: value` pairs. */
export function valueInWords(value: unknown): string {
  if (value === null || value === undefined || value === "") return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.map(valueInWords).join(", ");
  if (isRecord(value)) {
    const pairs = Object.entries(value).map(([key, inner]) => `${fieldInWords(key).toLowerCase()}: ${valueInWords(inner)}`);
    return pairs.length === 0 ? "none" : pairs.join("; ");
  }
  return String(value);
}

/** The metadata's lines in its own order; `changes` holds changed fields and reads as those fields. */
export function auditDetails(metadata: Record<string, unknown>, parent = ""): AuditDetail[] {
  return Object.entries(metadata).flatMap(([key, value]): AuditDetail[] => {
    const label = parent && key !== "changes" ? `${parent} ${fieldInWords(key).toLowerCase()}` : key === "changes" ? parent : fieldInWords(key);
    if (isChange(value)) return [{ label: label || "Changes", value: `${valueInWords(value.from)} → ${valueInWords(value.to)}` }];
    if (isRecord(value) && Object.keys(value).length > 0) return auditDetails(value, label);
    return [{ label: label || "Changes", value: valueInWords(value) }];
  });
}
