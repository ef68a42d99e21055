/**
 * A person's round photo; their initial on a coloured disc when they have none (a first social
 * sign-in has no photo). `alt` names the person; leave it empty where a text next to it does.
 */
export function Avatar({
  name,
  imageUrl,
  alt,
  className = 'size-7',
}: {
  name: string;
  imageUrl: string | null;
  alt: string;
  className?: string;
}) {
  if (imageUrl) return <img src={imageUrl} alt={alt} className={`${className} rounded-full object-cover`} />;
  return (
    <span
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      className={`${className} flex items-center justify-center rounded-full bg-teal-700 font-semibold text-white uppercase`}
    >
      {name.trim().charAt(0)}
    </span>
  );
}
