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
};

export default nextConfig;
