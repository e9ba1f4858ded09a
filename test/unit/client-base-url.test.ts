// The base-address rule (docs/interface.md, "Clients"), one test per row of resolveApiRoot's table.
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { readBaseUrlEnvironment, resolveApiRoot } from '@/client/base-url';

const dev = { production: false } as const;
const prod = { production: true } as const;

describe('resolveApiRoot', () => {
  test('an explicit option wins over both variables, in development and production', () => {
    const env = { viteApiUrl: 'https://vite.example.com', nextPublicApiUrl: 'https://next.example.com' };
    assert.equal(
      resolveApiRoot({ ...dev, ...env, explicit: 'https://pos.example.com' }),
      'https://pos.example.com/api/v1',
    );
    assert.equal(
      resolveApiRoot({ ...prod, ...env, explicit: 'https://pos.example.com' }),
      'https://pos.example.com/api/v1',
    );
  });

  test('an explicit empty option means same origin', () => {
    assert.equal(resolveApiRoot({ ...dev, viteApiUrl: 'https://vite.example.com', explicit: '' }), '/api/v1');
  });

  test('VITE_API_URL when non-empty', () => {
    assert.equal(resolveApiRoot({ ...dev, viteApiUrl: 'https://api.example.com' }), 'https://api.example.com/api/v1');
    assert.equal(resolveApiRoot({ ...prod, viteApiUrl: 'https://api.example.com' }), 'https://api.example.com/api/v1');
    assert.equal(
      resolveApiRoot({ ...prod, viteApiUrl: 'https://vite.example.com', nextPublicApiUrl: 'https://next.example.com' }),
      'https://vite.example.com/api/v1',
      'Vite first',
    );
  });

  test('NEXT_PUBLIC_API_URL when non-empty and VITE_API_URL is empty or unset', () => {
    assert.equal(resolveApiRoot({ ...dev, nextPublicApiUrl: 'http://10.0.0.5:8080' }), 'http://10.0.0.5:8080/api/v1');
    assert.equal(
      resolveApiRoot({ ...prod, viteApiUrl: '', nextPublicApiUrl: 'https://api.example.com' }),
      'https://api.example.com/api/v1',
    );
  });

  test('development with no value: http://localhost:3000', () => {
    for (const value of [undefined, '', '   ']) {
      assert.equal(
        resolveApiRoot({ ...dev, viteApiUrl: value, nextPublicApiUrl: value }),
        'http://localhost:3000/api/v1',
        JSON.stringify(value),
      );
    }
  });

  test('a production build with an empty value: same-origin /api/v1', () => {
    for (const value of [undefined, '', '   ']) {
      assert.equal(
        resolveApiRoot({ ...prod, viteApiUrl: value, nextPublicApiUrl: value }),
        '/api/v1',
        JSON.stringify(value),
      );
    }
  });

  test('a configured value may name the origin or already include /api/v1', () => {
    for (const value of [
      'https://api.example.com',
      'https://api.example.com/',
      'https://api.example.com/api/v1',
      'https://api.example.com/api/v1/',
      ' https://api.example.com ',
    ]) {
      assert.equal(resolveApiRoot({ ...prod, viteApiUrl: value }), 'https://api.example.com/api/v1', value);
    }
    assert.equal(
      resolveApiRoot({ ...prod, explicit: 'https://gw.example.com/auth/' }),
      'https://gw.example.com/auth/api/v1',
      'behind a path prefix',
    );
  });
});

describe('readBaseUrlEnvironment (Node: process.env, no import.meta.env)', () => {
  const env = process.env as Record<string, string | undefined>; // NODE_ENV is typed read-only
  const saved = { NEXT_PUBLIC_API_URL: env.NEXT_PUBLIC_API_URL, NODE_ENV: env.NODE_ENV };
  afterEach(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete env[key];
      else env[key] = value;
    }
  });

  test('reads NEXT_PUBLIC_API_URL and NODE_ENV', () => {
    env.NEXT_PUBLIC_API_URL = 'https://next.example.com';
    env.NODE_ENV = 'production';
    assert.deepEqual(readBaseUrlEnvironment(), {
      viteApiUrl: undefined,
      nextPublicApiUrl: 'https://next.example.com',
      production: true,
    });
    delete env.NEXT_PUBLIC_API_URL;
    env.NODE_ENV = 'development';
    assert.deepEqual(readBaseUrlEnvironment(), {
      viteApiUrl: undefined,
      nextPublicApiUrl: undefined,
      production: false,
    });
  });
});
