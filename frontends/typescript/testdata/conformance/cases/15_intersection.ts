export interface Named {
  name: string;
}
export interface Aged {
  age: number;
}
export type NamedAndAged = Named & Aged;
