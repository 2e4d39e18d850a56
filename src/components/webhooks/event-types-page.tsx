"use client";
// Webhooks → Event types: each type of the catalog with when it is sent, the JSON Schema of its body
// and an example body (what a test event of that type sends), all generated from the typed catalog.
import { useQuery } from "@tanstack/react-query";
import { CARD } from "@/components/ui/styles";
import { CopyButton, PageHeader, QueryState } from "@/components/ui";
import { useTRPC } from "@/trpc/react";
import { WebhooksNavigation } from "./webhooks-navigation";

export function EventTypesPage() {
  const trpc = useTRPC();
  const types = useQuery(trpc.webhooks.eventTypes.queryOptions());
  return (
    <>
      <PageHeader title="Webhook event types" description="What Orbit sends: each event type, when it is sent, its body's JSON Schema and an example." />
      <WebhooksNavigation current="event-types" />
      <QueryState query={types} loadingLabel="Loading event types…">
        {(list) => (
          <div className="grid gap-5">
            {list.map((entry) => {
              const example = JSON.stringify(entry.example, null, 2);
              const schema = JSON.stringify(entry.schema, null, 2);
              return (
                <section key={entry.type} className={CARD} aria-labelledby={`type-${entry.type}`}>
                  <h2 id={`type-${entry.type}`}>
                    <code>{entry.type}</code>
                  </h2>
                  <p>{entry.description}</p>
                  <details open>
                    <summary>Example body</summary>
                    <pre className="bg-subtle p-3 rounded-lg overflow-auto max-h-[420px] text-[0.85rem] whitespace-pre" tabIndex={0} aria-label={`Example body of ${entry.type}`}>
                      {example}
                    </pre>
                    <CopyButton value={example} label={`Copy the example of ${entry.type}`} />
                  </details>
                  <details>
                    <summary>JSON Schema</summary>
                    <pre className="bg-subtle p-3 rounded-lg overflow-auto max-h-[420px] text-[0.85rem] whitespace-pre" tabIndex={0} aria-label={`JSON Schema of ${entry.type}`}>
                      {schema}
                    </pre>
                    <CopyButton value={schema} label={`Copy the JSON Schema of ${entry.type}`} />
                  </details>
                </section>
              );
            })}
          </div>
        )}
      </QueryState>
    </>
  );
}
