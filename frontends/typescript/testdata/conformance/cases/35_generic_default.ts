export interface Page<T = string> {
  items: T[];
  next?: string;
}
export type DefaultPage = Page;
export type NumberPage = Page<number>;
