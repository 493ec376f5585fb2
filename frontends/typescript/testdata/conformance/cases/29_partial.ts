export interface User {
  id: string;
  email: string;
  age?: number;
}
export type UserUpdate = Partial<User>;
