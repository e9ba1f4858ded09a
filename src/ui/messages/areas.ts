// The areas a language's catalogue is split into, one JSON file each under messages/<locale>/:
// a page reads an area's keys as `area.key` (useTranslations('customer')). Each area has one owner,
// so two changes rarely touch one file; a new area is a name here, a file per language and a line
// per language in catalogues.ts.
export const MESSAGE_AREAS = [
  'common',
  'auth',
  'customer',
  'security',
  'session',
  'errors',
  'mail',
  'pin',
  'admin',
  'vendor',
] as const;

export type MessageArea = (typeof MESSAGE_AREAS)[number];

/** A catalogue's messages: ICU message texts, nested by key. */
export interface Messages {
  [key: string]: string | Messages;
}

/**
 * The areas a page's browser receives, by the part of the site it is in: every page gets `root`'s,
 * the pages under `/account`, `/admin` and `/vendor` theirs on top (their layouts). Mails are
 * rendered on the server alone, so `mail` never reaches a browser; a page outside those parts (the
 * home page, the API reference) carries no sign-in or console texts.
 */
export const PAGE_AREAS = {
  root: ['common', 'errors'],
  account: ['auth', 'customer', 'security', 'session'],
  admin: ['auth', 'security', 'session', 'admin'],
  // The till's staff panel invites with the admin console's forms.
  vendor: ['auth', 'security', 'session', 'pin', 'vendor', 'admin'],
} as const satisfies Record<string, readonly MessageArea[]>;

export type SitePart = keyof typeof PAGE_AREAS;
