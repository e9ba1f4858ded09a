// POS terminals over HTTP for tests: pairing a device, setting a PIN and switching user with it.
import assert from 'node:assert/strict';
import { request, type Answer } from './http';

const API = '/api/v1';

/** A pairing code for the terminal, asked for as `token` on the vendor side (or an admin's base). */
export async function pairingCode(
  url: string,
  token: string,
  storeId: string,
  terminalId: string,
  base = `${API}/vendor`,
): Promise<string> {
  const res = await request(url, 'POST', `${base}/stores/${storeId}/terminals/${terminalId}/pairing`, { token });
  assert.equal(res.status, 201, res.text);
  return res.body.code as string;
}

export const pair = (url: string, code: string) =>
  request(url, 'POST', `${API}/auth/terminal/pair`, { json: { code } });

/** Pairs a device with the terminal and returns its credential. */
export async function pairDevice(
  url: string,
  ownerToken: string,
  storeId: string,
  terminalId: string,
): Promise<string> {
  const res = await pair(url, await pairingCode(url, ownerToken, storeId, terminalId));
  assert.equal(res.status, 200, res.text);
  return res.body.terminal_token as string;
}

export async function setPin(url: string, token: string, currentPassword: string, pin: string): Promise<void> {
  const res = await request(url, 'PUT', `${API}/auth/vendor/pin`, {
    token,
    json: { current_password: currentPassword, pin },
  });
  assert.equal(res.status, 204, res.text);
}

export const staffAt = (url: string, terminalToken?: string) =>
  request(url, 'GET', `${API}/auth/terminal/staff`, {
    headers: terminalToken ? { 'x-terminal-token': terminalToken } : {},
  });

export const pinLogin = (
  url: string,
  terminalToken: string | undefined,
  accountId: string,
  pin: string,
  headers: Record<string, string> = {},
): Promise<Answer> =>
  request(url, 'POST', `${API}/auth/terminal/pin-login`, {
    json: { account_id: accountId, pin },
    headers: { ...headers, ...(terminalToken ? { 'x-terminal-token': terminalToken } : {}) },
  });
