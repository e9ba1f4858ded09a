import type { Locale } from '../contract/locales';

/** Where the request came from, as far as the transport can tell. */
export interface ClientInfo {
  /** The supported language the request asks for (the pages' cookie, else Accept-Language), if any. */
  locale?: Locale;
  ip?: string;
  userAgent?: string;
  /** The device marker the client presented (X-Device-Id, or the pages' cookie). */
  deviceId?: string;
}
