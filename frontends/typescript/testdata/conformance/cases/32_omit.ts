export interface Secretive {
  id: string;
  password: string;
  token: string;
  label?: string;
}
export type Public = Omit<Secretive, "password" | "token">;
export type NoLabel = Omit<Secretive, "label">;
