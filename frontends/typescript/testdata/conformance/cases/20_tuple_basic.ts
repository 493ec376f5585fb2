export type Pair = [string, number];
export type Point3 = [number, number, number];
