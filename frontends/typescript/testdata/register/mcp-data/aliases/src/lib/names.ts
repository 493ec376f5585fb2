export const PREFIX = "lamp";
export const ROOMS = ["hall", "kitchen", "porch"] as const;
