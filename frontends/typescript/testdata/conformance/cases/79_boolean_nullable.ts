export type Flag = boolean | null;
export interface Toggle {
  on: boolean | null;
}
