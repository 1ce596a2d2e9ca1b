import { defineConfig } from 'vite';

/*
 * The studio's game pages (src/client): one script and one stylesheet, served by the studio's game
 * server under /house/assets/. The server writes the page itself and finds the built files in
 * dist/client/.vite/manifest.json under the entry's name, src/client/main.tsx.
 */
export default defineConfig({
  base: '/house/',
  // JSX with React's automatic runtime (tsconfig's "react-jsx"), without a React plugin: the page
  // needs no fast refresh, only a build.
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    assetsDir: 'assets',
    target: 'es2022',
    rolldownOptions: { input: 'src/client/main.tsx' },
  },
});
