// `new Orbit({ apiKey, baseUrl })`: every /api/v1 operation as a typed method, built on openapi-fetch
// over the generated `paths`. Lists are async iterables over every item of every page; a single
// resource is answered without its envelope; an error answer throws `OrbitError`.
import createClient from "openapi-fetch";
import type { components, paths } from "./generated/openapi.js";
import { OrbitError } from "./errors.js";
import { retryingFetch, type RetryOptions } from "./retries.js";

export interface OrbitOptions {
  /** An API key (`sk_…`), from Settings → API keys or an app install. */
  apiKey: string;
  /** The Orbit server's origin, e.g. `https://orbit.example.com`. */
  baseUrl: string;
  retry?: RetryOptions;
  /** Sends one attempt (default: the global fetch). */
  fetch?: typeof fetch;
}

export type Schemas = components["schemas"];
type Query<P extends keyof paths, M extends "get"> = paths[P][M] extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
type Body<P extends keyof paths, M extends "post" | "patch"> = paths[P][M] extends { requestBody?: { content: { "application/json": infer B } } } ? B : never;
type ListQuery<P extends keyof paths> = Omit<Query<P, "get">, "cursor">;

export type Task = Schemas["Task"];
export type Customer = Schemas["Customer"];
export type Constellation = Schemas["Constellation"];
export type TimeLog = Schemas["TimeLog"];
export type OrbitEvent = Schemas["Event"];
export type Subtask = paths["/v1/tasks/{taskId}/subtasks"]["post"]["responses"][201]["content"]["application/json"]["data"][number];
export type Tombstone = { id: string; deletedAt: string };
export type TimeReport = paths["/v1/reports/time"]["get"]["responses"][200]["content"]["application/json"]["data"];
export type TimeReportQuery = Query<"/v1/reports/time", "get">;

type Answer<T = unknown> = { data?: { data: T; pagination?: Schemas["Pagination"] }; error?: unknown; response: Response };

/** The success's `data` (typed by the operation's documented answer), or the answer's error thrown. */
function unwrap<T>(answer: Answer<T>): T {
  if (answer.error !== undefined || !answer.response.ok || !answer.data) throw OrbitError.fromResponse(answer.response, answer.error);
  return answer.data.data;
}

export class Orbit {
  private readonly client;

  constructor(options: OrbitOptions) {
    if (!options.apiKey) throw new TypeError("Orbit needs an apiKey");
    const origin = new URL(options.baseUrl).origin;
    this.client = createClient<paths>({
      baseUrl: `${origin}/api`,
      headers: { Authorization: `Bearer ${options.apiKey}`, "User-Agent": "orbit-sdk" },
      fetch: retryingFetch(options.fetch ?? globalThis.fetch, options.retry),
    });
  }

  /** Every item of every page of a list, following `pagination.cursor` to the end. */
  private async *pages<T>(read: (cursor: string | undefined) => Promise<Answer<T[]>>): AsyncGenerator<T, void, undefined> {
    let cursor: string | undefined;
    do {
      const answer = await read(cursor);
      const items = unwrap<T[]>(answer);
      yield* items;
      const pagination = answer.data?.pagination;
      cursor = pagination?.hasMore ? pagination.cursor : undefined;
    } while (cursor);
  }

  readonly tasks = {
    list: (query: ListQuery<"/v1/tasks"> = {}): AsyncIterable<Task> => this.pages((cursor) => this.client.GET("/v1/tasks", { params: { query: { ...query, cursor } } })),
    listDeleted: (query: ListQuery<"/v1/tasks/deleted"> = {}): AsyncIterable<Tombstone> =>
      this.pages((cursor) => this.client.GET("/v1/tasks/deleted", { params: { query: { ...query, cursor } } })),
    get: async (id: string): Promise<Task> => unwrap(await this.client.GET("/v1/tasks/{taskId}", { params: { path: { taskId: id } } })),
    create: async (body: Body<"/v1/tasks", "post">): Promise<Task> => unwrap(await this.client.POST("/v1/tasks", { body })),
    update: async (id: string, body: Body<"/v1/tasks/{taskId}", "patch">): Promise<Task> => unwrap(await this.client.PATCH("/v1/tasks/{taskId}", { params: { path: { taskId: id } }, body })),
    delete: async (id: string): Promise<{ id: string; success: boolean }> => unwrap(await this.client.DELETE("/v1/tasks/{taskId}", { params: { path: { taskId: id } } })),
    appendSubtasks: async (id: string, body: Body<"/v1/tasks/{taskId}/subtasks", "post">): Promise<Subtask[]> =>
      unwrap(await this.client.POST("/v1/tasks/{taskId}/subtasks", { params: { path: { taskId: id } }, body })),
  };

  readonly customers = {
    list: (query: ListQuery<"/v1/customers"> = {}): AsyncIterable<Customer> => this.pages((cursor) => this.client.GET("/v1/customers", { params: { query: { ...query, cursor } } })),
    get: async (id: string): Promise<Customer> => unwrap(await this.client.GET("/v1/customers/{id}", { params: { path: { id } } })),
    create: async (body: Body<"/v1/customers", "post">): Promise<Customer> => unwrap(await this.client.POST("/v1/customers", { body })),
  };

  readonly constellations = {
    list: (query: ListQuery<"/v1/constellations"> = {}): AsyncIterable<Constellation> =>
      this.pages((cursor) => this.client.GET("/v1/constellations", { params: { query: { ...query, cursor } } })),
    get: async (id: string): Promise<Constellation> => unwrap(await this.client.GET("/v1/constellations/{id}", { params: { path: { id } } })),
    create: async (body: Body<"/v1/constellations", "post">): Promise<Constellation> => unwrap(await this.client.POST("/v1/constellations", { body })),
  };

  readonly timeLogs = {
    list: (query: ListQuery<"/v1/time-logs"> = {}): AsyncIterable<TimeLog> => this.pages((cursor) => this.client.GET("/v1/time-logs", { params: { query: { ...query, cursor } } })),
    listDeleted: (query: ListQuery<"/v1/time-logs/deleted"> = {}): AsyncIterable<Tombstone> =>
      this.pages((cursor) => this.client.GET("/v1/time-logs/deleted", { params: { query: { ...query, cursor } } })),
    get: async (id: string): Promise<TimeLog> => unwrap(await this.client.GET("/v1/time-logs/{id}", { params: { path: { id } } })),
  };

  readonly events = {
    list: (query: ListQuery<"/v1/events"> = {}): AsyncIterable<OrbitEvent> => this.pages((cursor) => this.client.GET("/v1/events", { params: { query: { ...query, cursor } } })),
    get: async (id: string): Promise<OrbitEvent> => unwrap(await this.client.GET("/v1/events/{id}", { params: { path: { id } } })),
  };

  readonly reports = {
    time: async (query: TimeReportQuery): Promise<TimeReport> => unwrap(await this.client.GET("/v1/reports/time", { params: { query } })),
  };
}
