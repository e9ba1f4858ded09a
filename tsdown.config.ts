// The npm packages built from the app's own sources (npm run packages:build): the guard kit and the
// client for outside callers, each as ESM JavaScript with its types, into packages/<name>/dist.
// The contract and core code they import is inlined; what their package.json lists stays external.
import { defineConfig, type UserConfig } from 'tsdown';

const common: UserConfig = {
  format: 'esm',
  // The oldest release the packages' engines allow.
  target: 'node22.12',
  dts: true,
  clean: true,
  outDir: 'dist',
  fixedExtension: false,
  hash: false,
  // Only the packages' sources: their declarations need no program of the whole app.
  tsconfig: '../tsconfig.json',
  logLevel: 'warn',
  // The declarations take most of the build; said on every run, the timing note is noise.
  inputOptions: { checks: { pluginTimings: false } },
};

export default defineConfig([
  {
    ...common,
    name: '@commerce-auth/guard',
    cwd: 'packages/guard',
    platform: 'node',
    entry: { index: '../../src/guard-kit/index.ts' },
  },
  {
    ...common,
    name: '@commerce-auth/client',
    cwd: 'packages/client',
    // Browsers and Node alike; file-token-store alone imports node:fs.
    platform: 'neutral',
    deps: { neverBundle: [/^node:/] },
    entry: { index: '../../src/client/index.ts', 'file-token-store': '../../src/client/file-token-store.ts' },
  },
]);
