// Which supported language a request asks for: the first of its Accept-Language ranges, by
// quality, that names a supported language (exactly, or by its primary subtag: de-AT is de).
import { isLocale, type Locale } from '../contract/locales';

/** The ranges of an Accept-Language header, best first; malformed parts are skipped. */
function rangesOf(header: string): string[] {
  return header
    .slice(0, 1000)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => /^[a-z]{1,8}(-[a-z0-9]{1,8})*$/.test(r.tag) && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((r) => r.tag);
}

/** The supported language an Accept-Language header prefers, or undefined when it names none. */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale | undefined {
  for (const tag of rangesOf(acceptLanguage ?? '')) {
    const primary = tag.split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return undefined;
}

/** The language a request asks for: a supported `chosen` one (a page's cookie), else its Accept-Language. */
export function requestedLocale(chosen: string | null | undefined, acceptLanguage: string | null | undefined) {
  return isLocale(chosen) ? chosen : negotiateLocale(acceptLanguage);
}
