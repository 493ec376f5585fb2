export interface Draft {
  title?: string;
  body?: string;
}
export type Final = Required<Draft>;
