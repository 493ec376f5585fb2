export type Coord = [lat: number, lng: number];
export type Span = [start: number, end?: number];
