import { messages, webTexts } from '@recell/contract';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ChunkLoadError } from '@/lib/load-chunk';
import { NotFound } from './not-found';

function Problem({ text }: { text: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" role="alert">
      <p className="text-lg">{text}</p>
      <button type="button" className="btn btn-primary mt-8" onClick={() => window.location.reload()}>
        {webTexts.reload}
      </button>
    </section>
  );
}

/**
 * A route's error element. Routing errors (no such page, a 404 from a loader) show the spec's
 * 404 page; a page whose code could not be loaded says so; any other crash shows a short message.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) return <NotFound />;
  if (error instanceof ChunkLoadError) return <Problem text={webTexts.chunkLoadFailed} />;
  return <Problem text={messages.internalError} />;
}
