export enum Status {
  Active = "active",
  Disabled = "disabled",
}
export interface Service {
  name: string;
  status: Status;
  previous?: Status;
}
