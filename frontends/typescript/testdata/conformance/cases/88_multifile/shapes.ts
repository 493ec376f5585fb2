export interface Point {
  x: number;
  y: number;
}
export type Color = "red" | "green";
