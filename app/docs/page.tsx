import type { Metadata } from "next";
import { config } from "@/lib/config";
import { openApiDocument } from "@/lib/api/openapi";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "API reference" };

type Json = Record<string, any>;

function Schema({ schema }: { schema: unknown }) {
  return <pre>{JSON.stringify(schema, null, 2)}</pre>;
}

export default function DocsPage() {
  const document = openApiDocument(config().baseUrl).document as Json;
  const operations = Object.entries(document.paths as Json).flatMap(([path, methods]) =>
    Object.entries(methods as Json).map(([method, operation]) => ({
      path,
      method,
      operation: operation as Json,
    })),
  );
  return (
    <main className="main docs">
      <p>
        <a href="/dashboard" className="brand">
          Allclear
        </a>
      </p>
      <h1>{document.info.title}</h1>
      <p className="muted">{document.info.description}</p>
      <p>
        Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI {document.openapi}).
      </p>
      {(document.tags as { name: string }[]).map((tag) => (
        <section key={tag.name}>
          <h2>{tag.name}</h2>
          {operations
            .filter(({ operation }) => operation.tags?.includes(tag.name))
            .map(({ path, method, operation }) => (
              <details key={`${method} ${path}`} className="card docs-entry">
                <summary>
                  <span className="method">{method.toUpperCase()}</span> <code>{path}</code> —{" "}
                  {operation.summary}
                </summary>
                <p className="pre-line">{operation.description}</p>
                {operation.parameters?.length > 0 && (
                  <>
                    <h3>Parameters</h3>
                    <ul>
                      {(operation.parameters as Json[]).map((p) => (
                        <li key={`${p.in}-${p.name}`}>
                          <code>{p.name}</code> ({p.in}
                          {p.required ? ", required" : ""})
                        </li>
                      ))}
                    </ul>
                  </>
                )}
                {operation.requestBody && (
                  <>
                    <h3>Request body</h3>
                    {operation.requestBody.content["application/json"] ? (
                      <Schema schema={operation.requestBody.content["application/json"].schema} />
                    ) : (
                      <p>
                        The file itself, as{" "}
                        {Object.keys(operation.requestBody.content).map((type, index) => (
                          <span key={type}>
                            {index ? ", " : ""}
                            <code>{type}</code>
                          </span>
                        ))}
                        .
                      </p>
                    )}
                  </>
                )}
                <h3>Responses</h3>
                <ul>
                  {Object.entries(operation.responses as Json).map(([status, response]) => (
                    <li key={status}>
                      <strong>{status}</strong> {(response as Json).description}
                      {(response as Json).content?.["application/json"] && (
                        <Schema schema={(response as Json).content["application/json"].schema} />
                      )}
                    </li>
                  ))}
                </ul>
              </details>
            ))}
        </section>
      ))}
      <h2>Schemas</h2>
      {Object.entries(document.components.schemas as Json).map(([name, schema]) => (
        <details key={name} id={`schema-${name}`} className="card docs-entry">
          <summary>
            <code>{name}</code>
          </summary>
          <Schema schema={schema} />
        </details>
      ))}
    </main>
  );
}
