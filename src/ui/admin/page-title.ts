// The browser tab's title of an admin or vendor page, in the request's language: the `title` of the
// page's own messages (`admin.vendors`, `vendor.home`...), so the tab and the heading say the same.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

export const titleOf = (namespace: string) => async (): Promise<Metadata> => ({
  title: (await getTranslations(namespace))('title'),
});
