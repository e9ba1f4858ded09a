// /docs/api/schemas/<name>: one named schema of the REST reference, on a page of its own.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import styles from '../../api-docs.module.css';
import { reference, ReferenceFrame } from '../../reference';
import { RichText } from '../../rich-text';
import { FieldTable, TypeOf } from '../../schema-view';

interface Props {
  params: Promise<{ schemaName: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `${decodeURIComponent((await params).schemaName)} · REST API reference` };
}

export default async function SchemaPage({ params }: Props) {
  const name = decodeURIComponent((await params).schemaName);
  const schema = Object.hasOwn(reference().components, name) ? reference().components[name] : undefined;
  if (!schema) notFound();
  return (
    <ReferenceFrame>
      <section className={styles.schema} aria-labelledby="schema-name">
        <h1 id="schema-name">{name}</h1>
        <RichText text={schema.description} />
        {schema.properties ? <FieldTable schema={schema} /> : <TypeOf schema={schema} />}
      </section>
    </ReferenceFrame>
  );
}
