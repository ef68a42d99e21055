import { webTexts, type Category } from '@recell/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function CategoryCard({ category }: { category: Category }) {
  const brandId = useId();
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <img
        src={category.imageUrl}
        alt={category.brand}
        width={600}
        height={400}
        loading="lazy"
        decoding="async"
        className="aspect-[3/2] w-full bg-slate-100 object-cover dark:bg-slate-800"
      />
      <div className="flex items-center justify-between gap-3 p-4">
        <h3 id={brandId} className="text-xl font-bold">
          {category.brand}
        </h3>
        <Link to={paths.category.to(category.id)} className="btn btn-primary" aria-describedby={brandId}>
          {webTexts.seeAll}
        </Link>
      </div>
    </article>
  );
}
