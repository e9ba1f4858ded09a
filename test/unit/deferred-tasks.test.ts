// Work deferred past an answer: a request that defers it waits before answering only while the
// process already runs as many deferred tasks as it allows, so a flood cannot grow a backlog.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  collectDeferred,
  createDeferredTasks,
  MAX_RUNNING_DEFERRED,
  type StartDeferred,
} from '@/server/deferred-tasks';

const quiet = { info() {}, warn() {}, error() {}, debug() {} } as never;

test('past the running bound, a request that defers work answers only once a running task has finished', async () => {
  const tasks = createDeferredTasks(quiet);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  /** One request as the adapters serve it: answer, then start what it deferred. */
  const request = async (deferAny = true) => {
    const into: StartDeferred[] = [];
    const answer = await collectDeferred(into, async () => {
      if (deferAny) tasks.defer('slow', () => gate);
      return 'answered';
    });
    into.forEach((start) => start());
    return answer;
  };
  for (let i = 0; i < MAX_RUNNING_DEFERRED; i++) assert.equal(await request(), 'answered');
  await new Promise((resolve) => setImmediate(resolve)); // the started tasks are running now

  let late = false;
  const over = request().then(() => (late = true));
  assert.equal(await request(false), 'answered', 'a request that defers nothing never waits');
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(late, false, 'the request over the bound waits');
  release();
  await over;
  assert.equal(late, true);
  await tasks.settle();
});

test('a request that defers work and then fails still answers with its error, and a failing task frees its place', async () => {
  const tasks = createDeferredTasks(quiet);
  const into: StartDeferred[] = [];
  await assert.rejects(
    collectDeferred(into, async () => {
      tasks.defer('failing', async () => {
        throw new Error('mail server down');
      });
      throw new Error('refused');
    }),
    /refused/,
  );
  into.forEach((start) => start());
  await tasks.settle();
  // Every place is free again: the bound's worth of requests deferring blocked work all answer.
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const all = (async () => {
    for (let i = 0; i < MAX_RUNNING_DEFERRED; i++) {
      const started: StartDeferred[] = [];
      await collectDeferred(started, async () => tasks.defer('slow', () => gate));
      started.forEach((start) => start());
      await new Promise((resolve) => setImmediate(resolve));
    }
    return 'all answered';
  })();
  const timeout = new Promise((resolve) => setTimeout(() => resolve('a place was lost'), 2000).unref());
  assert.equal(await Promise.race([all, timeout]), 'all answered');
  release();
  await tasks.settle();
});
