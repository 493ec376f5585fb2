export interface Created {
  type: "created";
  id: string;
}
export interface Deleted {
  type: "deleted";
  id: string;
  reason?: string;
}
export type Change = Created | Deleted;
