// Reads an OpenAPI 3.1 document into what the reference page shows. The document is treated as
// untrusted JSON: every member is checked before use, so an unexpected shape degrades to less detail.

type JsonObject = Record<string, unknown>;

const METHODS = ["get", "post", "put", "patch", "delete", "head", "options"] as const;
const MAX_REF_DEPTH = 32;

export interface ParameterView {
  name: string;
  location: string;
  isRequired: boolean;
  type: string;
  description?: string;
  schema: unknown;
}

export interface FieldView {
  name: string;
  type: string;
  isRequired: boolean;
  description?: string;
}

export interface BodyView {
  contentType: string;
  isRequired: boolean;
  schema: unknown;
  fields: FieldView[];
}

export interface ResponseView {
  status: string;
  description?: string;
  contentType?: string;
  schema?: unknown;
  /** The schema is the document's error envelope, described once in the overview. */
  isErrorEnvelope: boolean;
  /** For a success envelope `{ data, ... }`: the fields of `data` (of each item when it is a list). */
  dataFields: FieldView[];
  isList: boolean;
}

export interface OperationView {
  anchor: string;
  method: string;
  path: string;
  operationId?: string;
  summary?: string;
  description?: string;
  group: string;
  isDeprecated: boolean;
  /** False when the operation declares an empty security requirement (no credentials needed). */
  needsAuth: boolean;
  parameters: ParameterView[];
  requestBody?: BodyView;
  responses: ResponseView[];
}

export interface SecuritySchemeView {
  name: string;
  type: string;
  scheme?: string;
  bearerFormat?: string;
  description?: string;
}

export interface ApiDocumentView {
  title: string;
  version?: string;
  description?: string;
  servers: string[];
  securitySchemes: SecuritySchemeView[];
  errorEnvelope?: { schema: unknown; fields: FieldView[] };
  groups: { name: string; operations: OperationView[] }[];
  operationCount: number;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const text = (value: unknown): string | undefined => (typeof value === "string" && value.trim() ? value : undefined);

/** Follows a local `$ref` ("#/components/...") to its target; anything else is returned as is. */
export function resolveRef(document: unknown, value: unknown): unknown {
  let current = value;
  for (let depth = 0; depth < MAX_REF_DEPTH && isObject(current) && typeof current.$ref === "string"; depth += 1) {
    const ref = current.$ref;
    if (!ref.startsWith("#/")) return current;
    let target: unknown = document;
    for (const segment of ref.slice(2).split("/")) {
      const key = decodeURIComponent(segment).replace(/~1/g, "/").replace(/~0/g, "~");
      target = isObject(target) ? target[key] : Array.isArray(target) ? target[Number(key)] : undefined;
    }
    if (target === undefined) return current;
    current = target;
  }
  return current;
}

/** A copy of a schema with local references inlined; a reference that loops back is left as `$ref`. */
export function inlineRefs(document: unknown, value: unknown, open: ReadonlySet<string> = new Set()): unknown {
  if (Array.isArray(value)) return value.map((item) => inlineRefs(document, item, open));
  if (!isObject(value)) return value;
  if (typeof value.$ref === "string") {
    if (open.has(value.$ref)) return { $ref: value.$ref };
    const target = resolveRef(document, value);
    if (target === value) return { ...value };
    const siblings = Object.fromEntries(Object.entries(value).filter(([key]) => key !== "$ref"));
    const inlined = inlineRefs(document, target, new Set([...open, value.$ref]));
    return isObject(inlined) ? { ...inlined, ...siblings } : inlined;
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, inlineRefs(document, item, open)]));
}

/** A short human reading of a schema's type: `string (date-time)`, `array of string`, `"free" | "pro"`. */
export function describeType(schema: unknown, depth = 0): string {
  if (!isObject(schema) || depth > 4) return "any";
  if (typeof schema.$ref === "string") return schema.$ref.split("/").pop() ?? "object";
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((item) => JSON.stringify(item)).join(" | ");
  for (const combinator of ["anyOf", "oneOf"] as const) {
    const options = schema[combinator];
    if (Array.isArray(options)) return [...new Set(options.map((option) => describeType(option, depth + 1)))].join(" | ");
  }
  if (Array.isArray(schema.allOf)) return schema.allOf.map((part) => describeType(part, depth + 1)).join(" & ");
  const types = Array.isArray(schema.type) ? schema.type.filter((item): item is string => typeof item === "string") : typeof schema.type === "string" ? [schema.type] : [];
  if (!types.length) return isObject(schema.properties) ? "object" : "any";
  const described = types.map((type) => {
    if (type === "array") return `array of ${describeType(schema.items, depth + 1)}`;
    const format = text(schema.format);
    return format ? `${type} (${format})` : type;
  });
  const nullable = schema.nullable === true ? " | null" : "";
  return described.join(" | ") + nullable;
}

function constraints(schema: JsonObject): string[] {
  const notes: string[] = [];
  // Bounds at the safe-integer limits only restate "integer"; they are left out.
  const numeric = (key: string, label: string) => {
    const value = schema[key];
    if (typeof value === "number" && Math.abs(value) < Number.MAX_SAFE_INTEGER) notes.push(`${label} ${String(value)}`);
  };
  numeric("minimum", "min");
  numeric("maximum", "max");
  numeric("minLength", "min length");
  numeric("maxLength", "max length");
  numeric("minItems", "min items");
  numeric("maxItems", "max items");
  if ("default" in schema) notes.push(`default ${JSON.stringify(schema.default)}`);
  return notes;
}

function describeWithConstraints(schema: unknown): string {
  const type = describeType(schema);
  const notes = isObject(schema) ? constraints(schema) : [];
  return notes.length ? `${type}; ${notes.join(", ")}` : type;
}

/** The fields of a union's variants (`oneOf` of typed events): one row per name, its types joined, required only if every variant requires it. */
function unionFields(variants: FieldView[][]): FieldView[] {
  const byName = new Map<string, FieldView & { count: number; types: string[] }>();
  for (const fields of variants) {
    for (const field of fields) {
      const seen = byName.get(field.name);
      if (!seen) byName.set(field.name, { ...field, count: 1, types: [field.type] });
      else {
        seen.count += 1;
        seen.isRequired &&= field.isRequired;
        if (!seen.types.includes(field.type)) seen.types.push(field.type);
      }
    }
  }
  return [...byName.values()].map(({ count, types, ...field }) => ({ ...field, type: types.join(" | "), isRequired: field.isRequired && count === variants.length }));
}

/** The top-level properties of an object schema (allOf parts merged, a oneOf or anyOf union's variants combined). */
export function schemaFields(document: unknown, schema: unknown): FieldView[] {
  const resolved = resolveRef(document, schema);
  if (!isObject(resolved)) return [];
  if (Array.isArray(resolved.allOf)) return resolved.allOf.flatMap((part) => schemaFields(document, part));
  const variants = Array.isArray(resolved.oneOf) ? resolved.oneOf : Array.isArray(resolved.anyOf) ? resolved.anyOf : undefined;
  if (variants && !isObject(resolved.properties)) return unionFields(variants.map((variant) => schemaFields(document, variant)));
  if (!isObject(resolved.properties)) return [];
  const required = new Set(Array.isArray(resolved.required) ? resolved.required.filter((item): item is string => typeof item === "string") : []);
  return Object.entries(resolved.properties).map(([name, property]) => {
    const target = resolveRef(document, property);
    return {
      name,
      type: describeWithConstraints(target),
      isRequired: required.has(name),
      description: isObject(target) ? text(target.description) : undefined,
    };
  });
}

function firstContent(content: unknown): { contentType?: string; schema?: unknown } {
  if (!isObject(content)) return {};
  const entries = Object.entries(content);
  const [contentType, media] = entries.find(([type]) => type.includes("json")) ?? entries[0] ?? [];
  return { contentType, schema: isObject(media) ? media.schema : undefined };
}

function parameterViews(document: unknown, ...lists: unknown[]): ParameterView[] {
  const byKey = new Map<string, ParameterView>();
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const parameter = resolveRef(document, raw);
      if (!isObject(parameter) || typeof parameter.name !== "string") continue;
      const schema = resolveRef(document, parameter.schema);
      const location = text(parameter.in) ?? "query";
      // Operation-level parameters override path-level ones of the same name and location.
      byKey.set(`${location}:${parameter.name}`, {
        name: parameter.name,
        location,
        isRequired: parameter.required === true || location === "path",
        type: describeWithConstraints(schema),
        description: text(parameter.description) ?? (isObject(schema) ? text(schema.description) : undefined),
        schema: inlineRefs(document, schema),
      });
    }
  }
  return [...byKey.values()];
}

function bodyView(document: unknown, raw: unknown): BodyView | undefined {
  const body = resolveRef(document, raw);
  if (!isObject(body)) return undefined;
  const { contentType, schema } = firstContent(body.content);
  if (!contentType) return undefined;
  return { contentType, isRequired: body.required === true, schema: inlineRefs(document, schema), fields: schemaFields(document, schema) };
}

function dataOf(document: unknown, schema: unknown): { fields: FieldView[]; isList: boolean } {
  const envelope = resolveRef(document, schema);
  const data = isObject(envelope) && isObject(envelope.properties) ? resolveRef(document, envelope.properties.data) : undefined;
  if (!isObject(data)) return { fields: [], isList: false };
  if (data.type === "array") return { fields: schemaFields(document, data.items), isList: true };
  return { fields: schemaFields(document, data), isList: false };
}

function responseViews(document: unknown, raw: unknown): ResponseView[] {
  if (!isObject(raw)) return [];
  return Object.entries(raw)
    .map(([status, value]): ResponseView => {
      const response = resolveRef(document, value);
      const empty = { status, isErrorEnvelope: false, dataFields: [], isList: false };
      if (!isObject(response)) return empty;
      const { contentType, schema } = firstContent(response.content);
      const data = status.startsWith("2") ? dataOf(document, schema) : { fields: [], isList: false };
      return {
        ...empty,
        description: text(response.description),
        contentType,
        schema: schema === undefined ? undefined : inlineRefs(document, schema),
        dataFields: data.fields,
        isList: data.isList,
      };
    })
    .sort((a, b) => a.status.localeCompare(b.status));
}

function slug(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

/** The group an operation is listed under: its first tag, else the first path segment after the version. */
function groupOf(path: string, tags: unknown): string {
  if (Array.isArray(tags) && typeof tags[0] === "string") return tags[0];
  const segments = path.split("/").filter((segment) => segment && !segment.startsWith("{"));
  const versionIndex = segments.findIndex((segment) => /^v\d+$/.test(segment));
  return segments[versionIndex + 1] ?? segments[0] ?? "general";
}

export function listOperations(document: unknown): OperationView[] {
  if (!isObject(document) || !isObject(document.paths)) return [];
  const globalSecurity = document.security;
  const operations: OperationView[] = [];
  for (const [path, rawItem] of Object.entries(document.paths)) {
    const item = resolveRef(document, rawItem);
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const security = operation.security ?? globalSecurity;
      const operationId = text(operation.operationId);
      operations.push({
        anchor: slug(operationId ?? `${method}-${path}`),
        method: method.toUpperCase(),
        path,
        operationId,
        summary: text(operation.summary),
        description: text(operation.description),
        group: groupOf(path, operation.tags),
        isDeprecated: operation.deprecated === true,
        needsAuth: Array.isArray(security) ? security.some((requirement) => isObject(requirement) && Object.keys(requirement).length > 0) : false,
        parameters: parameterViews(document, item.parameters, operation.parameters),
        requestBody: bodyView(document, operation.requestBody),
        responses: responseViews(document, operation.responses),
      });
    }
  }
  return operations;
}

function securitySchemeViews(document: JsonObject): SecuritySchemeView[] {
  const schemes = isObject(document.components) ? document.components.securitySchemes : undefined;
  if (!isObject(schemes)) return [];
  return Object.entries(schemes).flatMap(([name, raw]) => {
    const scheme = resolveRef(document, raw);
    if (!isObject(scheme)) return [];
    return [{ name, type: text(scheme.type) ?? "unknown", scheme: text(scheme.scheme), bearerFormat: text(scheme.bearerFormat), description: text(scheme.description) }];
  });
}

/** The error envelope: a component schema named like "Error", else the first error response's schema. */
function errorEnvelope(document: JsonObject, operations: OperationView[]): ApiDocumentView["errorEnvelope"] {
  const schemas = isObject(document.components) && isObject(document.components.schemas) ? document.components.schemas : {};
  const named = Object.entries(schemas).find(([name]) => /error/i.test(name));
  const schema =
    named?.[1] ??
    operations.flatMap((operation) => operation.responses).find((response) => /^[45]/.test(response.status) && response.schema !== undefined)?.schema;
  if (schema === undefined) return undefined;
  return { schema: inlineRefs(document, schema), fields: schemaFields(document, schema) };
}

/** A server's URL with each `{variable}` replaced by its default (the origin the reader reached, for Orbit's own). */
function serverUrl(server: JsonObject): string {
  const variables = isObject(server.variables) ? server.variables : {};
  return String(server.url).replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const variable = variables[name];
    return isObject(variable) && typeof variable.default === "string" ? variable.default : placeholder;
  });
}

export function readApiDocument(document: unknown): ApiDocumentView {
  const root = isObject(document) ? document : {};
  const info = isObject(root.info) ? root.info : {};
  const operations = listOperations(root);
  const envelope = errorEnvelope(root, operations);
  const envelopeJson = envelope && JSON.stringify(envelope.schema);
  for (const response of operations.flatMap((operation) => operation.responses)) {
    response.isErrorEnvelope = envelopeJson !== undefined && response.schema !== undefined && JSON.stringify(response.schema) === envelopeJson;
  }
  const groups = new Map<string, OperationView[]>();
  for (const operation of operations) groups.set(operation.group, [...(groups.get(operation.group) ?? []), operation]);
  return {
    title: text(info.title) ?? "API reference",
    version: text(info.version),
    description: text(info.description),
    servers: Array.isArray(root.servers) ? root.servers.flatMap((server) => (isObject(server) && typeof server.url === "string" ? [serverUrl(server)] : [])) : [],
    securitySchemes: securitySchemeViews(root),
    errorEnvelope: envelope,
    groups: [...groups].map(([name, list]) => ({ name, operations: list })),
    operationCount: operations.length,
  };
}
