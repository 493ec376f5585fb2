export type Command = [string, ...string[]];
export type Row = [id: number, ...cells: string[]];
