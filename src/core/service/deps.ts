// What every part of the auth service is built from: configuration, ports and the token service.
import type { CodeFailureCap } from '../code-failure-cap';
import type { CustomerRepository } from '../customer-ports';
import type { MailTexts } from '../mail-texts';
import type { Config } from '../config';
import type { DeviceRepository } from '../device-ports';
import type { GuestRepository } from '../guest-ports';
import type { NewDeviceRepository } from '../new-device-ports';
import type { FactorRepository, PasskeyRepository } from '../factor-ports';
import type { IdentityRepository, OidcClient } from '../identity-ports';
import type {
  AccountRepository,
  AdministrationRepository,
  Clock,
  Logger,
  PasswordHasher,
  SessionListing,
  SessionRepository,
} from '../ports';
import type { TokenService } from '../tokens';
import type { AuditTrail } from '../audit-ports';
import type { CounterStore, RateLimiter } from '../rate-limits';
import type { Defer, Mailer, ResetRepository } from '../reset-ports';
import type { TerminalRepository } from '../terminal-ports';
import type { WebhookRepository } from '../webhook-ports';
import type { ServiceClientRepository } from '../service-client-ports';
import type { AppGrantRepository, AppRepository, AppTokenCheck } from '../app-ports';
import type { InvitationRepository } from '../invitation-ports';
import type { ApprovalRepository } from '../approval-ports';
import type { ChangeSignal, RevocationFeedStore } from '../revocation-ports';

export interface ServiceDeps {
  config: Config;
  accounts: AccountRepository;
  customers: CustomerRepository;
  /** Guest sessions' holders and their links to customers. */
  guests: GuestRepository;
  sessions: SessionRepository;
  administration: AdministrationRepository;
  sessionListing: SessionListing;
  resets: ResetRepository;
  audit: AuditTrail;
  limiter: RateLimiter;
  codeFailures: CodeFailureCap;
  devices: DeviceRepository;
  /** The devices each account signed in from, and the new-device mails' links. */
  newDevices: NewDeviceRepository;
  terminals: TerminalRepository;
  /** Second factors: authenticator-app secrets and recovery codes. */
  factors: FactorRepository;
  /** Passkeys and the WebAuthn challenges issued for them. */
  passkeys: PasskeyRepository;
  /** Customers' linked OpenID identities and the provider flows under way. */
  identities: IdentityRepository;
  /** The configured OpenID providers, over the network. */
  oidc: OidcClient;
  /** The counters the limiter keeps, for limits keyed by other things than e-mail and address (terminals). */
  counters: CounterStore;
  /** Webhook endpoints and their delivery log. */
  webhooks: WebhookRepository;
  /** The platform's services that introspect tokens and read the revocation feed. */
  serviceClients: ServiceClientRepository;
  /** The platform's apps: OAuth 2.1 / OpenID Connect clients. */
  apps: AppRepository;
  /** The grants people hold to apps. */
  appGrants: AppGrantRepository;
  /** Whether an app's access token is live (introspection). */
  appTokens: AppTokenCheck;
  /** A till's requests for a manager's approval, granted and spent. */
  approvals: ApprovalRepository;
  /** Invitations of staff, pending and spent. */
  invitations: InvitationRepository;
  /** The revocation feed's entries and positions. */
  revocationFeed: RevocationFeedStore;
  /** Wakes the feed's long polls when the change counter moves on. */
  changes: ChangeSignal;
  mailer: Mailer;
  /** The mails' texts in each language (src/server/mail-texts.ts). */
  mailTexts: MailTexts;
  hasher: PasswordHasher;
  clock: Clock;
  logger: Logger;
  tokens: TokenService;
  defer: Defer;
  /** Unique identifiers for families and token ids. */
  newId: () => string;
  /** The proof-of-work challenge's metrics (none in tests that do not ask). */
  challengeEvents?: ChallengeEvents;
}

/** What the metrics count: whether it is on, and each challenge asked for, solved or refused. */
export interface ChallengeEvents {
  state(on: boolean): void;
  required(): void;
  solved(): void;
  refused(reason: 'expired' | 'forged' | 'spent'): void;
}
