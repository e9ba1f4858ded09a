// Every language's catalogue, area by area, imported statically so the pages' bundle and the start
// bundle carry them with no file read at run time. The other files only read them through here.
import type { Locale } from '@/contract/locales';
import type { MessageArea, Messages } from './areas';
import en_common from './en/common.json';
import en_auth from './en/auth.json';
import en_customer from './en/customer.json';
import en_security from './en/security.json';
import en_session from './en/session.json';
import en_errors from './en/errors.json';
import en_mail from './en/mail.json';
import en_pin from './en/pin.json';
import en_admin from './en/admin.json';
import en_vendor from './en/vendor.json';
import de_common from './de/common.json';
import de_auth from './de/auth.json';
import de_customer from './de/customer.json';
import de_security from './de/security.json';
import de_session from './de/session.json';
import de_errors from './de/errors.json';
import de_mail from './de/mail.json';
import de_pin from './de/pin.json';
import de_admin from './de/admin.json';
import de_vendor from './de/vendor.json';
import fr_common from './fr/common.json';
import fr_auth from './fr/auth.json';
import fr_customer from './fr/customer.json';
import fr_security from './fr/security.json';
import fr_session from './fr/session.json';
import fr_errors from './fr/errors.json';
import fr_mail from './fr/mail.json';
import fr_pin from './fr/pin.json';
import fr_admin from './fr/admin.json';
import fr_vendor from './fr/vendor.json';
import es_common from './es/common.json';
import es_auth from './es/auth.json';
import es_customer from './es/customer.json';
import es_security from './es/security.json';
import es_session from './es/session.json';
import es_errors from './es/errors.json';
import es_mail from './es/mail.json';
import es_pin from './es/pin.json';
import es_admin from './es/admin.json';
import es_vendor from './es/vendor.json';
import ar_common from './ar/common.json';
import ar_auth from './ar/auth.json';
import ar_customer from './ar/customer.json';
import ar_security from './ar/security.json';
import ar_session from './ar/session.json';
import ar_errors from './ar/errors.json';
import ar_mail from './ar/mail.json';
import ar_pin from './ar/pin.json';
import ar_admin from './ar/admin.json';
import ar_vendor from './ar/vendor.json';

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
