// Parses the duration forms the configuration accepts: "900", "30s", "15m", "12h", "7d".

const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86400 } as const;
const DURATION = /^(\d+)\s*([smhd]?)$/;

/** Seconds in `value`, or null when it is not one of the accepted forms. */
export function parseDurationSeconds(value: string): number | null {
  const match = DURATION.exec(value.trim());
  if (!match) return null;
  const amount = Number(match[1]);
  const unit = (match[2] || 's') as keyof typeof UNIT_SECONDS;
  const seconds = amount * UNIT_SECONDS[unit];
  return Number.isSafeInteger(seconds) && seconds > 0 ? seconds : null;
}
