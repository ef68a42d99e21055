import { messages } from '@recell/contract';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** The spec's 404 page. */
export function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>{`${messages.notFoundTitle} · ReCell`}</title>
      <p className="text-7xl font-black text-teal-700 dark:text-teal-300" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold">{messages.notFoundTitle}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">{messages.notFoundText}</p>
      <Link to={paths.home.to()} className="btn btn-primary mt-8">
        {messages.goHome}
      </Link>
    </section>
  );
}

export default NotFound;
