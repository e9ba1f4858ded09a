// The addresses of the API reference's pages: the index, one page per operation, one per schema.
export const API_DOCS = '/docs/api';
export const operationHref = (op: { operationId: string }) => `${API_DOCS}/${encodeURIComponent(op.operationId)}`;
export const schemaHref = (name: string) => `${API_DOCS}/schemas/${encodeURIComponent(name)}`;
