// GET /api/v1/openapi.json: the OpenAPI 3.1 document of the REST contract, generated from its zod schemas.
import { openApiDocument } from '@/server/openapi/document';
import { restRoute } from '@/server/rest/route';

export const { GET, POST, PUT, PATCH, DELETE } = restRoute({
  GET: async () => openApiDocument(),
});
