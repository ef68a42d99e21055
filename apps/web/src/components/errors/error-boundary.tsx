import { webTexts } from '@recell/contract';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ChunkLoadError } from '@/lib/load-chunk';

type Props = { children: ReactNode };
type State = { error: Error | null };

/**
 * Catches what a page throws while rendering. A page whose code could not be loaded says so and
 * offers a reload; any other crash shows a short message. (Unknown addresses never get here: the
 * router's catch-all route shows the 404 page.) Give it a `key` per page to reset on navigation.
 * Its texts are web texts: the spec's message catalogue (messages.ts) stays out of the first load.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <p className="text-lg">{error instanceof ChunkLoadError ? webTexts.chunkLoadFailed : webTexts.loadFailed}</p>
        <button
          type="button"
          className="btn btn-primary mt-8"
          onClick={() => {
            window.location.reload();
          }}
        >
          {webTexts.reload}
        </button>
      </section>
    );
  }
}
