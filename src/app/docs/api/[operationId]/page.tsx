// /docs/api/<operationId>: one operation of the REST reference, on a page of its own.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { OperationView } from '../operation-view';
import { reference, ReferenceFrame } from '../reference';

interface Props {
  params: Promise<{ operationId: string }>;
}

function operationOf(id: string) {
  return reference().operations.find(({ op }) => op.operationId === id);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = operationOf(decodeURIComponent((await params).operationId));
  return {
    title: found ? `${found.method.toUpperCase()} /api/v1${found.path} · REST API reference` : 'REST API reference',
  };
}

export default async function OperationPage({ params }: Props) {
  const found = operationOf(decodeURIComponent((await params).operationId));
  if (!found) notFound();
  return (
    <ReferenceFrame>
      <p>Group: {found.op.tags.join(', ')}</p>
      <OperationView method={found.method} path={found.path} op={found.op} components={reference().components} />
    </ReferenceFrame>
  );
}
