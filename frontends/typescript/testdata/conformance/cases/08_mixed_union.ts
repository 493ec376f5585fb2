export type Scalar = string | number | boolean;
export type Id = string | number;
