export type Level = 1 | 2 | 3;
export type Sign = -1 | 0 | 1;
