export interface HasId {
  id: string;
}
export interface HasTime {
  createdAt: string;
  updatedAt?: string;
}
export interface Record2 extends HasId, HasTime {
  payload: unknown;
}
