export type Prices = Record<"small" | "medium" | "large", number>;
export type Size = "s" | "m";
export type Stock = Record<Size, { count: number }>;
