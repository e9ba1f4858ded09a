// Readable views of the document's JSON Schemas: a one-line type and a table of an object's fields.
import Link from 'next/link';
import type { ReactNode } from 'react';
import styles from './api-docs.module.css';
import { schemaHref } from './hrefs';

/** The parts of a JSON Schema (2020-12) that the generated components use. */
export interface JsonSchema {
  $ref?: string;
  type?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
}

export const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

/** `string`, `"a" | "b"`, `array of AdminProfile`, `map of string to string[]`... with links to named schemas. */
export function TypeOf({ schema }: { schema: JsonSchema }): ReactNode {
  if (schema.$ref) {
    const name = refName(schema.$ref);
    return <Link href={schemaHref(name)}>{name}</Link>;
  }
  if (schema.const !== undefined) return <code>{JSON.stringify(schema.const)}</code>;
  if (schema.enum) return <code>{schema.enum.map((v) => JSON.stringify(v)).join(' | ')}</code>;
  if (schema.allOf) {
    return schema.allOf.map((part, i) => (
      <span key={i}>
        {i > 0 && ' & '}
        <TypeOf schema={part} />
      </span>
    ));
  }
  if (schema.type === 'array' && schema.items) {
    return (
      <>
        array of <TypeOf schema={schema.items} />
      </>
    );
  }
  if (schema.type === 'object' && typeof schema.additionalProperties === 'object' && !schema.properties) {
    return (
      <>
        map of string to <TypeOf schema={schema.additionalProperties} />
      </>
    );
  }
  return <code>{schema.format ? `${schema.type ?? 'any'} (${schema.format})` : (schema.type ?? 'any')}</code>;
}

/** Limits a schema states, capitalised to follow its description: "At most 254 characters". */
function constraints(schema: JsonSchema): string {
  const notes: string[] = [];
  const chars = (n: number) => `${n} character${n === 1 ? '' : 's'}`;
  if (schema.minLength !== undefined) notes.push(`at least ${chars(schema.minLength)}`);
  if (schema.maxLength !== undefined) notes.push(`at most ${chars(schema.maxLength)}`);
  if (schema.pattern) notes.push(`matches ${schema.pattern}`);
  if (schema.minimum !== undefined) notes.push(`at least ${schema.minimum}`);
  if (notes[0]) notes[0] = notes[0][0]!.toUpperCase() + notes[0].slice(1);
  return notes.length ? `${notes.join(', ')}.` : '';
}

/** A table that scrolls sideways in its own box on a narrow screen, reachable by keyboard to do so. */
export function TableBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.tableBox} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

export function TableHead({ columns }: { columns: string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The fields of an object schema, one row each: name, type, whether required, and notes. */
export function FieldTable({ schema }: { schema: JsonSchema }) {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) return <p className={styles.muted}>No fields.</p>;
  return (
    <TableBox label="Fields">
      <table className={styles.fields}>
        <TableHead columns={['Field', 'Type', 'Required', 'Notes']} />
        <tbody>
          {properties.map(([name, field]) => (
            <tr key={name}>
              <td>
                <code>{name}</code>
              </td>
              <td>
                <TypeOf schema={field} />
              </td>
              <td>{schema.required?.includes(name) ? 'yes' : 'no'}</td>
              <td>{[field.description, constraints(field)].filter(Boolean).join(' ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}
