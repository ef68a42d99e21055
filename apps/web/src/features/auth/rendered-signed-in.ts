import { createContext } from 'react';

/**
 * True on a page the server rendered, with its data, for someone signed in (its request carried the
 * signed-in hint): while the session loads, RequireAuth keeps that page instead of a spinner. The
 * session then decides, as on any page: a visitor whose hint outlived the session goes to log in.
 */
export const RenderedSignedInContext = createContext(false);
