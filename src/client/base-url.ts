// The base-address rule (docs/interface.md, "Clients"): where the client sends its requests.

import { API_PREFIX } from '../contract/route';

export { API_PREFIX };
/** The interface's "local address on port 3000" for development without a configured value. */
export const DEVELOPMENT_ORIGIN = 'http://localhost:3000';

export interface BaseUrlInputs {
  /** The client's `baseUrl` option: when given (even empty, meaning same origin), it wins. */
  explicit?: string | undefined;
  /** `VITE_API_URL` as a Vite build sees it. */
  viteApiUrl?: string | undefined;
  /** `NEXT_PUBLIC_API_URL` as a Next.js build sees it. */
  nextPublicApiUrl?: string | undefined;
  /** Whether this is a production build (Vite `PROD`, else `NODE_ENV === 'production'`). */
  production: boolean;
}

const nonEmpty = (value: string | undefined) => (value !== undefined && value.trim() !== '' ? value.trim() : undefined);

/**
 * The API root every route path is appended to, always ending in `/api/v1`. A configured value
 * may name the origin (`https://api.example.com`) or already include the prefix: the interface
 * allows both.
 *
 * | explicit | VITE_API_URL | NEXT_PUBLIC_API_URL | build       | result                         |
 * |----------|--------------|---------------------|-------------|--------------------------------|
 * | given    | any          | any                 | any         | explicit (empty: `/api/v1`)    |
 * | -        | non-empty    | any                 | any         | VITE_API_URL                   |
 * | -        | empty/unset  | non-empty           | any         | NEXT_PUBLIC_API_URL            |
 * | -        | empty/unset  | empty/unset         | development | `http://localhost:3000/api/v1` |
 * | -        | empty/unset  | empty/unset         | production  | `/api/v1` (same origin)        |
 */
export function resolveApiRoot(inputs: BaseUrlInputs): string {
  const configured =
    inputs.explicit !== undefined
      ? inputs.explicit.trim()
      : (nonEmpty(inputs.viteApiUrl) ?? nonEmpty(inputs.nextPublicApiUrl));
  if (configured === undefined) return inputs.production ? API_PREFIX : `${DEVELOPMENT_ORIGIN}${API_PREFIX}`;
  const trimmed = configured.replace(/\/+$/, '');
  return trimmed.endsWith(API_PREFIX) ? trimmed : `${trimmed}${API_PREFIX}`;
}

type ViteEnv = { VITE_API_URL?: unknown; PROD?: unknown };

/**
 * Reads the variables the way each bundler inlines them: Vite replaces `import.meta.env`, Next.js
 * replaces the literal `process.env.NEXT_PUBLIC_API_URL`, so both must be spelled out exactly.
 */
export function readBaseUrlEnvironment(): Omit<BaseUrlInputs, 'explicit'> {
  let vite: ViteEnv | undefined;
  try {
    vite = (import.meta as ImportMeta & { env?: ViteEnv }).env;
  } catch {
    vite = undefined;
  }
  let nextPublicApiUrl: string | undefined;
  let nodeEnv: string | undefined;
  try {
    nextPublicApiUrl = process.env.NEXT_PUBLIC_API_URL;
    nodeEnv = process.env.NODE_ENV;
  } catch {
    // a browser bundle without a `process` shim
  }
  return {
    viteApiUrl: typeof vite?.VITE_API_URL === 'string' ? vite.VITE_API_URL : undefined,
    nextPublicApiUrl,
    production: typeof vite?.PROD === 'boolean' ? vite.PROD : nodeEnv === 'production',
  };
}
