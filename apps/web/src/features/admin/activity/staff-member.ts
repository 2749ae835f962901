/** A staff member as the activity names them. */
export interface StaffMember {
  _id: string;
  username: string;
  email: string;
}

/** Who did it: the username, else the e-mail, else (an account deleted since) a former staff member. */
export const staffName = (member: Pick<StaffMember, 'username' | 'email'>) =>
  member.username || member.email || 'A former staff member';
