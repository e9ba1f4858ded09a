'use client';
// One administration action behind a form or a button: pending state, the server's error as a
// message and per-field messages, and a success line to announce.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { shownErrorOf } from '../trpc/client';

/** `done` turns the result into the success line (or null for none). */
export function useAction<Input, Result>(
  run: (input: Input) => Promise<Result>,
  done: (result: Result, input: Input) => string | null,
) {
  const [success, setSuccess] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: run,
    onMutate: () => setSuccess(null),
    onSuccess: (result, input) => setSuccess(done(result, input)),
  });
  const shown = mutation.error ? shownErrorOf(mutation.error) : null;
  const fieldErrors = Object.entries(shown?.fieldErrors ?? {});
  return {
    run: mutation.mutate,
    pending: mutation.isPending,
    error: shown?.message ?? null,
    /** The server's message for `field` or anything inside it (`modules.0`, `module_permissions.pos`). */
    fieldError: (field: string) => fieldErrors.find(([path]) => path === field || path.startsWith(`${field}.`))?.[1],
    success,
  };
}

/** The message of each field left blank, from `[value, message]` pairs; empty when all are filled. */
export function blankFields<K extends string>(
  fields: Record<K, readonly [string, string]>,
): Partial<Record<K, string>> {
  const found: Partial<Record<K, string>> = {};
  for (const key of Object.keys(fields) as K[]) {
    const [value, message] = fields[key];
    if (!value.trim()) found[key] = message;
  }
  return found;
}

/** Whether two lists hold the same values, in any order. */
export function sameMembers(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value) => b.includes(value));
}
