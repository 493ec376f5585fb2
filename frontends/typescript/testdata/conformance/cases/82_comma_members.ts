export type Commas = { a: string, b?: number, c: boolean };
export interface Mixed { x: string, y: number; z: boolean }
