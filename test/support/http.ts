// Small HTTP helpers for tests: JSON requests against the running app, answers decoded.
export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  json?: unknown;
  body?: string;
  headers?: Record<string, string>;
  token?: string;
}

export async function request<T = any>(
  base: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(`${base}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // keep the text
  }
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

export const post = <T = any>(base: string, path: string, json?: unknown, headers?: Record<string, string>) =>
  request<T>(base, 'POST', path, { json, headers });

export const get = <T = any>(base: string, path: string, token?: string) => request<T>(base, 'GET', path, { token });
