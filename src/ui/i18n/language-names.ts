// Each language by its own name, as a language switch lists them: a reader finds their language
// whatever language the page is in.
import type { Locale } from '@/contract/locales';

export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  ar: 'العربية',
};
