/** What an admin is told when asking whether they are one (anyone else never reaches it: the path answers 404). */
export const adminAccess = () => ({ admin: true as const });
