// What the reference pages share: the served OpenAPI document's operations in the order of their
// groups, the addresses of an operation's and a schema's own page, and the frame each page sits in.
// One page per operation and per schema, so no page carries the whole document (it was one 1.9 MB page).
import Link from 'next/link';
import type { ReactNode } from 'react';
import { openApiDocument } from '@/server/openapi/document';
import styles from './api-docs.module.css';
import { API_DOCS } from './hrefs';
import type { OperationDoc } from './operation-view';
import type { JsonSchema } from './schema-view';

export interface ListedOperation {
  path: string;
  method: string;
  op: OperationDoc & { tags: string[] };
}

export function reference() {
  const doc = openApiDocument();
  const operations: ListedOperation[] = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, ListedOperation['op']>).map(([method, op]) => ({ path, method, op })),
  );
  return { doc, operations, components: doc.components.schemas as Record<string, JsonSchema> };
}

/** A reference page: the way back to the index above its content. */
export function ReferenceFrame({ children }: { children: ReactNode }) {
  return (
    <main className={styles.page}>
      <nav aria-label="Breadcrumb">
        <Link href={API_DOCS}>REST API reference</Link>
      </nav>
      {children}
    </main>
  );
}
