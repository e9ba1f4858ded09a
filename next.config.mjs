// Next.js settings: server-only packages stay external, and the app never phones home.
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

export default nextConfig;
