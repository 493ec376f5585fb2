export type MaybeString = string | null;
export interface Person {
  name: string;
  nickname: string | null;
  age: number | null;
}
