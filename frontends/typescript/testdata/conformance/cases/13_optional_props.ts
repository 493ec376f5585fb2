export interface Options {
  verbose?: boolean;
  limit?: number;
  query: string;
}
