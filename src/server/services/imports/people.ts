// Whose time each row is (app-api section 17): a person of the file is matched among the
// organization's members by email, else by full name (case and spacing aside; a name two members share
// matches neither), unless the importer's `people` maps them to a member or skips them. A person
// matched to no one and not mapped is never given to the importer: a commit needs them mapped or skipped.
import type { DbClient } from "@/server/db";
import { validationError } from "@/server/errors";
import { SKIP_PERSON, type ImportPerson } from "@/server/contract/import";
import type { Actor } from "@/server/services/auth/account";
import { mayHandleLogsOf } from "@/server/services/time-tracking/log-access";
import type { PersonCells } from "./columns";

/** A name as people compare names: Unicode-normalized, trimmed, single spaces, lowercased. */
const normalName = (name: string) => name.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();

/** The key of `people` that names a person: their email, else their name (compared the same way). */
const mappingKey = (key: string) => (key.includes("@") ? key.trim().toLowerCase() : normalName(key));

export interface Person extends ImportPerson {
  /** Whether a member's own import may take this person's rows: their own, or skipped. */
  isOthers: boolean;
}

export class People {
  readonly #byKey = new Map<string, Person>();

  private constructor(
    readonly actor: Actor,
    private readonly byEmail: Map<string, string>,
    private readonly byName: Map<string, string | null>,
    private readonly mapping: Map<string, string>,
    private readonly timeZones: Map<string, string>,
  ) {}

  /** A member's own time zone (their preference), where their date-only rows take their place in the day. */
  timeZoneOf(memberId: string): string | undefined {
    return this.timeZones.get(memberId);
  }

  /**
   * The organization's members (by email and by name) and the importer's mapping, checked: a member's
   * id that is not of this organization, or a member's own import giving time to someone else, is a
   * 400 on `people`.
   */
  static async load(db: DbClient, actor: Actor, people: Record<string, string>): Promise<People> {
    const members = await db.user.findMany({ where: { organizationId: actor.organizationId }, select: { id: true, email: true, name: true, timeZone: true } });
    const byEmail = new Map(members.map((member) => [member.email.toLowerCase(), member.id]));
    const byName = new Map<string, string | null>();
    for (const member of members) {
      const name = normalName(member.name);
      byName.set(name, byName.has(name) ? null : member.id);
    }
    const ids = new Set(members.map((member) => member.id));
    const mapping = new Map<string, string>();
    for (const [key, target] of Object.entries(people)) {
      if (target !== SKIP_PERSON && !ids.has(target)) throw validationError("people", `gives "${key}" to ${target}, who is not a member of this organization`);
      if (target !== SKIP_PERSON && !mayHandleLogsOf(actor, target)) throw validationError("people", "you can import only your own time; ask an admin to import other members' time");
      mapping.set(mappingKey(key), target);
    }
    return new People(actor, byEmail, byName, mapping, new Map(members.map((member) => [member.id, member.timeZone])));
  }

  /** The person a row names, found (and counted) on first sight. */
  of(cells: PersonCells): Person {
    const key = cells.email ?? normalName(cells.name);
    let person = this.#byKey.get(key);
    if (!person) {
      person = this.#resolve(cells);
      this.#byKey.set(key, person);
    }
    person.rows += 1;
    return person;
  }

  #resolve(cells: PersonCells): Person {
    const base = { name: cells.name, email: cells.email, rows: 0 };
    const mapped = (cells.email && this.mapping.get(cells.email)) ?? this.mapping.get(normalName(cells.name));
    const matched = cells.email && this.byEmail.get(cells.email) ? ({ memberId: this.byEmail.get(cells.email)!, matchedBy: "email" } as const) : null;
    const byName = cells.name ? this.byName.get(normalName(cells.name)) : undefined;
    const found = mapped
      ? mapped === SKIP_PERSON
        ? { memberId: null, matchedBy: null, isSkipped: true }
        : { memberId: mapped, matchedBy: "people" as const, isSkipped: false }
      : matched
        ? { ...matched, isSkipped: false }
        : byName
          ? { memberId: byName, matchedBy: "name" as const, isSkipped: false }
          : { memberId: null, matchedBy: null, isSkipped: false };
    const isOthers = found.memberId !== null && !mayHandleLogsOf(this.actor, found.memberId);
    return { ...base, ...found, isOthers };
  }

  /** Everyone the file named, in the order they first appeared. */
  list(): ImportPerson[] {
    return [...this.#byKey.values()].map(({ isOthers: _isOthers, ...person }) => person);
  }

  /** People matched to no member, neither mapped nor skipped. */
  unmatched(): Person[] {
    return [...this.#byKey.values()].filter((person) => person.memberId === null && !person.isSkipped);
  }
}

/** How a person is named in messages: their name and email as the file has them. */
export function personLabel(person: Pick<ImportPerson, "name" | "email">): string {
  if (person.name && person.email) return `${person.name} <${person.email}>`;
  return person.name || person.email || "rows naming no one";
}
