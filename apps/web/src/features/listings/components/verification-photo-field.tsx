import { imageLimits, listingReviewTexts } from '@recell/contract';
import { useState, type Ref } from 'react';
import { FileField } from '@/components/ui/form';
import { isApiError } from '@/lib/api-client';
import { useUploadVerificationPhoto } from '../api/listing-code';

/** What Add Product knows of the verification photo: the code, and whether its photo is in. */
export type Verification = { code: string; hasPhoto: boolean };

/**
 * Listing review on Add Product: the code issued for this listing, and the photo of the phone beside
 * a paper with the code written on it, uploaded at once (privately: only admins see it).
 */
export function VerificationPhotoField({
  code,
  error,
  onUploaded,
  inputRef,
}: {
  code: string;
  /** The form's message about the photo (missing, or the API's refusal). */
  error: string | undefined;
  onUploaded: () => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const upload = useUploadVerificationPhoto();
  const [failure, setFailure] = useState<string | undefined>();
  const [isUploaded, setIsUploaded] = useState(false);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    setFailure(undefined);
    setIsUploaded(false);
    upload.mutate(
      { code, file },
      {
        onSuccess: () => {
          setIsUploaded(true);
          onUploaded();
        },
        onError: (problem) => setFailure(isApiError(problem) ? problem.message : listingReviewTexts.codeFailed),
      },
    );
  };

  return (
    <fieldset className="rounded-lg border border-slate-300 p-4 sm:col-span-2 dark:border-slate-600">
      <legend className="px-1 font-semibold">{listingReviewTexts.photoHeading}</legend>
      <p>{listingReviewTexts.photoIntro(code)}</p>
      <p className="mt-2">
        {listingReviewTexts.codeLabel}{' '}
        <strong className="font-mono text-2xl tracking-widest" data-testid="listing-code">
          {code}
        </strong>
      </p>
      <div className="mt-3">
        <FileField
          label={listingReviewTexts.photoLabel}
          hint={listingReviewTexts.photoHint}
          error={failure ?? error}
          accept={imageLimits.acceptedTypes.join(',')}
          ref={inputRef}
          onChange={(event) => onFile(event.currentTarget.files?.[0])}
        />
      </div>
      <p role="status" className="mt-2 text-sm">
        {upload.isPending ? listingReviewTexts.photoUploading : isUploaded ? listingReviewTexts.photoUploaded : ''}
      </p>
    </fieldset>
  );
}
