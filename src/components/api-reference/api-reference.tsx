// The API reference, rendered from an OpenAPI document on the server. Pure and stateless: the
// document in, markup out.
import type { ReactNode } from "react";
import { readApiDocument, type FieldView, type OperationView, type ParameterView, type ResponseView } from "./openapi";
import { inlineMarkdown, PlainMarkdown } from "./plain-markdown";

function MethodBadge({ method }: { method: string }) {
  return <span className={`method method-${method.toLowerCase()}`}>{method}</span>;
}

function JsonBlock({ label, value }: { label: ReactNode; value: unknown }) {
  return (
    <details className="json">
      <summary>{label}</summary>
      <pre>{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}

function FieldTable({ fields, showRequired = true }: { fields: FieldView[]; showRequired?: boolean }) {
  const hasDescriptions = fields.some((field) => field.description);
  return (
    <table className="fields">
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
              {showRequired && field.isRequired && <span className="required">required</span>}
            </td>
            <td className="type">{field.type}</td>
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
    <table className="fields">
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
              {parameter.isRequired && <span className="required">required</span>}
            </td>
            <td>{parameter.location}</td>
            <td className="type">{parameter.type}</td>
            {hasDescriptions && <td>{parameter.description ? inlineMarkdown(parameter.description) : ""}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ResponseList({ responses }: { responses: ResponseView[] }) {
  return (
    <ul className="responses">
      {responses.map((response) => (
        <li key={response.status}>
          <div className="response-line">
            <span className={`status status-${response.status.charAt(0)}xx`}>{response.status}</span>
            <span>{response.description ? inlineMarkdown(response.description) : ""}</span>
            {response.isErrorEnvelope && (
              <a href="#errors" className="small">
                error envelope
              </a>
            )}
          </div>
          {response.dataFields.length > 0 && (
            <div className="response-data">
              <p className="small muted">
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
    <article className="operation" id={operation.anchor} data-testid="operation">
      <header className="operation-header">
        <MethodBadge method={operation.method} />
        <code className="operation-path">{operation.path}</code>
        {operation.isDeprecated && <span className="deprecated">deprecated</span>}
        {!operation.needsAuth && <span className="muted small">no authentication</span>}
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
            Request body <span className="muted small">{operation.requestBody.contentType}{operation.requestBody.isRequired ? ", required" : ""}</span>
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
    <div className="reference">
      <aside className="reference-nav" aria-label="Operations">
        <a href="#overview" className="nav-section">
          Overview
        </a>
        {view.groups.map((group) => (
          <div key={group.name}>
            <p className="nav-group">{group.name}</p>
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
      <div className="reference-body">
        <section id="overview" className="overview">
          <h1>
            {view.title} {view.version && <span className="version">{/^v/i.test(view.version) ? view.version : `v${view.version}`}</span>}
          </h1>
          {view.description && <PlainMarkdown source={view.description} />}
          {view.servers.length > 0 && (
            <p>
              Base URL: {view.servers.map((server) => <code key={server}>{server}</code>)}
            </p>
          )}
          <p className="muted small">
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
          <section key={group.name} className="group">
            <h2 className="group-title">{group.name}</h2>
            {group.operations.map((operation) => (
              <Operation key={operation.anchor} operation={operation} />
            ))}
          </section>
        ))}
        {view.operationCount === 0 && <p className="notice notice-info">The document lists no operations.</p>}
      </div>
    </div>
  );
}
