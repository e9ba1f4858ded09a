// The few parts of `oidc-provider` (which ships no types) that the tests' provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Interaction {
    uid: string;
    params: Record<string, unknown>;
  }
  interface Account {
    accountId: string;
    claims: () => Record<string, unknown>;
  }
  class Grant {
    constructor(options: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  export default class Provider {
    constructor(
      issuer: string,
      configuration: Record<string, unknown> & {
        interactions?: { url: (ctx: unknown, interaction: Interaction) => string };
        findAccount?: (ctx: unknown, sub: string) => Promise<Account | undefined>;
      },
    );
    Grant: typeof Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: object,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: never[]) => void): this;
  }
}
