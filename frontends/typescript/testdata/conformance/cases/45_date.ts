export interface Event {
  at: Date;
  until?: Date;
}
export type When = Date;
