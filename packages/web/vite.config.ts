import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  // The contracts package is TypeScript source: bundle it into the server build too.
  ssr: { noExternal: ['@wl/contracts'] },
  build: { target: 'es2022' },
});
