export enum Priority {
  Low,
  Medium,
  High,
}
