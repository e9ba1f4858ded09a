// Turns database rows into the core's records; JSON columns are checked, never trusted blindly.
import { z } from 'zod';
import { isLocale } from '@/contract/locales';
import type { AccountRecord } from '@/core/ports';

const stringList = z.array(z.string()).catch([]);
const permissions = z.record(z.string(), z.array(z.string())).catch({});

interface AccountRow {
  id: string;
  email: string;
  name: string;
  locale: string | null;
  modules: unknown;
  passwordHash: string;
  tokenVersion: number;
  disabledAt: Date | null;
}

export function adminRecord(row: AccountRow & { adminType: string }): AccountRecord {
  return {
    role: 'admin',
    id: row.id,
    email: row.email,
    name: row.name,
    locale: isLocale(row.locale) ? row.locale : null,
    type: row.adminType,
    modules: stringList.parse(row.modules),
    modulePermissions: {},
    passwordHash: row.passwordHash,
    tokenVersion: row.tokenVersion,
    disabled: row.disabledAt !== null,
  };
}

export function vendorRecord(
  row: AccountRow & { vendorType: string; modulePermissions: unknown; vendor: { id: string; name: string } },
): AccountRecord {
  return {
    role: 'vendor',
    id: row.id,
    email: row.email,
    name: row.name,
    locale: isLocale(row.locale) ? row.locale : null,
    type: row.vendorType,
    modules: stringList.parse(row.modules),
    modulePermissions: permissions.parse(row.modulePermissions),
    passwordHash: row.passwordHash,
    tokenVersion: row.tokenVersion,
    disabled: row.disabledAt !== null,
    vendor: { id: row.vendor.id, name: row.vendor.name },
  };
}

/** A customer: no type, no modules; an empty hash (discarded at a first code sign-in) matches no password. */
export function customerRecord(
  row: Omit<AccountRow, 'modules'> & { emailVerifiedAt: Date | null; createdAt: Date },
): AccountRecord & { createdAt: Date } {
  return {
    role: 'customer',
    id: row.id,
    email: row.email,
    name: row.name,
    locale: isLocale(row.locale) ? row.locale : null,
    type: '',
    modules: [],
    modulePermissions: {},
    passwordHash: row.passwordHash,
    tokenVersion: row.tokenVersion,
    disabled: row.disabledAt !== null,
    emailVerified: row.emailVerifiedAt !== null,
    createdAt: row.createdAt,
  };
}

/** Prisma's code for a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'P2002';
}
