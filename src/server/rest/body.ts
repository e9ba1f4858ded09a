// Reads a request body within the size limit, as JSON or, where a standard asks for it (RFC 7662),
// form-encoded: 415 for other media types, 413 past the limit, 400 for what does not decode.
import { AuthError } from '@/core/auth-error';

const mediaTypeOf = (contentType: string | null) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();

function isJsonMediaType(contentType: string | null): boolean {
  const media = mediaTypeOf(contentType);
  return media === 'application/json' || /^application\/[\w.+-]+\+json$/.test(media);
}

/** The body as UTF-8 text, at most `maxBytes`. */
async function readText(request: Request, maxBytes: number): Promise<string> {
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
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new AuthError('validation_failed', 'The body is not valid UTF-8.');
  }
}

export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  if (!isJsonMediaType(request.headers.get('content-type'))) {
    throw new AuthError('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
  }
  const text = await readText(request, maxBytes);
  if (text.trim() === '') throw new AuthError('validation_failed', 'The body is empty; send a JSON object.');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AuthError('validation_failed', 'The body is not valid JSON.');
  }
}

/**
 * A form-encoded body as an object of its fields; a field sent twice is refused (RFC 7662 section 2.1 asks for one).
 */
export async function readFormBody(request: Request, maxBytes: number): Promise<Record<string, string>> {
  if (mediaTypeOf(request.headers.get('content-type')) !== 'application/x-www-form-urlencoded') {
    throw new AuthError(
      'unsupported_media_type',
      'Send the body form-encoded with Content-Type: application/x-www-form-urlencoded.',
    );
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(await readText(request, maxBytes))) {
    if (Object.hasOwn(fields, name))
      throw new AuthError('validation_failed', `The field ${name} is sent more than once.`);
    fields[name] = value;
  }
  return fields;
}
