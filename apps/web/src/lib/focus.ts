import { useEffect, useRef, type RefObject } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

/** Nothing has the focus: it fell to the page (the element that had it went, or was disabled). */
export const isFocusLost = () => document.activeElement === null || document.activeElement === document.body;

/** What holds a control and says what it is about: a table cell, a row, a list item, a section. */
const returnPlaces = 'td, th, [role="cell"], tr, [role="row"], li, section, [role="region"], main';

/** How long a returned focus watches for its element to go (a list that reloads after the change). */
const removalWatchMs = 10_000;

/** Calls `onRemoved` once `element` leaves the page within `removalWatchMs`. */
const watchForRemoval = (element: HTMLElement, onRemoved: () => void) => {
  const observer = new MutationObserver(() => {
    if (element.isConnected) return;
    stop();
    onRemoved();
  });
  const timer = setTimeout(() => {
    stop();
  }, removalWatchMs);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
};

/**
 * Where the focus goes back to once what took it (a dialog) is gone: `opener`, the element that had
 * it, while it is still on the page and can take it. When the change takes the opener away (at once,
 * or when the list reloads a moment later: Mark shipped gives way to "Shipped"), the nearest of its
 * containers still there (its table cell, row, list item or section) takes the focus as a whole,
 * so a person goes on from the place they were, where the replacement or the new status now is;
 * unless the page has put the focus somewhere meanwhile (the control that replaced the opener).
 * Remember it before the change; call what it returns after.
 */
export function rememberFocusReturn(opener: Element | null): () => void {
  const places: HTMLElement[] = [];
  for (let element = opener?.parentElement; element; element = element.parentElement) {
    if (element.matches(returnPlaces)) places.push(element);
  }
  const focusPlace = () => {
    const place = places.find((element) => element.isConnected);
    if (!place) return;
    if (!place.hasAttribute('tabindex')) place.tabIndex = -1;
    place.focus();
  };
  // After the page's own effects had their turn (the next frame), and only if the focus is still lost.
  const focusPlaceIfLost = () => {
    requestAnimationFrame(() => {
      setTimeout(() => {
        // The page may be gone by then (closed, or a test's document torn down).
        if (typeof document !== 'undefined' && isFocusLost()) focusPlace();
      }, 0);
    });
  };
  return () => {
    if (opener instanceof HTMLElement && opener.isConnected && !opener.matches(':disabled')) {
      opener.focus();
      watchForRemoval(opener, focusPlaceIfLost);
      return;
    }
    focusPlaceIfLost();
  };
}

/**
 * Focus for a page's heading (give it `tabIndex={-1}`): after a move within the app (a link, a
 * redirect) that left the focus nowhere, the heading gets it, so keyboard and screen-reader users
 * go on from where they now are. A first load and Back/Forward keep the browser's own behaviour;
 * focus the person put somewhere that is still there stays.
 */
export function useFocusOnArrival<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const navigationType = useNavigationType();
  const { key } = useLocation();
  useEffect(() => {
    if (navigationType === NavigationType.Pop || !isFocusLost()) return;
    ref.current?.focus({ preventScroll: true });
  }, [navigationType, key]);
  return ref;
}

/**
 * 'Load more' that takes the focus to the first item it brought (the last page takes the button
 * away, which would leave the focus nowhere). Call `willLoad()` as it is pressed; once the list in
 * `listRef` holds more than `count` items (found by `itemSelector`), the first new one gets the
 * focus, unless the person has moved it elsewhere meanwhile, and `announce` gets how many came.
 */
export function useFocusFirstNew({
  listRef,
  count,
  itemSelector,
  announce,
}: {
  listRef: RefObject<HTMLElement | null>;
  count: number;
  itemSelector: string;
  announce?: (added: number) => void;
}) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const loadingFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = loadingFrom.current;
    if (from === null || count <= from) return;
    loadingFrom.current = null;
    announce?.(count - from);
    if (!isFocusLost() && document.activeElement !== buttonRef.current) return;
    const item = listRef.current?.querySelectorAll<HTMLElement>(itemSelector)[from];
    if (!item) return;
    item.tabIndex = -1;
    item.focus();
  }, [listRef, count, itemSelector, announce]);
  const willLoad = () => {
    loadingFrom.current = count;
  };
  return { buttonRef, willLoad };
}
