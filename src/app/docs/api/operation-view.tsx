// One operation of the OpenAPI document as a section: what it does, what it takes, what it answers.
import Link from 'next/link';
import styles from './api-docs.module.css';
import { schemaHref } from './hrefs';
import { RichText } from './rich-text';
import { FieldTable, refName, TableBox, TableHead, TypeOf, type JsonSchema } from './schema-view';

type Content = Record<string, { schema: JsonSchema }>;

/** The parts of an OpenAPI Operation Object this page shows. */
export interface OperationDoc {
  operationId: string;
  summary: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required: boolean; description?: string; schema: JsonSchema }[];
  requestBody?: { content: Content };
  responses: Record<
    string,
    { description: string; headers?: Record<string, { description?: string }>; content?: Content }
  >;
}

const titleId = (op: OperationDoc) => `op-${op.operationId}`;

function ResponseBody({ content }: { content: Content | undefined }) {
  if (!content) return <span className={styles.muted}>none</span>;
  return Object.entries(content).map(([mediaType, { schema }]) => (
    <div key={mediaType}>
      <code>{mediaType}</code>{' '}
      {/* Problem answers narrow the shared Problem schema; the codes are listed beside them. */}
      {mediaType === 'application/problem+json' ? (
        <Link href={schemaHref('Problem')}>Problem</Link>
      ) : (
        <TypeOf schema={schema} />
      )}
    </div>
  ));
}

export function OperationView(props: {
  method: string;
  path: string;
  op: OperationDoc;
  components: Record<string, JsonSchema>;
}) {
  const { method, path, op, components } = props;
  const body = op.requestBody?.content['application/json']?.schema;
  const bodySchema = body?.$ref ? components[refName(body.$ref)] : body;
  return (
    <section className={styles.operation} aria-labelledby={titleId(op)}>
      <h1 id={titleId(op)}>
        <span className={`${styles.method} ${styles[method.toLowerCase()] ?? ''}`}>{method.toUpperCase()}</span>{' '}
        <code>{`/api/v1${path}`}</code>
      </h1>
      <p className={styles.summary}>{op.summary}</p>
      <RichText text={op.description} />
      <p>
        <strong>Authentication:</strong>{' '}
        {op.security?.length ? (
          <>
            <code>Authorization: Bearer &lt;access_token&gt;</code> of this role; a 401 means refresh and retry once.
          </>
        ) : (
          'none.'
        )}
      </p>
      {op.parameters && (
        <>
          <h2>Parameters</h2>
          <FieldTable
            schema={{
              properties: Object.fromEntries(
                op.parameters.map((p) => [
                  p.name,
                  { ...p.schema, description: [`In the ${p.in}.`, p.description].filter(Boolean).join(' ') },
                ]),
              ),
              required: op.parameters.filter((p) => p.required).map((p) => p.name),
            }}
          />
        </>
      )}
      {body && bodySchema && (
        <>
          <h2>
            Request body (<code>application/json</code>): <TypeOf schema={body} />
          </h2>
          <FieldTable schema={bodySchema} />
        </>
      )}
      <h2>Responses</h2>
      <TableBox label="Responses">
        <table className={styles.responses}>
          <TableHead columns={['Status', 'Meaning', 'Body']} />
          <tbody>
            {Object.entries(op.responses).map(([status, response]) => (
              <tr key={status}>
                <td>
                  <strong>{status}</strong>
                </td>
                <td>
                  <RichText text={response.description} />
                  {response.headers &&
                    Object.entries(response.headers).map(([name, header]) => (
                      <p key={name}>
                        Header <code>{name}</code>: {header.description}
                      </p>
                    ))}
                </td>
                <td>
                  <ResponseBody content={response.content} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
    </section>
  );
}
