// Regression: a write that fails inside a transaction on SQLite (a unique violation in a nested
// create) once left the connection's lock held, so every later write hung.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { applyMigrations } from '@/server/db/migrate';
import { createPrismaClient } from '@/server/db/prisma';

const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)),
  ]);

test('writes keep working after a transaction fails on a unique constraint', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sqlite-rollback-'));
  await applyMigrations({ dataDir });
  const { prisma, close } = createPrismaClient({ dataDir });
  try {
    const vendor = await prisma.vendor.create({ data: { name: 'V' } });
    const store = await prisma.store.create({ data: { vendorId: vendor.id, name: 'S' } });
    const account = (email: string) => ({
      vendorId: vendor.id,
      email,
      name: 'E',
      vendorType: 'employee',
      modules: [],
      modulePermissions: {},
      passwordHash: 'x',
      storeAssignments: { create: [{ storeId: store.id }] },
    });
    await prisma.vendorAccount.create({ data: account('dup@example.com') });
    await assert.rejects(
      prisma.vendorAccount.create({ data: account('dup@example.com') }),
      (e: { code?: string }) => e.code === 'P2002',
    );
    await assert.rejects(
      prisma.$transaction(async (tx) => {
        await tx.vendor.create({ data: { name: 'inside' } });
        throw new Error('abort');
      }),
      /abort/,
    );
    const after = await within(3000, prisma.vendor.create({ data: { name: 'after' } }));
    assert.equal(after.name, 'after');
    assert.equal(
      await within(3000, prisma.vendor.count({ where: { name: 'inside' } })),
      0,
      'the aborted transaction left nothing',
    );
  } finally {
    await close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
