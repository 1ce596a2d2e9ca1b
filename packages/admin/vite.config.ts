import { defineConfig } from 'vite';

/*
 * The back office (issue 26, ADR 0045): a single-page app of its own, built to dist/ and served by
 * the API server under /admin. Nothing of it is in the player site's bundle, nor the reverse.
 */
export default defineConfig({
  base: '/admin/',
  // JSX with React's automatic runtime (tsconfig's "react-jsx"), as the house studio builds it.
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
  },
});
