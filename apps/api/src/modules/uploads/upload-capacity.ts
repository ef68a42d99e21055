/**
 * How many upload bytes this process holds at once. A multipart body is read whole into memory
 * (a picture is decoded from one buffer), so each upload reserves its declared size (the
 * Content-Length, which Node's parser enforces; the largest form when it is sent chunked) out of a
 * budget (UPLOAD_MEMORY_BUDGET_MB) before a byte of its body is read. Past the budget the upload is
 * refused at once with 503 and Retry-After; the reservation is given back when the answer is sent
 * or the connection drops. The image queue (images.service.ts) then bounds the decoding itself.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { imageLimits, uploadMessages } from '@recell/contract';
import { AppError } from '../../errors.ts';
import { multipartLimits } from '../../plugins/multipart.ts';

/** The largest form an upload route reads: one picture and its few short text fields. */
const largestUploadBytes = imageLimits.maxBytes + multipartLimits.fields * multipartLimits.fieldSize + 64 * 1024;

export interface UploadCapacity {
  /** onRequest hook of a route that reads a picture; other bodies (JSON) pass untouched. */
  reserve(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Bytes reserved right now (for tests and metrics). */
  readonly reservedBytes: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    uploadCapacity: UploadCapacity;
  }
}

const createUploadCapacity = (budgetBytes: number): UploadCapacity => {
  let reserved = 0;
  return {
    get reservedBytes() {
      return reserved;
    },
    async reserve(request, reply) {
      // The header, not request.isMultipart(): the multipart parser has not run yet in onRequest.
      if (!/^multipart\/form-data/i.test(request.headers['content-type'] ?? '')) return;
      const declared = Number(request.headers['content-length']);
      const bytes =
        Number.isFinite(declared) && declared >= 0 ? Math.min(declared, largestUploadBytes) : largestUploadBytes;
      if (reserved + bytes > budgetBytes) throw new AppError('unavailable', uploadMessages.busy);
      reserved += bytes;
      let released = false;
      // 'close' follows both a sent answer and a dropped connection.
      reply.raw.once('close', () => {
        if (released) return;
        released = true;
        reserved -= bytes;
      });
    },
  };
};

export const uploadCapacityPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('uploadCapacity', createUploadCapacity(app.config.uploadMemoryBudgetBytes));
  },
  { name: 'recell-upload-capacity' },
);
