export type Env = Record<string, string>;
export interface Config {
  flags: Record<string, boolean>;
}
