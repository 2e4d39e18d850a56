// Tailwind CSS v4 runs as a PostCSS plugin under Next.js (create-next-app's setup).
const config = {
  plugins: { "@tailwindcss/postcss": {} },
};

export default config;
