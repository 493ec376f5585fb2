export const enum Direction {
  Up = "UP",
  Down = "DOWN",
}
