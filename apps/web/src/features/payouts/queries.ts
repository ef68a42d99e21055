// What route loaders start while a page's code downloads (see catalogue/queries.ts).
export { myPayoutsQuery } from './api/get-my-payouts';
