// Checks responses against the served OpenAPI document with an independent JSON Schema validator,
// as an integrator's generated client would.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { expect } from "vitest";
import { TestClient, type TestResponse } from "./http";

type Json = Record<string, any>;

let documentPromise: Promise<Json> | undefined;

export function openApiDocument(): Promise<Json> {
  documentPromise ??= new TestClient().get("/api/v1/openapi.json").then((response) => response.body as Json);
  return documentPromise;
}

const validators = new Map<string, (body: unknown) => boolean>();

/** Asserts the response's status is documented for the operation and its body matches the schema. */
export async function expectMatchesOpenApi(method: string, templatePath: string, response: TestResponse): Promise<void> {
  const document = await openApiDocument();
  const operation = document.paths[templatePath.replace(/^\/api/, "")]?.[method.toLowerCase()];
  expect(operation, `${method} ${templatePath} is documented`).toBeDefined();
  const documented = operation.responses[String(response.status)];
  expect(documented, `${method} ${templatePath} documents status ${response.status}`).toBeDefined();
  const key = `${method} ${templatePath} ${response.status}`;
  let validate = validators.get(key);
  if (!validate) {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema({ $id: "doc", components: document.components });
    const schema = JSON.parse(JSON.stringify(documented.content["application/json"].schema).replaceAll('"#/components/', '"doc#/components/'));
    const compiled = ajv.compile(schema);
    validate = (body) => {
      const isValid = compiled(body) as boolean;
      if (!isValid) console.error(key, JSON.stringify(compiled.errors, null, 1));
      return isValid;
    };
    validators.set(key, validate);
  }
  expect(validate(response.body), `${key} matches its documented schema`).toBe(true);
}
