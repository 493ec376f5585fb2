export interface LinkedList {
  value: number;
  next?: LinkedList;
}
