import { imageLimits, uploadMessages, z } from '@recell/contract';

const acceptedTypes: readonly string[] = imageLimits.acceptedTypes;

/** The `accept` attribute of an image file input. */
export const imageAccept = imageLimits.acceptedTypes.join(',');

/**
 * An image file input's value (its FileList) checked the way the API will check it: the first
 * file, of an accepted type, at most 10 MB. Its output is that file, or undefined when none was
 * chosen and `requiredMessage` is not given. (The server still decodes it; a renamed file that is
 * not an image is refused there.)
 */
export const imageFileSchema = (requiredMessage?: string) =>
  z
    .custom<FileList | null | undefined>((value) => value == null || typeof value === 'object')
    .transform((files): File | undefined => files?.[0] ?? undefined)
    .superRefine((file, ctx) => {
      if (!file) {
        if (requiredMessage) ctx.addIssue({ code: 'custom', message: requiredMessage });
      } else if (file.type && !acceptedTypes.includes(file.type)) {
        ctx.addIssue({ code: 'custom', message: uploadMessages.unsupportedType });
      } else if (file.size > imageLimits.maxBytes) {
        ctx.addIssue({ code: 'custom', message: uploadMessages.tooLarge });
      }
    });
