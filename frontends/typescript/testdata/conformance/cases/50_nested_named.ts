export interface Geo {
  lat: number;
  lng: number;
}
export interface Place {
  name: string;
  geo: Geo;
}
export interface Trip {
  from: Place;
  to: Place;
  stops?: Place[];
}
