// /docs/api: the index of the REST reference, rendered from the served OpenAPI document itself (no
// hand-written copy, no CDN assets): every operation by group and every named schema, each linking
// to a page of its own.
import type { Metadata } from 'next';
import Link from 'next/link';
import styles from './api-docs.module.css';
import { operationHref, schemaHref } from './hrefs';
import { reference } from './reference';
import { RichText } from './rich-text';

export const metadata: Metadata = { title: 'REST API reference' };

export default function ApiReferenceIndex() {
  const { doc, operations, components } = reference();
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

      <nav aria-labelledby="operations" className={styles.toc}>
        <h2 id="operations">Operations</h2>
        {doc.tags.map((tag) => (
          <section key={tag.name} aria-labelledby={`tag-${tag.name}`}>
            <h3 id={`tag-${tag.name}`}>{tag.name}</h3>
            <p className={styles.muted}>{tag.description}</p>
            <ul>
              {operations
                .filter(({ op }) => op.tags.includes(tag.name))
                .map(({ path, method, op }) => (
                  <li key={`${method} ${path}`}>
                    <Link href={operationHref(op)}>
                      {/*
                        One text node: the served HTML carries each full path, as the document's readers search it.
                      */}
                      <code>{`${method.toUpperCase()} /api/v1${path}`}</code>
                    </Link>{' '}
                    {op.summary}
                  </li>
                ))}
            </ul>
          </section>
        ))}
      </nav>

      <nav aria-labelledby="schemas" className={styles.toc}>
        <h2 id="schemas">Schemas</h2>
        <ul className={styles.schemaList}>
          {Object.keys(components).map((name) => (
            <li key={name}>
              <Link href={schemaHref(name)}>{name}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </main>
  );
}
