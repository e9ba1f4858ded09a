// Counts the security events the auth core reports through its logger port (sign-ins, refusals,
// rate limits, refresh-token reuse, mailed reset codes) in the process's metrics: the core stays
// free of any metrics library, and an event is counted exactly when it is logged.
import type { Logger } from '@/core/ports';
import type { Metrics, SignInResult } from './metrics';

const SIGN_IN_REFUSALS = new Set<string>(['invalid_credentials', 'account_disabled', 'rate_limited']);

type EventFields = { event?: unknown; role?: unknown; reason?: unknown };

function count(metrics: Metrics, fields: EventFields): void {
  const role = typeof fields.role === 'string' ? fields.role : 'unknown';
  switch (fields.event) {
    case 'login':
      return metrics.signIn(role, 'success');
    case 'login_failed': {
      const reason = String(fields.reason);
      const result = (SIGN_IN_REFUSALS.has(reason) ? reason : 'error') as SignInResult;
      metrics.signIn(role, result);
      if (result === 'rate_limited') metrics.rateLimited('login');
      return;
    }
    case 'password_reset_limited':
      return metrics.rateLimited('password_reset');
    case 'refresh_token_reuse':
      return metrics.refreshReuse(role);
    case 'password_reset_mail_sent':
      return metrics.codeMailed(role);
  }
}

/** The core's logger: every line goes to `logger` as before, and known events also count. */
export function meteredLogger(logger: Logger, metrics: Metrics): Logger {
  const through = (level: keyof Logger) => (fields: object, message?: string) => {
    count(metrics, fields);
    logger[level](fields, message);
  };
  return { debug: through('debug'), info: through('info'), warn: through('warn'), error: through('error') };
}
