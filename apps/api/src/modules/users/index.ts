/** The users module's face: accounts' profiles, favourites and contacts, and the staff's users. */

export { marketingHeaders, type UnsubscribeDeps } from './marketing';
export type { NewPerson } from './new-person';
export { unsubscribeRoutes } from './unsubscribe.routes';
export { usersRoutes } from './users.routes';
export {
  anonymise,
  clearTwoFactor,
  contactsOf,
  ensurePeople,
  findLiveUser,
  findSessionUser,
  findUser,
  findUserByEmail,
  giveStaffRole,
  idsMatching,
  keepAnAdmin,
  listStaff,
  listUsers,
  lockStaff,
  membersByRole,
  priceDropRecipients,
  refuseSelf,
  removeFavoritesOfUser,
  shipToOf,
  summariesOf,
  type UserDeps,
  unverifiedOlderThan,
  usernameTaken,
} from './users.service';
