// Every language's catalogue, area by area, imported statically so the pages' bundle and the start
// bundle carry them with no file read at run time. The other files only read them through here.
import type { Locale } from '@/contract/locales';
import type { MessageArea, Messages } from './areas';
import en_common from './en/common.json' with { type: 'json' };
import en_auth from './en/auth.json' with { type: 'json' };
import en_customer from './en/customer.json' with { type: 'json' };
import en_security from './en/security.json' with { type: 'json' };
import en_session from './en/session.json' with { type: 'json' };
import en_errors from './en/errors.json' with { type: 'json' };
import en_mail from './en/mail.json' with { type: 'json' };
import en_pin from './en/pin.json' with { type: 'json' };
import en_admin from './en/admin.json' with { type: 'json' };
import en_vendor from './en/vendor.json' with { type: 'json' };
import de_common from './de/common.json' with { type: 'json' };
import de_auth from './de/auth.json' with { type: 'json' };
import de_customer from './de/customer.json' with { type: 'json' };
import de_security from './de/security.json' with { type: 'json' };
import de_session from './de/session.json' with { type: 'json' };
import de_errors from './de/errors.json' with { type: 'json' };
import de_mail from './de/mail.json' with { type: 'json' };
import de_pin from './de/pin.json' with { type: 'json' };
import de_admin from './de/admin.json' with { type: 'json' };
import de_vendor from './de/vendor.json' with { type: 'json' };
import fr_common from './fr/common.json' with { type: 'json' };
import fr_auth from './fr/auth.json' with { type: 'json' };
import fr_customer from './fr/customer.json' with { type: 'json' };
import fr_security from './fr/security.json' with { type: 'json' };
import fr_session from './fr/session.json' with { type: 'json' };
import fr_errors from './fr/errors.json' with { type: 'json' };
import fr_mail from './fr/mail.json' with { type: 'json' };
import fr_pin from './fr/pin.json' with { type: 'json' };
import fr_admin from './fr/admin.json' with { type: 'json' };
import fr_vendor from './fr/vendor.json' with { type: 'json' };
import es_common from './es/common.json' with { type: 'json' };
import es_auth from './es/auth.json' with { type: 'json' };
import es_customer from './es/customer.json' with { type: 'json' };
import es_security from './es/security.json' with { type: 'json' };
import es_session from './es/session.json' with { type: 'json' };
import es_errors from './es/errors.json' with { type: 'json' };
import es_mail from './es/mail.json' with { type: 'json' };
import es_pin from './es/pin.json' with { type: 'json' };
import es_admin from './es/admin.json' with { type: 'json' };
import es_vendor from './es/vendor.json' with { type: 'json' };
import ar_common from './ar/common.json' with { type: 'json' };
import ar_auth from './ar/auth.json' with { type: 'json' };
import ar_customer from './ar/customer.json' with { type: 'json' };
import ar_security from './ar/security.json' with { type: 'json' };
import ar_session from './ar/session.json' with { type: 'json' };
import ar_errors from './ar/errors.json' with { type: 'json' };
import ar_mail from './ar/mail.json' with { type: 'json' };
import ar_pin from './ar/pin.json' with { type: 'json' };
import ar_admin from './ar/admin.json' with { type: 'json' };
import ar_vendor from './ar/vendor.json' with { type: 'json' };

export const CATALOGUES: Record<Locale, Record<MessageArea, Messages>> = {
  en: {
    common: en_common,
    auth: en_auth,
    customer: en_customer,
    security: en_security,
    session: en_session,
    errors: en_errors,
    mail: en_mail,
    pin: en_pin,
    admin: en_admin,
    vendor: en_vendor,
  },
  de: {
    common: de_common,
    auth: de_auth,
    customer: de_customer,
    security: de_security,
    session: de_session,
    errors: de_errors,
    mail: de_mail,
    pin: de_pin,
    admin: de_admin,
    vendor: de_vendor,
  },
  fr: {
    common: fr_common,
    auth: fr_auth,
    customer: fr_customer,
    security: fr_security,
    session: fr_session,
    errors: fr_errors,
    mail: fr_mail,
    pin: fr_pin,
    admin: fr_admin,
    vendor: fr_vendor,
  },
  es: {
    common: es_common,
    auth: es_auth,
    customer: es_customer,
    security: es_security,
    session: es_session,
    errors: es_errors,
    mail: es_mail,
    pin: es_pin,
    admin: es_admin,
    vendor: es_vendor,
  },
  ar: {
    common: ar_common,
    auth: ar_auth,
    customer: ar_customer,
    security: ar_security,
    session: ar_session,
    errors: ar_errors,
    mail: ar_mail,
    pin: ar_pin,
    admin: ar_admin,
    vendor: ar_vendor,
  },
};

/** A language's messages, each area under its own name: `{ common: {...}, auth: {...}, ... }`. */
export const messagesOf = (locale: Locale): Record<MessageArea, Messages> => CATALOGUES[locale];
