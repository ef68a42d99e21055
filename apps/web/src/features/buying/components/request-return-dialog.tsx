import { zodResolver } from '@hookform/resolvers/zod';
import {
  photoMessages,
  RequestReturnSchema,
  returnLimits,
  returnMessages,
  returnTexts as texts,
  type OrderDetails,
} from '@recell/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/ui/form-dialog';
import { fieldOf, TextAreaField } from '@/components/ui/form';
import { PhotoPicker, type PhotoPickerWords } from '@/components/photo-picker/photo-picker';
import { isUploadingPhotos, uploadedPhotoIds, type PickerPhoto } from '@/components/photo-picker/use-photo-uploads';
import { isApiError } from '@/lib/api-client';
import { dialogError } from '@/lib/dialog-send';
import { toast } from '@/lib/toast';
import { useRequestReturn } from '../api/order-returns';

// The reason alone is checked by the form; the photos are the picker's (uploaded, at most 4).
const resolver = zodResolver(RequestReturnSchema.pick({ reason: true }));

const returnPhotoWords: PhotoPickerWords = {
  max: returnLimits.maxPhotos,
  legend: texts.photos,
  hint: texts.photosHint,
  photoAlt: texts.photoAlt,
  count: texts.photoCount,
  limitReached: texts.photosLimitReached,
  someLeftOut: texts.photosLeftOut,
};

/**
 * The buyer asks for a return: why (required), and up to 4 photos of the phone, each uploaded as it
 * is chosen. Sent once every photo has finished uploading; the API's refusal is said inside the
 * dialog (a field's under its field).
 */
export default function RequestReturnDialog({
  order,
  onClose,
  upload,
}: {
  order: Pick<OrderDetails, 'id' | 'product'>;
  onClose: () => void;
  /** How a photo is uploaded; replaceable in tests. */
  upload?: Parameters<typeof PhotoPicker>[0]['upload'];
}) {
  const request = useRequestReturn();
  const form = useForm<{ reason: string }, unknown, { reason: string }>({ resolver, defaultValues: { reason: '' } });
  const [photos, setPhotos] = useState<PickerPhoto[]>([]);
  const [photosError, setPhotosError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    setFailure(null);
    setPhotosError(undefined);
    if (isUploadingPhotos(photos)) {
      setPhotosError(photoMessages.stillUploading);
      return;
    }
    const photoIds = uploadedPhotoIds(photos);
    if (photoIds.length > returnLimits.maxPhotos) {
      setPhotosError(returnMessages.tooManyPhotos);
      return;
    }
    try {
      await request.mutateAsync({ orderId: order.id, body: { reason, photoIds } });
    } catch (error) {
      const message = dialogError(error, form.setError, ['reason']);
      const photoField = isApiError(error) ? error.fields?.photoIds : undefined;
      if (photoField) setPhotosError(photoField);
      else setFailure(message);
      return;
    }
    onClose();
    toast.success(texts.requestedToast);
  });

  return (
    <FormDialog
      title={texts.requestTitle(order.product.name)}
      isBusy={form.formState.isSubmitting}
      failure={failure}
      cancelLabel={texts.cancel}
      submitLabel={texts.submitRequest}
      busyLabel={texts.sendingRequest}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">{texts.requestIntro}</p>
      <TextAreaField
        label={texts.reason}
        rows={4}
        required
        maxLength={returnLimits.reason}
        {...fieldOf(form, 'reason')}
      />
      <PhotoPicker
        value={photos}
        onChange={(next) => {
          setPhotos(next);
          setPhotosError(undefined);
        }}
        error={photosError}
        disabled={form.formState.isSubmitting}
        words={returnPhotoWords}
        ordered={false}
        upload={upload}
      />
    </FormDialog>
  );
}
