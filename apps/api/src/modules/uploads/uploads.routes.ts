import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiEndpoints, imageLimits, messages, uploadMessages } from '@recell/contract';
import { AppError, badRequest } from '../../errors.ts';
import { endpointRoute } from '../../lib/routes.ts';
import { uploadImage } from './uploads.service.ts';
import { formParts } from '../../plugins/multipart.ts';

/** The form POST /api/uploads takes. Documentation only: the handler reads the multipart stream. */
const UploadFormSchema = z
  .object({
    image: z.string().meta({
      format: 'binary',
      description: `A JPEG, PNG, WebP or AVIF picture of at most ${imageLimits.maxBytes / 1024 / 1024} MB and ${imageLimits.maxPixels / 1_000_000} megapixels`,
    }),
  })
  .meta({ id: 'UploadForm' });

const imageRequired = (field: string) => badRequest(messages.imageRequired, { [field]: messages.imageRequired });

/**
 * The bytes of the form's file `field` (`image` unless named). Other parts are read and dropped; an
 * empty file part (a browser form whose file input was left empty sends one) counts as no image.
 */
export const readImageField = async (request: FastifyRequest, field = 'image'): Promise<Buffer> => {
  if (!request.isMultipart()) {
    if (request.headers['content-type']) throw new AppError('unsupported_media_type', uploadMessages.notMultipart);
    throw imageRequired(field);
  }
  let image: Buffer | undefined;
  for await (const part of formParts(request)) {
    if (part.type !== 'file') continue;
    if (part.fieldname === field && !image) {
      const bytes = await part.toBuffer();
      if (bytes.length > 0) image = bytes;
    } else {
      part.file.resume();
    }
  }
  if (!image) throw imageRequired(field);
  return image;
};

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route(
    endpointRoute(apiEndpoints.account.uploadImage, {
      tags: ['uploads'],
      summary: 'Upload a picture (profile photo, listing picture)',
      description:
        'Signed in. A multipart form with one file field `image`. The picture is re-encoded to WebP ' +
        'without any metadata (no EXIF or GPS) and stored under its content hash, with copies 400 and ' +
        '800 px wide at `<url without .webp>-400.webp` and `-800.webp`. Pass the returned `id` where ' +
        'an image id is asked for: a listing or profile takes only pictures its caller uploaded.',
      form: UploadFormSchema,
      errors: [400, 401, 413, 415, 429, 503],
      // Counted and given memory before the body is read; a refused upload costs nothing.
      onRequest: [app.writeLimits.uploads, app.uploadCapacity.reserve],
      handler: async (request, reply) => {
        // The route's auth hook let only someone signed in this far (auth imports this module, not
        // the other way, so the caller is read off the request).
        const uploader = request.user;
        if (!uploader) throw new AppError('unauthorized', messages.unauthorized);
        const image = await readImageField(request);
        return reply.code(201).send(await uploadImage({ db: app.db, storage: app.storage }, uploader.id, image));
      },
    }),
  );
};
