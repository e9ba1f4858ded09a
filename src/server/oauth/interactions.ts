// The interaction of an authorization: the person signs in on this service's own sign-in page of the
// role the scopes call for, then consents (first-party apps skip it) to what they hold of the request.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AuthError } from '@/core/auth-error';
import type { Principal } from '@/core/service';
import type { PrismaClient } from '../db/prisma';
import { findAppPerson, roleOfScopes, type AppPerson, type AppPersonRole } from './app-people';
import { PAGE_HEADERS, renderConsentPage, renderProblemPage } from './pages';
import { readBody, sendProblem } from './http-answers';

/** The pages' sign-in path of each role; the page sends the person back to `return`. */
const SIGN_IN_PAGE: Record<AppPersonRole, string> = { vendor: '/vendor/login', customer: '/account/login' };

interface Details {
  uid: string;
  prompt: { name: string; details: { missingOIDCScope?: string[]; missingResourceScopes?: Record<string, string[]> } };
  params: { client_id: string; scope?: string };
  session?: { accountId?: string };
  grantId?: string;
}
interface GrantModel {
  addOIDCScope(scope: string): void;
  addResourceScope(resource: string, scope: string): void;
  save(): Promise<string>;
}
/** What the interaction needs of oidc-provider's Provider. */
export interface InteractionProvider {
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Details>;
  interactionResult(req: IncomingMessage, res: ServerResponse, result: object, options?: object): Promise<string>;
  interactionFinished(req: IncomingMessage, res: ServerResponse, result: object, options?: object): Promise<void>;
  Grant: { new (init: object): GrantModel; find(id: string): Promise<GrantModel | undefined> };
}

export interface InteractionDeps {
  prisma: PrismaClient;
  findApp: (
    clientId: string,
  ) => Promise<{ name: string; homepageUrl: string | null; firstParty: boolean; registered: boolean } | null>;
  authenticate: (role: AppPersonRole, accessToken: string) => Promise<Principal>;
  /** The person's answer (`scopes` allowed, or null: denied), recorded once the grant is saved. */
  consented: (person: AppPerson, clientId: string, scopes: string[] | null) => Promise<void>;
}

function showPage(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, PAGE_HEADERS);
  res.end(html);
}

const redirect = (res: ServerResponse, location: string) => {
  res.writeHead(303, { location, 'cache-control': 'no-store' });
  res.end();
};

/** The grant of what is still missing: oidc-provider has already narrowed it to what may be granted. */
async function grantMissing(provider: InteractionProvider, details: Details, accountId: string): Promise<string> {
  const grant = details.grantId
    ? ((await provider.Grant.find(details.grantId)) ??
      new provider.Grant({ accountId, clientId: details.params.client_id }))
    : new provider.Grant({ accountId, clientId: details.params.client_id });
  const { missingOIDCScope = [], missingResourceScopes = {} } = details.prompt.details;
  if (missingOIDCScope.length) grant.addOIDCScope(missingOIDCScope.join(' '));
  for (const [resource, scopes] of Object.entries(missingResourceScopes))
    if (scopes.length) grant.addResourceScope(resource, scopes.join(' '));
  return grant.save();
}

/** Every scope the consent page asks for, once, in the order asked. */
const askedScopes = (details: Details) => [
  ...new Set([
    ...(details.prompt.details.missingOIDCScope ?? []),
    ...Object.values(details.prompt.details.missingResourceScopes ?? {}).flat(),
  ]),
];

export function createInteractions(provider: InteractionProvider, deps: InteractionDeps) {
  const signInPage = (role: AppPersonRole, uid: string) =>
    `${SIGN_IN_PAGE[role]}?return=${encodeURIComponent(`/oauth/interaction/${uid}`)}`;

  /** GET: to the sign-in page, or the consent page, or (first-party) straight on. */
  async function show(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    const role = roleOfScopes(details.params.scope ?? '');
    const accountId = details.session?.accountId;
    const person = accountId ? await findAppPerson(deps.prisma, accountId) : null;
    if (details.prompt.name === 'login' || !person || person.role !== role)
      return redirect(res, signInPage(role, details.uid));
    const app = await deps.findApp(details.params.client_id);
    if (!app) return showPage(res, 400, renderProblemPage('This app is gone', 'The app is no longer registered.'));
    if (app.firstParty) {
      const grantId = await grantMissing(provider, details, person.id);
      await deps.consented(person, details.params.client_id, askedScopes(details));
      return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    }
    showPage(
      res,
      200,
      renderConsentPage({
        uid: details.uid,
        appName: app.name,
        homepage: app.homepageUrl ?? undefined,
        registered: app.registered,
        personName: person.name,
        business: person.business,
        scopes: askedScopes(details),
      }),
    );
  }

  /** POST …/login {access_token}: the sign-in page's session names the person; answers where to go on. */
  async function login(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    const role = roleOfScopes(details.params.scope ?? '');
    let token: unknown;
    try {
      token = (JSON.parse((await readBody(req)).toString('utf8')) as { access_token?: unknown }).access_token;
    } catch {
      token = undefined;
    }
    if (typeof token !== 'string' || !token)
      return sendProblem(res, new AuthError('validation_failed', 'Send {"access_token": "…"} as JSON.'));
    const principal = await deps.authenticate(role, token);
    if (principal.terminalId)
      return sendProblem(res, new AuthError('forbidden', 'A PIN session at a till cannot authorize an app.'));
    const location = await provider.interactionResult(
      req,
      res,
      { login: { accountId: principal.account.id } },
      { mergeWithLastSubmission: false },
    );
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ redirect_to: location }));
  }

  /** POST …/consent decision=allow|deny. */
  async function consent(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    const decision = new URLSearchParams((await readBody(req)).toString('utf8')).get('decision');
    const accountId = details.session?.accountId;
    if (details.prompt.name !== 'consent' || !accountId || (decision !== 'allow' && decision !== 'deny'))
      return showPage(res, 400, renderProblemPage('Nothing to answer', 'Go back to the app and start again.'));
    const person = await findAppPerson(deps.prisma, accountId);
    if (!person)
      return showPage(res, 400, renderProblemPage('Nothing to answer', 'Go back to the app and start again.'));
    if (decision === 'deny') {
      await deps.consented(person, details.params.client_id, null);
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The person did not allow the app.' },
        { mergeWithLastSubmission: false },
      );
    }
    const grantId = await grantMissing(provider, details, accountId);
    await deps.consented(person, details.params.client_id, askedScopes(details));
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  return { show, login, consent };
}
