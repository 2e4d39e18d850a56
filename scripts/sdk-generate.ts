// npm run sdk:generate: writes the SDK's types from the document this build serves.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { buildOpenApiDocument } from "@/server/api/openapi";
import { SDK_TYPES_FILE, sdkTypesOf } from "./sdk-types";

const target = path.resolve(import.meta.dirname, "..", SDK_TYPES_FILE);
await writeFile(target, await sdkTypesOf(buildOpenApiDocument("http://localhost:3000")));
console.log(`Wrote ${SDK_TYPES_FILE}`);
