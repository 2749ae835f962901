/** Someone registered without a way to sign in (the seed's customers): an e-mail, a username, when they joined. */
export interface NewPerson {
  email: string;
  username: string;
  createdAt?: Date;
}
