export interface Base {
  id: string;
}
export interface Derived extends Base {
  name: string;
}
