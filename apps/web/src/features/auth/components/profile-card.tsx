import { zodResolver } from '@hookform/resolvers/zod';
import { accountTexts, NameSchema, UpdateMeSchema, webTexts, z, type Me } from '@recell/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Avatar } from '@/components/ui/avatar';
import { fieldOf, FileField, TextField, UploadProgress } from '@/components/ui/form';
import { uploadImage } from '@/lib/api-client';
import { showFormError } from '@/lib/form-errors';
import { imageAccept, imageFileSchema } from '@/lib/image-file';
import { updateSessionUser } from '@/lib/session';
import { toast } from '@/lib/toast';
import { updateMe } from '../api/update-me';

const ProfileFormSchema = z.object({ name: NameSchema, image: imageFileSchema() });
type ProfileFormInput = z.input<typeof ProfileFormSchema>;
type ProfileForm = z.output<typeof ProfileFormSchema>;

/**
 * The signed-in user's account: photo, name, email and role, and a form to change the name and the
 * photo. A new photo is uploaded first (POST /api/uploads, with progress), then PATCH /api/me takes
 * its id; the header and the dashboard show the change at once.
 */
export function ProfileCard({ user }: { user: Me }) {
  const [sent, setSent] = useState<number | null>(null);
  const form = useForm<ProfileFormInput, unknown, ProfileForm>({
    resolver: zodResolver(ProfileFormSchema),
    defaultValues: { name: user.name },
  });
  const {
    handleSubmit,
    setError,
    reset,
    formState: { isSubmitting },
  } = form;

  const onSubmit = async ({ name, image }: ProfileForm) => {
    try {
      let imageId: string | undefined;
      if (image) {
        setSent(0);
        imageId = (await uploadImage(image, setSent)).id;
      }
      const me = await updateMe(UpdateMeSchema.parse({ name, imageId }));
      updateSessionUser(me);
      toast.success(accountTexts.profileSaved);
      reset({ name: me.name, image: undefined });
    } catch (error) {
      showFormError(error, setError, ['name', 'image']);
    } finally {
      setSent(null);
    }
  };

  return (
    <div className="mt-8 grid gap-10 md:grid-cols-[16rem_1fr]">
      <section
        aria-labelledby="profile-name"
        className="flex flex-col items-center text-center md:items-start md:text-left"
      >
        <Avatar name={user.name} imageUrl={user.imageUrl} alt={user.name} className="size-32 text-5xl" />
        <h2 id="profile-name" className="mt-4 text-2xl font-bold break-words">
          {user.name}
        </h2>
        <dl className="mt-3 space-y-2 text-sm">
          <div>
            <dt className="font-medium text-slate-600 dark:text-slate-400">{accountTexts.email}</dt>
            <dd className="break-all">{user.email}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600 dark:text-slate-400">{accountTexts.role}</dt>
            <dd>
              {accountTexts.roleNames[user.role]}
              {user.role === 'seller' && user.isVerified && ` · ${webTexts.verifiedSeller}`}
            </dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="profile-edit">
        <h2 id="profile-edit" className="text-xl font-semibold">
          {accountTexts.editProfile}
        </h2>
        <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="mt-4 max-w-md space-y-5">
          <TextField label={accountTexts.fullName} autoComplete="name" {...fieldOf(form, 'name')} />
          <FileField
            label={accountTexts.newPhoto}
            hint={accountTexts.photoHint}
            accept={imageAccept}
            {...fieldOf(form, 'image')}
          />
          {sent !== null && <UploadProgress sent={sent} label={accountTexts.uploading(Math.round(sent * 100))} />}
          <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
            {accountTexts.saveProfile}
          </button>
        </form>
      </section>
    </div>
  );
}
