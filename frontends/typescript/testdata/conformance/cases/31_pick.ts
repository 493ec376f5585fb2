export interface Account {
  id: string;
  owner: string;
  balance: number;
  note?: string;
}
export type AccountRef = Pick<Account, "id" | "owner">;
export type AccountNote = Pick<Account, "note">;
