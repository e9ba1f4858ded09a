// /docs/api: a readable reference of the REST contract, rendered from the served OpenAPI document
// itself (no hand-written copy, no CDN assets), grouped by tag, with every named schema at the end.
import type { Metadata } from 'next';
import { openApiDocument } from '@/server/openapi/document';
import styles from './api-docs.module.css';
import { operationAnchor, OperationView, type OperationDoc } from './operation-view';
import { RichText } from './rich-text';
import { FieldTable, schemaAnchor, TypeOf, type JsonSchema } from './schema-view';

export const metadata: Metadata = { title: 'REST API reference' };

export default function ApiReferencePage() {
  const doc = openApiDocument();
  const components = doc.components.schemas as Record<string, JsonSchema>;
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, OperationDoc & { tags: string[] }>).map(([method, op]) => ({ path, method, op })),
  );

  return (
    <main className={styles.page}>
      <header>
        <h1>{doc.info.title}</h1>
        <p className={styles.muted}>
          OpenAPI {doc.openapi} · document version {doc.info.version} · machine-readable at{' '}
          <a href="/api/v1/openapi.json">
            <code>/api/v1/openapi.json</code>
          </a>
        </p>
        <RichText text={doc.info.description} />
      </header>

      <nav aria-label="Operations" className={styles.toc}>
        <h2>Operations</h2>
        {doc.tags.map((tag) => (
          <div key={tag.name}>
            <h3>{tag.name}</h3>
            <ul>
              {operations
                .filter(({ op }) => op.tags.includes(tag.name))
                .map(({ path, method, op }) => (
                  <li key={`${method} ${path}`}>
                    <a href={`#${operationAnchor(op)}`}>
                      <code>
                        {method.toUpperCase()} {path}
                      </code>
                    </a>{' '}
                    {op.summary}
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </nav>

      {doc.tags.map((tag) => (
        <section key={tag.name} aria-labelledby={`tag-${tag.name}`}>
          <h2 id={`tag-${tag.name}`}>{tag.name}</h2>
          <p className={styles.muted}>{tag.description}</p>
          {operations
            .filter(({ op }) => op.tags.includes(tag.name))
            .map(({ path, method, op }) => (
              <OperationView key={`${method} ${path}`} method={method} path={path} op={op} components={components} />
            ))}
        </section>
      ))}

      <section aria-labelledby="schemas">
        <h2 id="schemas">Schemas</h2>
        {Object.entries(components).map(([name, schema]) => (
          <section key={name} id={schemaAnchor(name)} className={styles.schema}>
            <h3>{name}</h3>
            <RichText text={schema.description} />
            {schema.properties ? <FieldTable schema={schema} /> : <TypeOf schema={schema} />}
          </section>
        ))}
      </section>
    </main>
  );
}
