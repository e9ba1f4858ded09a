// A service's protected resource metadata (RFC 9728): the document that tells an app (an MCP client,
// say) which authorization server issues tokens for this service and with which scopes, at the
// well-known path its resource indicator gives, and the bearer challenge of its 401s that names it.
import { BUSINESS_SCOPES } from '../contract/app-schemas';

export interface ProtectedResourceMetadata {
  resource: string;
  authorization_servers: string[];
  scopes_supported: string[];
  bearer_methods_supported: ['header'];
}

export interface ProtectedResource {
  /** Where the service answers the document: `/.well-known/oauth-protected-resource` and the resource's path. */
  path: string;
  /** The document's absolute URL, which the 401s' `resource_metadata` names. */
  url: string;
  document: ProtectedResourceMetadata;
}

/**
 * The metadata of `resource` (https://orders.example.com/mcp), whose tokens `issuer` issues; `scopes` are those the
 * service's routes take (by default every business scope). The path is RFC 9728 section 3.1's: the well-known
 * prefix inserted before the resource's own path.
 */
export function protectedResourceOf(resource: string, issuer: string, scopes?: readonly string[]): ProtectedResource {
  const url = new URL(resource);
  const own = url.pathname.replace(/\/+$/, '');
  const path = `/.well-known/oauth-protected-resource${own}`;
  return {
    path,
    url: `${url.origin}${path}`,
    document: {
      resource,
      authorization_servers: [issuer],
      scopes_supported: [...(scopes ?? BUSINESS_SCOPES)],
      bearer_methods_supported: ['header'],
    },
  };
}

/**
 * RFC 6750 section 3's challenge, naming the metadata (RFC 9728 section 5.1): a request that sent no token is told
 * only where to find one; a refused token gets `error="invalid_token"` and the reason.
 */
export function bearerChallenge(reason: string | undefined, resourceMetadata?: string): string {
  const params = [
    ...(resourceMetadata ? [`resource_metadata="${resourceMetadata}"`] : []),
    ...(reason ? ['error="invalid_token"', `error_description="${reason}"`] : []),
  ];
  return `Bearer ${params.join(', ')}`.trimEnd();
}
