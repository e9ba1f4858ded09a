// What a page shows in place of a message its catalogue lacks: a marker the browser tests refuse
// (e2e/page-checks.ts), so a key never passes for text unnoticed.
export const MISSING_OPEN = '⟦';
export const MISSING_CLOSE = '⟧';

export const missingMessage = (path: string) => `${MISSING_OPEN}${path}${MISSING_CLOSE}`;
