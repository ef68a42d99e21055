/** The wishlist module's door: phones a person keeps an eye on. */
export { wishlistRoutes } from './wishlist.routes.ts';
