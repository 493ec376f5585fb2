export type Str = string;
export type Num = number;
export type Bool = boolean;
export type Nul = null;
