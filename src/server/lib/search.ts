// The `search` filter of lists (app-api section 7): a case-insensitive substring match. The term is
// matched literally, so LIKE's wildcards in it (% and _) and the escape character are escaped.

/** A Prisma string filter matching values that contain `term`, ignoring case. */
export function containsText(term: string) {
  return { contains: term.replace(/[\\%_]/g, (character) => `\\${character}`), mode: "insensitive" as const };
}
