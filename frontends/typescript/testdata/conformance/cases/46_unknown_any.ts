export type Anything = any;
export type Mystery = unknown;
export interface Envelope {
  data: unknown;
  meta?: any;
}
