import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False in the prerendered HTML and while React takes it over, true from then on. A form's submit
 * button stays disabled until then: pressed earlier, the browser would submit the form itself,
 * putting what was typed (a password, a message) in the page's address.
 */
export const useIsHydrated = () =>
  useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
