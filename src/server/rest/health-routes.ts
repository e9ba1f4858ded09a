// The health probes: liveness (the process answers) and readiness (the database answers and the
// instance is not draining), which load balancers use to pick instances.
import { isDraining } from '../lifecycle';
import { jsonResponse } from './responses';
import { restRoute } from './route';

/** GET: 200 while the process serves requests at all, draining or not. */
export const livenessRoute = () => restRoute({ GET: async () => jsonResponse({ status: 'ok' }) });

/** GET: 200 when the instance should get work; 503 while draining for shutdown or without a database. */
export const readinessRoute = () =>
  restRoute({
    GET: async (ctx) => {
      if (isDraining()) return jsonResponse({ status: 'draining' }, 503);
      return (await ctx.container.databaseHealthy()) ? jsonResponse({ status: 'ok' }) : jsonResponse({ status: 'unavailable' }, 503);
    },
  });
