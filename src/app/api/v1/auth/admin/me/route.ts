// A token route as a static path, which Next.js matches for less than the catch-all (decision
// 0006); the same dispatcher answers it.
export { GET, POST, PUT, PATCH, DELETE, OPTIONS } from '@/server/rest/route-handlers';
