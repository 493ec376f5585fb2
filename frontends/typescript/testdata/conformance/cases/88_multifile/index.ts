import { Point, Color } from "./shapes";

export interface Canvas {
  origin: Point;
  background: Color;
  points: Point[];
}
