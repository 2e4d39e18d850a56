import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["node_modules/", ".next/", ".data/", "src/generated/", "next-env.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read configuration through src/env.ts." }],
    },
  },
  {
    files: ["src/env.ts", "src/instrumentation.ts", "tests/**", "scripts/**", "bench/**", "*.config.*"],
    rules: { "no-restricted-properties": "off" },
  },
  {
    files: ["**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
  {
    files: ["tests/**", "bench/**", "scripts/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
