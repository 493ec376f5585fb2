export type Choice = "yes" | "no" | null;
