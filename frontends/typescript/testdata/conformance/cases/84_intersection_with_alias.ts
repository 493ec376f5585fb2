export interface Timestamps {
  created: Date;
}
export type Note = { text: string } & Timestamps;
export type Tagged = Note & { tags: string[] };
