// Next.js settings: server-only packages stay external, the app never phones home, and next-intl
// reads each request's language from src/ui/i18n/request.ts (docs/languages.md).
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./src/ui/i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // A separate build folder lets two builds (say, two checkouts' test runs) live side by side.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === '1' },
  reactStrictMode: true,
  serverExternalPackages: ['pino', 'nodemailer', 'bcryptjs', 'better-sqlite3', 'pg', 'prom-client'],
  experimental: { turbopackSourceMaps: false },
  // Browsers still ask for /favicon.ico where a document names no icon (a JSON answer opened in a
  // tab, an error page of their own): they get the app's icon instead of a 404.
  async rewrites() {
    return [{ source: '/favicon.ico', destination: '/icon.svg' }];
  },
};

export default withNextIntl(nextConfig);
