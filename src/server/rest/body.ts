// Reads a JSON request body within the size limit: 415 for other media types, 413 past the limit.
import { AuthError } from '@/core/errors';

function isJsonMediaType(contentType: string | null): boolean {
  const media = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return media === 'application/json' || /^application\/[\w.+-]+\+json$/.test(media);
}

export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  if (!isJsonMediaType(request.headers.get('content-type'))) {
    throw new AuthError('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
  }
  const tooLarge = () => new AuthError('payload_too_large', `The body may be at most ${maxBytes} bytes.`);
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw tooLarge();

  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new AuthError('validation_failed', 'The body is not valid UTF-8.');
  }
  if (text.trim() === '') throw new AuthError('validation_failed', 'The body is empty; send a JSON object.');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AuthError('validation_failed', 'The body is not valid JSON.');
  }
}
