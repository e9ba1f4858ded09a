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
