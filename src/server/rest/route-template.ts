// The route template of a request (`/api/v1/auth/{role}/login`), the label its metrics carry:
// built from the path and the params the router matched, never the raw path, whose ids would
// give every account its own time series.
import { UNMATCHED_ROUTE } from '../metrics';

/** A fixed segment of a route folder: lowercase words, `password-reset`, `openapi.json`. */
const STATIC_SEGMENT = /^[a-z][a-z0-9.-]*$/;

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * Replaces, for each param, the last path segment holding its value with `{name}`. Anything left
 * that does not look like a fixed segment means the match was not understood: `unmatched`.
 */
export function routeTemplateOf(pathname: string, params: Record<string, string | string[] | undefined>): string {
  const segments = pathname.split('/');
  const taken = new Set<number>();
  for (const [name, value] of Object.entries(params)) {
    if (typeof value !== 'string') return UNMATCHED_ROUTE; // a catch-all: no route of its own
    for (let i = segments.length - 1; i > 0; i--) {
      if (!taken.has(i) && decoded(segments[i]!) === value) {
        segments[i] = `{${name}}`;
        taken.add(i);
        break;
      }
    }
  }
  const fixed = segments.every((s, i) => (i === 0 ? s === '' : taken.has(i) || STATIC_SEGMENT.test(s)));
  return fixed && taken.size === Object.keys(params).length ? segments.join('/') : UNMATCHED_ROUTE;
}
