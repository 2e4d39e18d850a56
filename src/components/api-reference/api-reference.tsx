// The API reference, rendered from an OpenAPI document on the server. Pure and stateless: the
// document in, markup out.
import type { ReactNode } from "react";
import { SdkExample } from "./sdk-example";
import { noticeClass } from "@/components/ui/styles";
import { cn } from "@/components/ui/cn";
import { readApiDocument, type FieldView, type OperationView, type ParameterView, type ResponseView } from "./openapi";
import { inlineMarkdown, PlainMarkdown } from "./plain-markdown";

/**
 * The page's layout, and the looks of the method badges, paths and version that the reference's
 * tests read by their class names (`method method-get`, `operation-path`, `version`).
 */
const REFERENCE = cn(
  "grid grid-cols-[240px_1fr] items-start gap-10 max-[860px]:grid-cols-1",
  "[&_.method]:min-w-[52px] [&_.method]:rounded [&_.method]:bg-subtle [&_.method]:px-1.5 [&_.method]:py-0.5 [&_.method]:text-center [&_.method]:font-mono [&_.method]:text-[0.7rem] [&_.method]:font-bold [&_.method]:text-muted-foreground",
  "[&_.method-get]:bg-success-soft! [&_.method-get]:text-success! [&_.method-post]:bg-primary-soft! [&_.method-post]:text-primary-soft-foreground!",
  "[&_.method-put]:bg-warning-soft! [&_.method-put]:text-warning! [&_.method-patch]:bg-warning-soft! [&_.method-patch]:text-warning! [&_.method-delete]:bg-danger-soft! [&_.method-delete]:text-danger!",
  "[&_.operation-path]:bg-transparent [&_.operation-path]:p-0 [&_.operation-path]:text-[0.95rem] [&_.operation-path]:font-semibold",
  "[&_.version]:align-middle [&_.version]:text-[0.9rem] [&_.version]:font-medium [&_.version]:text-muted-foreground",
  "[&_h4_.text-sm]:font-normal [&_h4_.text-sm]:tracking-normal [&_h4_.text-sm]:normal-case",
);
const FIELDS = "w-full border-collapse text-[0.88rem] mb-2 [&_th]:border-b [&_th]:border-border [&_th]:px-2 [&_th]:py-1.5 [&_th]:text-left [&_th]:font-semibold [&_th]:text-muted-foreground [&_td]:border-b [&_td]:border-border [&_td]:px-2 [&_td]:py-1.5 [&_td]:align-top";
const TYPE = "max-w-[260px] font-mono text-[0.8rem] wrap-anywhere text-muted-foreground";

function MethodBadge({ method }: { method: string }) {
  return <span className={`method method-${method.toLowerCase()}`}>{method}</span>;
}

function JsonBlock({ label, value }: { label: ReactNode; value: unknown }) {
  return (
    <details className="json mt-1 mb-0.5 [&_summary]:cursor-pointer [&_summary]:text-[0.85rem] [&_summary]:text-link [&_pre]:mt-1.5 [&_pre]:mb-0 [&_pre]:max-h-[420px] [&_pre]:overflow-auto [&_pre]:rounded-lg [&_pre]:bg-code-block [&_pre]:px-3.5 [&_pre]:py-3 [&_pre]:text-[0.8rem] [&_pre]:text-code-block-foreground">
      <summary>{label}</summary>
      <pre>{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}

function FieldTable({ fields, showRequired = true }: { fields: FieldView[]; showRequired?: boolean }) {
  const hasDescriptions = fields.some((field) => field.description);
  return (
    <table className={FIELDS}>
      <thead>
        <tr>
          <th>Field</th>
          <th>Type</th>
          {hasDescriptions && <th>Description</th>}
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr key={field.name}>
            <td>
              <code>{field.name}</code>
              {showRequired && field.isRequired && <span className="ml-1.5 text-[0.7rem] font-semibold text-danger">required</span>}
            </td>
            <td className={TYPE}>{field.type}</td>
            {hasDescriptions && <td>{field.description ? inlineMarkdown(field.description) : ""}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ParameterTable({ parameters }: { parameters: ParameterView[] }) {
  const hasDescriptions = parameters.some((parameter) => parameter.description);
  return (
    <table className={FIELDS}>
      <thead>
        <tr>
          <th>Parameter</th>
          <th>In</th>
          <th>Type</th>
          {hasDescriptions && <th>Description</th>}
        </tr>
      </thead>
      <tbody>
        {parameters.map((parameter) => (
          <tr key={`${parameter.location}:${parameter.name}`}>
            <td>
              <code>{parameter.name}</code>
              {parameter.isRequired && <span className="ml-1.5 text-[0.7rem] font-semibold text-danger">required</span>}
            </td>
            <td>{parameter.location}</td>
            <td className={TYPE}>{parameter.type}</td>
            {hasDescriptions && <td>{parameter.description ? inlineMarkdown(parameter.description) : ""}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ResponseList({ responses }: { responses: ResponseView[] }) {
  return (
    <ul className="m-0 list-none p-0 [&>li]:border-b [&>li]:border-border [&>li]:py-1.5 [&>li:last-child]:border-b-0">
      {responses.map((response) => (
        <li key={response.status}>
          <div className="grid grid-cols-[36px_1fr_auto] items-baseline gap-2.5">
            <span className={cn("font-mono text-[0.85rem] font-bold", response.status.startsWith("2") ? "text-success" : "text-danger")}>{response.status}</span>
            <span>{response.description ? inlineMarkdown(response.description) : ""}</span>
            {response.isErrorEnvelope && (
              <a href="#errors" className="text-sm">
                error envelope
              </a>
            )}
          </div>
          {response.dataFields.length > 0 && (
            <div className="mt-1.5 mb-0 [&_p]:mt-0 [&_p]:mb-1">
              <p className="text-sm text-muted-foreground">
                <code>data</code> {response.isList ? "is a list; each item has" : "has"}:
              </p>
              <FieldTable fields={response.dataFields} showRequired={false} />
            </div>
          )}
          {response.schema !== undefined && !response.isErrorEnvelope && <JsonBlock label={`${response.status} response schema`} value={response.schema} />}
        </li>
      ))}
    </ul>
  );
}

function Operation({ operation }: { operation: OperationView }) {
  return (
    <article className="mb-4 rounded-card border border-border bg-surface px-5 py-[18px]" id={operation.anchor} data-testid="operation">
      <header className="mb-2.5 flex flex-wrap items-center gap-2.5">
        <MethodBadge method={operation.method} />
        <code className="operation-path">{operation.path}</code>
        {operation.isDeprecated && <span className="text-danger text-[0.8rem] font-semibold">deprecated</span>}
        {!operation.needsAuth && <span className="text-muted-foreground text-sm">no authentication</span>}
      </header>
      {operation.summary && <h3>{operation.summary}</h3>}
      {operation.description && <PlainMarkdown source={operation.description} />}
      {operation.parameters.length > 0 && (
        <>
          <h4>Parameters</h4>
          <ParameterTable parameters={operation.parameters} />
        </>
      )}
      {operation.requestBody && (
        <>
          <h4>
            Request body <span className="text-muted-foreground text-sm">{operation.requestBody.contentType}{operation.requestBody.isRequired ? ", required" : ""}</span>
          </h4>
          {operation.requestBody.fields.length > 0 && <FieldTable fields={operation.requestBody.fields} />}
          <JsonBlock label="Request body schema" value={operation.requestBody.schema} />
        </>
      )}
      {operation.responses.length > 0 && (
        <>
          <h4>Responses</h4>
          <ResponseList responses={operation.responses} />
        </>
      )}
    </article>
  );
}

export function ApiReference({ document }: { document: unknown }) {
  const view = readApiDocument(document);
  return (
    <div className={REFERENCE}>
      <aside className="sticky top-20 max-h-[calc(100vh-100px)] overflow-y-auto text-[0.88rem] max-[860px]:static max-[860px]:max-h-none [&_ul]:mt-0 [&_ul]:mb-3 [&_ul]:list-none [&_ul]:p-0 [&_li_a]:flex [&_li_a]:items-center [&_li_a]:gap-1.5 [&_li_a]:rounded-md [&_li_a]:px-1.5 [&_li_a]:py-1 [&_li_a]:text-foreground [&_li_a:hover]:bg-subtle [&_li_a:hover]:no-underline" aria-label="Operations">
        <a href="#overview" className="mb-2.5 block font-semibold">
          Overview
        </a>
        {view.groups.map((group) => (
          <div key={group.name}>
            <p className="mt-2.5 mb-1 text-xs tracking-[0.05em] text-muted-foreground uppercase">{group.name}</p>
            <ul>
              {group.operations.map((operation) => (
                <li key={operation.anchor}>
                  <a href={`#${operation.anchor}`}>
                    <MethodBadge method={operation.method} /> <span>{operation.summary ?? operation.path}</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </aside>
      <div className="min-w-0">
        <section id="overview" className="mb-8 [&_h2]:mt-7">
          <h1>
            {view.title} {view.version && <span className="version">{/^v/i.test(view.version) ? view.version : `v${view.version}`}</span>}
          </h1>
          {view.description && <PlainMarkdown source={view.description} />}
          {view.servers.length > 0 && (
            <p>
              Base URL: {view.servers.map((server) => <code key={server}>{server}</code>)}
            </p>
          )}
          <p className="text-muted-foreground text-sm">
            {view.operationCount} operations · machine-readable document at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>
          </p>

          {view.securitySchemes.length > 0 && (
            <>
              <h2>Authentication</h2>
              <ul>
                {view.securitySchemes.map((scheme) => (
                  <li key={scheme.name}>
                    <strong>{scheme.name}</strong>:{" "}
                    {scheme.type === "http" && scheme.scheme?.toLowerCase() === "bearer" ? (
                      <>
                        send <code>Authorization: Bearer {scheme.bearerFormat ?? "<token>"}</code>
                      </>
                    ) : (
                      <>
                        {scheme.type}
                        {scheme.scheme ? ` (${scheme.scheme})` : ""}
                      </>
                    )}
                    {scheme.description && <PlainMarkdown source={scheme.description} />}
                  </li>
                ))}
              </ul>
            </>
          )}

          <SdkExample />

          {view.errorEnvelope && (
            <>
              <h2 id="errors">Errors</h2>
              <p>Every error answers with this envelope; the status code and the stable <code>error</code> code say what went wrong.</p>
              {view.errorEnvelope.fields.length > 0 && <FieldTable fields={view.errorEnvelope.fields} />}
              <JsonBlock label="Error envelope schema" value={view.errorEnvelope.schema} />
            </>
          )}
        </section>

        {view.groups.map((group) => (
          <section key={group.name}>
            <h2 className="mt-9 mb-4 border-b border-border pb-1.5 capitalize">{group.name}</h2>
            {group.operations.map((operation) => (
              <Operation key={operation.anchor} operation={operation} />
            ))}
          </section>
        ))}
        {view.operationCount === 0 && <p className={noticeClass("info")}>The document lists no operations.</p>}
      </div>
    </div>
  );
}
