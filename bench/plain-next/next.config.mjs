// The plain Next.js app the benchmark compares the product with: Next.js's defaults, nothing else.
/** @type {import('next').NextConfig} */
const nextConfig = {
  // Checked by the repository's own type check; the bench only needs the build.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
