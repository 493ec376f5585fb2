export interface Mutable {
  a: string;
  b?: number;
}
export type Locked = Readonly<Mutable>;
