// A token store in a JSON file, for POS terminals and scripts that keep their session across
// restarts. Node only (node:fs): kept out of the client's index so browser bundles never load it.
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Role } from '../contract/auth-schemas';
import { storedTokensSchema, type StoredTokens, type TokenStore } from './token-store';

const fileSchema = z.object({
  admin: storedTokensSchema.optional(),
  vendor: storedTokensSchema.optional(),
  customer: storedTokensSchema.optional(),
});
type TokenFile = z.infer<typeof fileSchema>;

/**
 * Keeps `{admin?, vendor?}` pairs in `file`, readable by its owner only. Writes go to a temporary
 * file renamed over the old one, so a crash mid-write leaves the previous pair, never half a file.
 * A missing or unreadable file reads as signed out.
 */
export function fileTokenStore(file: string): TokenStore {
  let queue: Promise<unknown> = Promise.resolve();

  async function read(): Promise<TokenFile> {
    try {
      const parsed = fileSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
      return parsed.success ? parsed.data : {};
    } catch {
      return {};
    }
  }

  async function write(content: TokenFile): Promise<void> {
    if (!content.admin && !content.vendor) {
      await rm(file, { force: true });
      return;
    }
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, `${JSON.stringify(content)}\n`, { mode: 0o600 });
    await chmod(temporary, 0o600); // the mode above is ignored when the file already existed
    await rename(temporary, file);
  }

  /** Read-modify-write steps run one after another, so two quick updates never lose one. */
  function update(change: (content: TokenFile) => TokenFile): Promise<void> {
    const next = queue.then(async () => write(change(await read())));
    queue = next.catch(() => undefined);
    return next;
  }

  return {
    get: async (role: Role): Promise<StoredTokens | null> => {
      await queue;
      return (await read())[role] ?? null;
    },
    set: (role, tokens) =>
      update((content) => ({
        ...content,
        [role]: { access_token: tokens.access_token, refresh_token: tokens.refresh_token },
      })),
    clear: (role) => update((content) => ({ ...content, [role]: undefined })),
  };
}
