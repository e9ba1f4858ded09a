// Structured JSON logs (pino). Known secret-bearing fields are censored wherever they appear, so a
// careless log call cannot leak them; the one deliberate exception is the `otp` line
// (docs/interface.md, "Password reset").
import pino from 'pino';

const SECRET_FIELDS = [
  'password',
  'new_password',
  'passwordHash',
  'token',
  'access_token',
  'refresh_token',
  'reset_token',
  'code',
  'codeHash',
  'secret',
  'authorization',
  'cookie',
  'accessSecret',
  'refreshSecret',
];

export function createLogger(level: string, destination?: pino.DestinationStream) {
  const paths = SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]);
  return pino(
    {
      level,
      base: { service: 'commerce-auth' },
      redact: { paths, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}

export type AppLogger = ReturnType<typeof createLogger>;
