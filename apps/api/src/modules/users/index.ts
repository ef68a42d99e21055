/** The users module's door: the owner of users (accounts) and a person's own profile. */
export {
  addToRatingTotals,
  confirmEmail,
  disableUser,
  findCallerById,
  findUserByEmail,
  findUserById,
  insertUser,
  listIdentityProviders,
  markSellerVerified,
  setPassword,
  updateUser,
  type UserRow,
} from './users.repository.ts';
export { getMe, toMe, updateMe, type UserDeps } from './users.service.ts';
