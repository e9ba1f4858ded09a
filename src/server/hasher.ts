// bcrypt hashing (bcryptjs) at the configured cost.
import bcrypt from 'bcryptjs';
import type { PasswordHasher } from '@/core/ports';

export function createBcryptHasher(rounds: number): PasswordHasher {
  return {
    hash: (password) => bcrypt.hash(password, rounds),
    verify: (password, hash) => bcrypt.compare(password, hash),
  };
}
