// POST /oauth/register: dynamic client registration (RFC 7591) over the service's own rules
// (src/core/service/app-registration.ts). Its refusals are RFC 7591's JSON errors; the limit and a
// registration that is off answer the service's problem+json.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AuthError } from '@/core/auth-error';
import { RegistrationRefused } from '@/core/service/app-registration';
import type { Container } from '../container';
import { clientInfoOf } from '../client-info';
import { readBody, sendProblem } from './http-answers';

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

const refused = (description: string) => new RegistrationRefused('invalid_client_metadata', description);

/** The JSON object of the request, or a refusal. */
async function metadataOf(req: IncomingMessage): Promise<unknown> {
  if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? ''))
    throw refused('send the client metadata as application/json');
  try {
    return JSON.parse((await readBody(req)).toString('utf8'));
  } catch (error) {
    if (error instanceof SyntaxError) throw refused('the body is not JSON');
    throw error;
  }
}

export function createRegistration(container: Pick<Container, 'auth' | 'config'>) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    if (!container.config.appRegistration.enabled)
      return sendProblem(res, new AuthError('not_found', 'Apps do not register themselves here.'));
    if (req.method !== 'POST')
      return sendProblem(res, new AuthError('method_not_allowed', 'Use POST.'), { allow: 'POST' });
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(name, String(value));
    try {
      const answer = await container.auth.apps.register(
        await metadataOf(req),
        clientInfoOf(headers, container.config.trustProxyHops),
      );
      sendJson(res, 201, answer);
    } catch (error) {
      if (!(error instanceof RegistrationRefused)) throw error;
      sendJson(res, 400, { error: error.error, error_description: error.description });
    }
  };
}
