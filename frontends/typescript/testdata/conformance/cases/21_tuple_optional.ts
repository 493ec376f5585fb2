export type Range = [number, number?];
export type Triple = [string, number?, boolean?];
