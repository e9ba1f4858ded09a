// Every path under /api/v1: one dispatcher over the route table (src/contract/routes.ts).
export { GET, POST, PUT, PATCH, DELETE, OPTIONS } from '@/server/rest/route-handlers';
