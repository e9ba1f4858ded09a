// Turns an unexpected failure into the error callers see: 503 while the database is unreachable
// (a retry will do), else 500. The cause is logged, never sent.
import { AuthError } from '@/core/auth-error';
import type { Container } from './container';

export async function faultToAuthError(
  error: unknown,
  container: Container | undefined,
  where: string,
): Promise<AuthError> {
  const err =
    error instanceof Error
      ? { name: error.name, message: error.message, stack: error.stack }
      : { value: String(error) };
  if (!container) {
    console.error(`${where} failed`, err);
    return new AuthError('internal', 'Something went wrong on our side. Try again later.');
  }
  if (!(await container.databaseHealthy())) {
    container.logger.error(
      { event: 'database_unavailable', where, err: { name: err.name, message: err.message } },
      'database unavailable',
    );
    return new AuthError('unavailable', 'The service is temporarily unavailable. Try again shortly.', {
      retryAfter: 5,
    });
  }
  container.logger.error({ event: 'unhandled_error', where, err }, 'request failed');
  return new AuthError('internal', 'Something went wrong on our side. Try again later.');
}
