import { thumbnailUrl } from '@/lib/responsive-image';

const sizeClass = { 64: 'size-16', 80: 'size-20' } as const;

/**
 * A phone's square picture beside its details (a table row, the payment page's summary): the 400 px
 * copy when there is one, a few times its shown size, without a srcset (a table of them stays
 * small). Lazy unless `eager` (a picture the page opens with).
 */
export function ProductThumb({
  imageUrl,
  name,
  size = 64,
  eager = false,
}: {
  imageUrl: string;
  name: string;
  size?: keyof typeof sizeClass;
  eager?: boolean;
}) {
  return (
    <img
      src={thumbnailUrl(imageUrl)}
      alt={name}
      width={size}
      height={size}
      loading={eager ? undefined : 'lazy'}
      decoding="async"
      className={`${sizeClass[size]} shrink-0 rounded-lg bg-slate-100 object-cover dark:bg-slate-800`}
    />
  );
}
