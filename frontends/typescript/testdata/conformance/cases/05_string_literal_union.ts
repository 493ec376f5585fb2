export type Unit = "celsius" | "fahrenheit" | "kelvin";
export interface Reading {
  unit: "c" | "f";
}
