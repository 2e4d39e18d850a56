// The API reference lists every operation of the OpenAPI document, and its schemas open.
import { check, type E2EFlow } from "../harness";

const flow: E2EFlow = {
  name: "docs",
  async run(e2e) {
    const { page } = await e2e.newPage();
    await e2e.flow("docs", [
      [
        "the API reference lists the operations of the OpenAPI document",
        async () => {
          const document = (await (await fetch(e2e.url("/api/v1/openapi.json"))).json()) as { paths?: Record<string, Record<string, unknown>> };
          const expected = Object.entries(document.paths ?? {}).flatMap(([route, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${route}`));
          check(expected.length > 0, "the OpenAPI document lists no operations");
          await page.goto(e2e.url("/docs/api"));
          const operations = page.getByTestId("operation");
          await operations.first().waitFor();
          const shown = await operations.evaluateAll((nodes) =>
            nodes.map((node) => `${node.querySelector(".method")?.textContent ?? ""} ${node.querySelector(".operation-path")?.textContent ?? ""}`),
          );
          const missing = expected.filter((operation) => !shown.includes(operation));
          check(missing.length === 0, `operations missing from the page: ${missing.join(", ")}`);
          check(shown.length === expected.length, `the page shows ${shown.length} operations, the document has ${expected.length}`);
          await page.getByRole("heading", { name: "Errors" }).waitFor();
          await page.getByRole("heading", { name: "Authentication" }).waitFor();
        },
      ],
      [
        "a schema opens on click",
        async () => {
          const firstSchema = page.getByTestId("operation").first().locator("details.json").first();
          await firstSchema.locator("summary").click();
          check(await firstSchema.locator("pre").isVisible(), "the schema did not open");
          const schema = JSON.parse((await firstSchema.locator("pre").textContent()) ?? "null") as unknown;
          check(typeof schema === "object" && schema !== null, "the schema is not JSON");
        },
      ],
    ]);
  },
};

export default flow;
