export type Tags = string[];
export type Matrix = number[][];
export interface Post {
  tags: string[];
}
