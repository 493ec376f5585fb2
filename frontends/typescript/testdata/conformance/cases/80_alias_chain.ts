export type Id = string;
export type UserId = Id;
export interface Ref {
  user: UserId;
}
