// Next.js settings: server-only packages stay external, and the app never phones home.
/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ['pino', 'nodemailer', 'bcryptjs', 'better-sqlite3', 'pg'],
};

export default nextConfig;
