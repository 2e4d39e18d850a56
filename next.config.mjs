/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The development server serves its hot-reload resources to these hosts besides localhost.
  allowedDevOrigins: ["127.0.0.1"],
  // Server-only packages that load WASM, native or data files (pdfkit's fonts) at run time stay outside the bundle.
  serverExternalPackages: ["pdfkit", "@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/schema-engine-wasm", "@prisma/adapter-pg", "pg", "pino", "prom-client"],
};

export default nextConfig;
