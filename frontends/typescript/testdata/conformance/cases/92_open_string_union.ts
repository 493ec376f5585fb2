// `(string & {})` keeps a union open to any string while editors still
// suggest the listed values (the SDKs' model names).
export type Model = 'gpt-4o' | 'gpt-4o-mini' | (string & {});

export type Size = 'small' | 'large' | (number & {});

export interface Params {
  model: Model;
  /** Free text, but these are known. */
  voice?: 'alloy' | 'echo' | (string & {}) | null;
  plain: string & {};
}
