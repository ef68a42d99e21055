import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { imageLimits, messages, uploadMessages, type ErrorCode } from '@recell/contract';

/**
 * multipart/form-data for the forms that carry an image (sign-up, uploads, listings). Limits keep
 * a request small: one file of at most 10 MB, a few short text fields. Going over a limit raises
 * the plugin's own errors (413, 406 for a non-multipart body), which plugins/errors.ts turns into
 * the contract's error shape with a clear message. Routes read parts with `formParts(request)` and
 * buffer the file with `toBuffer()`, which throws at the 10 MB limit.
 */
export const multipartLimits = {
  fileSize: imageLimits.maxBytes,
  files: 1,
  fields: 20,
  fieldSize: 10 * 1024,
  parts: 25,
} as const;

export const multipartPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, { limits: multipartLimits, throwFileSizeLimit: true });
  },
  { name: 'recell-multipart' },
);

/** How long reading a form may go without a byte of its body or a new part before it is given up. */
const formIdleMs = 10_000;

/**
 * The request's form parts, as `request.parts()` gives them. The parser (busboy) can stall for
 * good on a malformed part header (a carriage return inside a field's name): it drops that part
 * without draining it, stops reading the body and never finishes. A form that neither sends a
 * byte nor yields a part for `formIdleMs` is then a 400 'malformed', instead of a request, and
 * its upload memory, held open until the client gives up. Every route reads forms through here.
 */
export async function* formParts(request: FastifyRequest) {
  const parts = request.parts()[Symbol.asyncIterator]();
  let timer: NodeJS.Timeout | undefined;
  let rearm = () => {};
  const idle = new Promise<never>((_, reject) => {
    rearm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => reject(new Error('Unexpected end of multipart data')), formIdleMs);
    };
  });
  // The rejection is only seen while a part is awaited; until then it must not count as unhandled.
  idle.catch(() => {});
  // A listener added to a piped body never resumes it: the parser's back-pressure still holds.
  request.raw.on('data', rearm);
  rearm();
  try {
    for (;;) {
      const next = await Promise.race([parts.next(), idle]);
      if (next.done) return;
      rearm();
      yield next.value;
    }
  } finally {
    clearTimeout(timer);
    request.raw.removeListener('data', rearm);
  }
}

interface ClientError {
  status: number;
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
}

const multipartErrors: Record<string, ClientError> = {
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'payload_too_large', message: uploadMessages.tooLarge },
  FST_FILES_LIMIT: { status: 413, code: 'payload_too_large', message: uploadMessages.oneFileOnly },
  FST_FIELDS_LIMIT: { status: 413, code: 'payload_too_large', message: uploadMessages.tooManyFields },
  FST_PARTS_LIMIT: { status: 413, code: 'payload_too_large', message: uploadMessages.tooManyFields },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: uploadMessages.notMultipart,
  },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, code: 'validation', message: messages.validationFailed },
  FST_PROTO_VIOLATION: { status: 400, code: 'validation', message: messages.validationFailed },
  FST_MP_PREMATURE_CLOSE: { status: 400, code: 'validation', message: uploadMessages.malformedForm },
};

/** What the multipart parser (busboy) throws, without a code, for a body that is not valid form data. */
const malformedForm =
  /^Multipart: Boundary not found$|^Boundary required$|unexpected end of multipart data|^The needle cannot/i;

/**
 * The status, code and clear message for an error raised while reading multipart form data, or
 * undefined for any other error. Used by the one error handler (plugins/errors.ts).
 */
export const multipartClientError = (error: Error): ClientError | undefined => {
  const code = (error as { code?: unknown }).code;
  const known = typeof code === 'string' ? multipartErrors[code] : undefined;
  if (known) {
    // The file that was too large names its form field, so a form can show the message beside it.
    const fieldName = (error as { part?: { fieldname?: unknown } }).part?.fieldname;
    return typeof fieldName === 'string' && code === 'FST_REQ_FILE_TOO_LARGE'
      ? { ...known, fields: { [fieldName]: known.message } }
      : known;
  }
  if (malformedForm.test(error.message)) {
    return { status: 400, code: 'validation', message: uploadMessages.malformedForm };
  }
  return undefined;
};
